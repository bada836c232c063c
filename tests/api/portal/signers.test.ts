import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";
import { pdfsig } from "../../helpers/pdfsig";
import { heldToken } from "../../helpers/portal-client";
import { joinAs } from "../../helpers/roles";

setDefaultTimeout(60_000);

/**
 * Engagements signed by everyone they bind (issue 47, ADR 297): counsel and the client sign in order, each in
 * their own session by their own link; the firm countersigns last; a signer may decline; a waiting signer is
 * reminded and an unsigned letter expires, on the firm's calendar.
 */
const API = "/api/admin/submissions";
// Wednesday 25 November 2026, 10:00 in New York: Thanksgiving is the next day, then a weekend.
const clock = { at: new Date("2026-11-25T15:00:00.000Z") };
const t = makeTestApp({ ...NEW_YORK_DESK, HOLIDAYS: "US", TRUST_PROXY: "1" }, { now: () => clock.at });
const root = t.app.decorator.root;
const COUNSEL = { role: "counsel", name: "Dana Whitfield" };
const CLIENT = { role: "client", name: "Harlan Reyes", email: "harlan@reyes.example" };
const DRAFT = {
  scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};

let owner = "";
let staff = "";
beforeAll(async () => {
  owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
  staff = (await joinAs(t.request, owner, { username: "sam", email: "sam@tracewell.example", role: "staff" }))
    .cookie;
});

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
type Signing = {
  status: string;
  signers: { name: string; role: string; signedAt: string | null; waiting: boolean; email: string }[];
  declined: { by: string; reason: string } | null;
  expiresAt: string | null;
};
const engagementOf = async (id: number) =>
  (
    await json<{ engagement: { status: string; signing: Signing } }>(
      t.request(`${API}/${id}/engagement`, withCookie(owner)),
    )
  ).engagement;
const engagementIdOf = (submissionId: number) =>
  (t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(submissionId) as { id: number }).id;

/** An attorney's request with counsel first and the client after, sent. */
async function sentLetter(draft: Record<string, unknown> = {}, signers: unknown[] = [COUNSEL, CLIENT]) {
  const submission = await fileIntake(t, clock.at, {
    role: "attorney",
    name: COUNSEL.name,
    firm: "Whitfield & Moss LLP",
    email: `dana.${Math.random().toString(36).slice(2)}@whitfieldmoss${Math.random().toString(36).slice(2, 6)}.example`,
  });
  const base = `${API}/${submission.id}/engagement`;
  const saved = await t.request(
    base,
    withCookie(owner, { ...post({ ...DRAFT, signers, ...draft }), method: "PUT" }),
  );
  expect(saved.status).toBe(200);
  expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
  return { submission, base, engagementId: engagementIdOf(submission.id) };
}

/** The newest link's signer and a session opened with it. */
async function open(engagementId: number) {
  const token = heldToken(t, engagementId);
  const res = await t.request("/api/portal/session", post({ token }));
  expect(res.status).toBe(200);
  return cookieOf(res);
}
const letterHash = async (cookie: string) =>
  sha(new Uint8Array(await (await t.request("/api/portal/letter.pdf", withCookie(cookie))).arrayBuffer()));
async function consentAndSign(cookie: string, fullName: string) {
  expect((await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })))).status).toBe(
    200,
  );
  return t.request(
    "/api/portal/sign",
    withCookie(cookie, post({ fullName, agree: true, letterSha256: await letterHash(cookie) })),
  );
}
const outboxKinds = (submissionId: number) =>
  (
    t.db.query("SELECT kind FROM mail_outbox WHERE submission_id = ? ORDER BY id").all(submissionId) as {
      kind: string;
    }[]
  ).map((r) => r.kind);

describe("the parties of an engagement", () => {
  test("the draft takes signers in order and copies; a bad entry is a 422 at its field", async () => {
    const submission = await fileIntake(t, clock.at, {
      role: "attorney",
      email: "counsel@harborlaw.example",
    });
    const put = (body: unknown) =>
      t.request(`${API}/${submission.id}/engagement`, withCookie(owner, { ...post(body), method: "PUT" }));
    const bad = await put({ ...DRAFT, signers: [{ role: "judge", name: "X Y" }], cc: ["not an address"] });
    expect(bad.status).toBe(422);
    const saved = await json<{ engagement: { signing: Signing & { cc: string[] } } }>(
      put({ ...DRAFT, signers: [COUNSEL, CLIENT], cc: ["paralegal@whitfieldmoss.example"] }),
    );
    expect(saved.engagement.signing.signers.map((s) => [s.role, s.name])).toEqual([
      ["counsel", "Dana Whitfield"],
      ["client", "Harlan Reyes"],
    ]);
    // The entry without an address is the requester, at the request's own address.
    expect(saved.engagement.signing.signers[0]?.email).toBe("counsel@harborlaw.example");
    expect(saved.engagement.signing.cc).toEqual(["paralegal@whitfieldmoss.example"]);
  });

  test("the letter names counsel and the client by role, and tells neither what the other does", async () => {
    const { submission } = await sentLetter();
    const pdf = new Uint8Array(
      await (
        await t.request(`${API}/${submission.id}/engagement/letter.pdf`, withCookie(owner))
      ).arrayBuffer(),
    );
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain("Client Harlan Reyes");
    expect(text).toContain("Dana Whitfield, Whitfield & Moss LLP");
    expect(text).toContain('at the direction of the counsel named above ("counsel")');
    expect(text).not.toContain("Client Dana Whitfield");
    expect(text).not.toContain("Please read it with your attorney");
    expect(text).toContain("Signature Counsel");
    expect(text).toContain("Signature Client");
  });
});

describe("signing in order", () => {
  test("counsel signs first, then the client by a link of their own; each session acts for its signer only", async () => {
    const { submission, base, engagementId } = await sentLetter();
    // Only counsel was mailed: the first signer.
    expect((await engagementOf(submission.id)).signing.signers.map((s) => s.waiting)).toEqual([true, false]);
    const counsel = await open(engagementId);
    // Counsel's session cannot sign in the client's name.
    expect(
      (await t.request("/api/portal/consent", withCookie(counsel, post({ consent: true })))).status,
    ).toBe(200);
    const asClient = await t.request(
      "/api/portal/sign",
      withCookie(
        counsel,
        post({ fullName: CLIENT.name, agree: true, letterSha256: await letterHash(counsel) }),
      ),
    );
    expect(asClient.status).toBe(422);
    expect(((await asClient.json()) as { errors: { fullName: string[] } }).errors.fullName[0]).toBe(
      `Type your full name as it appears on the letter: ${COUNSEL.name}`,
    );
    const signed = await consentAndSign(counsel, COUNSEL.name);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ complete: false, sha256: null });
    // Counsel's session cannot sign again (nor for the client, whose turn it now is).
    const again = await t.request(
      "/api/portal/sign",
      withCookie(
        counsel,
        post({ fullName: COUNSEL.name, agree: true, letterSha256: await letterHash(counsel) }),
      ),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain("You have signed this letter");
    const waiting = await engagementOf(submission.id);
    expect(waiting.status).toBe("sent");
    expect(waiting.signing.signers.map((s) => [s.name, Boolean(s.signedAt), s.waiting])).toEqual([
      ["Dana Whitfield", true, false],
      ["Harlan Reyes", false, true],
    ]);
    // The client's link, mailed when counsel signed, opens a session that is the client's, and says so at once.
    const opening = await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) }));
    expect(opening.status).toBe(200);
    expect(((await opening.json()) as { engagement: { you: { name: string } } }).engagement.you.name).toBe(
      CLIENT.name,
    );
    const client = cookieOf(opening);
    const view = await json<{ engagement: { you: { name: string; role: string } } }>(
      t.request("/api/portal", withCookie(client)),
    );
    expect(view.engagement.you).toMatchObject({ name: CLIENT.name, role: "client" });
    const done = await consentAndSign(client, CLIENT.name);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ complete: true });
    const signedView = await engagementOf(submission.id);
    expect(signedView.status).toBe("signed");
    // The fee is owed and the sealed letter mailed to each party, once.
    expect(outboxKinds(submission.id)).toEqual(
      expect.arrayContaining(["portal-signed-client", "portal-signed-party", "portal-signed-desk"]),
    );
    const sealed = new Uint8Array(
      await (await t.request(`${base}/letter.pdf`, withCookie(owner))).arrayBuffer(),
    );
    expect(pdfsig(sealed)).toContain("Signature is Valid");
    const text = pdfText(sealed).replace(/\s+/g, " ");
    expect(text).toContain("Signers, in the order they signed");
    expect(text.indexOf("1. Dana Whitfield, Counsel")).toBeLessThan(text.indexOf("2. Harlan Reyes, Client"));
    expect(text).toContain("Timestamp: none: no time-stamping authority is configured");
  });

  test("a later signer's session, opened before their turn, is refused with who signs first (409)", async () => {
    // The client is the requester here; counsel, named with an address, signs first.
    const { engagementId } = await sentLetter({}, [
      { role: "counsel", name: "Mira Okafor", email: "mira@okafor.example" },
      { role: "client", name: COUNSEL.name },
    ]);
    // The requester asks for a fresh link by the request's address: it is their own, not counsel's.
    const sub = t.db.query("SELECT submission_id AS id FROM engagements WHERE id = ?").get(engagementId) as {
      id: number;
    };
    const view = await engagementOf(sub.id);
    const address = view.signing.signers[1]?.email ?? "";
    expect((await t.request("/api/portal/link", post({ email: address }))).status).toBe(202);
    const requester = await open(engagementId);
    const early = await consentAndSign(requester, COUNSEL.name);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe(
      "It is not your turn to sign yet: Mira Okafor (counsel) signs first, and we email you a link as soon as they have.",
    );
  });
});

describe("the firm's countersignature", () => {
  test("waits for an owner once every party signed; staff may not give it; then sealed and mailed to all", async () => {
    const { submission, base, engagementId } = await sentLetter({
      countersign: true,
      cc: ["paralegal@whitfieldmoss.example"],
    });
    expect((await consentAndSign(await open(engagementId), COUNSEL.name)).status).toBe(200);
    // Before every party signed, there is nothing to countersign.
    const early = await t.request(`${base}/countersign`, withCookie(owner, post()));
    expect(early.status).toBe(409);
    const client = await open(engagementId);
    expect((await consentAndSign(client, CLIENT.name)).status).toBe(200);
    const waiting = await engagementOf(submission.id);
    expect(waiting.signing.status).toBe("awaiting-countersignature");
    // Both answers say it as the engagement's status (ADR 305): not signed yet, and nothing is due.
    expect(waiting.status).toBe("awaiting-countersignature");
    const portal = await json<{ engagement: { status: string; signedAt: string | null; payment: unknown } }>(
      t.request("/api/portal", withCookie(client)),
    );
    expect(portal.engagement).toMatchObject({
      status: "awaiting-countersignature",
      signedAt: null,
      payment: null,
    });
    const fees = () =>
      (
        t.db
          .query("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ? AND kind = 'fee'")
          .get(engagementId) as { n: number }
      ).n;
    expect(fees()).toBe(0);
    expect(outboxKinds(submission.id)).toContain("portal-countersign-desk");
    // No fee before the firm signed.
    expect(outboxKinds(submission.id)).not.toContain("portal-signed-party");
    const byStaff = await t.request(`${base}/countersign`, withCookie(staff, post()));
    expect(byStaff.status).toBe(403);
    const byOwner = await t.request(`${base}/countersign`, withCookie(owner, post()));
    expect(byOwner.status).toBe(200);
    expect((await engagementOf(submission.id)).status).toBe("signed");
    expect(fees()).toBe(1);
    expect(
      (await json<{ engagement: { status: string } }>(t.request("/api/portal", withCookie(client))))
        .engagement.status,
    ).toBe("signed");
    expect(outboxKinds(submission.id)).toEqual(
      expect.arrayContaining(["portal-signed-client", "portal-signed-party", "portal-signed-cc"]),
    );
    const sealed = new Uint8Array(
      await (await t.request(`${base}/letter.pdf`, withCookie(owner))).arrayBuffer(),
    );
    expect(pdfsig(sealed)).toContain("Signature is Valid");
    const text = pdfText(sealed).replace(/\s+/g, " ");
    expect(text).toContain("Countersignature for Tracewell");
    expect(text).toContain(`Signed in to the firm's desk as ${DESK_OWNER.username}, an owner`);
    expect(text).toContain("Countersigned for the firm");
    if (process.env.CERTIFICATE_OUT) await Bun.write(process.env.CERTIFICATE_OUT, pdfText(sealed));
  });
});

describe("two at once", () => {
  test("the countersignature pressed twice at the same instant is given once: one event, one fee, one sealed letter, one mail each", async () => {
    const { submission, base, engagementId } = await sentLetter({ countersign: true });
    expect((await consentAndSign(await open(engagementId), COUNSEL.name)).status).toBe(200);
    expect((await consentAndSign(await open(engagementId), CLIENT.name)).status).toBe(200);
    const countersign = () => t.request(`${base}/countersign`, withCookie(owner, post()));
    const answers = await Promise.all([countersign(), countersign()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const count = (sql: string) => (t.db.query(sql).get(engagementId) as { n: number }).n;
    expect(
      count("SELECT count(*) AS n FROM engagement_events WHERE engagement_id = ? AND kind = 'countersigned'"),
    ).toBe(1);
    expect(count("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ? AND kind = 'fee'")).toBe(
      1,
    );
    const kinds = outboxKinds(submission.id);
    expect(kinds.filter((k) => k === "portal-signed-client")).toHaveLength(1);
    expect(kinds.filter((k) => k === "portal-signed-party")).toHaveLength(1);
    const sealed = new Uint8Array(
      await (await t.request(`${base}/letter.pdf`, withCookie(owner))).arrayBuffer(),
    );
    expect(pdfsig(sealed)).toContain("Signature is Valid");
    expect(pdfText(sealed).split("Countersignature for Tracewell")).toHaveLength(2);
  });

  test("the last signature and a decline sent at the same instant: one of them ends the round, never both", async () => {
    const { submission, engagementId } = await sentLetter();
    expect((await consentAndSign(await open(engagementId), COUNSEL.name)).status).toBe(200);
    const client = await open(engagementId);
    await t.request("/api/portal/consent", withCookie(client, post({ consent: true })));
    const [signed, declined] = await Promise.all([
      consentAndSign(client, CLIENT.name).catch(() => null),
      t.request(
        "/api/portal/decline",
        withCookie(client, post({ reason: "The fee is not what we agreed." })),
      ),
    ]);
    const statuses = [signed?.status ?? 0, declined.status];
    // Exactly one succeeded.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const e = await engagementOf(submission.id);
    if (declined.status === 200) {
      expect(e.signing.declined?.reason).toBe("The fee is not what we agreed.");
      expect(e.status).not.toBe("signed");
    } else {
      expect(e.status).toBe("signed");
      expect(e.signing.declined).toBeNull();
    }
  });
});

describe("declining", () => {
  test("a signer declines with a reason: the round ends, links stop, the desk and the other party are told", async () => {
    const { submission, base, engagementId } = await sentLetter();
    const counsel = await open(engagementId);
    const empty = await t.request("/api/portal/decline", withCookie(counsel, post({ reason: "" })));
    expect(empty.status).toBe(422);
    const long = await t.request(
      "/api/portal/decline",
      withCookie(counsel, post({ reason: "x".repeat(1001) })),
    );
    expect(long.status).toBe(422);
    // A fresh link sent before the decline: it opens nothing after it.
    expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
    const token = heldToken(t, engagementId);
    const declined = await t.request(
      "/api/portal/decline",
      withCookie(counsel, post({ reason: "The scope leaves out the Delaware entities." })),
    );
    expect(declined.status).toBe(200);
    const view = await engagementOf(submission.id);
    expect(view.signing.status).toBe("declined");
    expect(view.signing.declined).toEqual(
      expect.objectContaining({
        by: "Dana Whitfield (counsel)",
        reason: "The scope leaves out the Delaware entities.",
      }),
    );
    expect(outboxKinds(submission.id)).toEqual(
      expect.arrayContaining(["portal-declined-desk", "portal-declined-party"]),
    );
    const reopened = await t.request("/api/portal/session", post({ token }));
    expect(reopened.status).toBe(409);
    const signing = await consentAndSign(counsel, COUNSEL.name).catch(() => null);
    expect(signing).toBeNull();
    // A new link is refused until staff withdraw and change it.
    const resend = await t.request(`${base}/send`, withCookie(owner, post()));
    expect(resend.status).toBe(409);
    expect((await t.request(`${base}/withdraw`, withCookie(owner, post()))).status).toBe(200);
    expect((await engagementOf(submission.id)).signing.status).toBe("draft");
  });
});

describe("reminders and expiry on the firm's calendar", () => {
  test("reminded after three days, across Thanksgiving and a weekend, once a run; expired after thirty", async () => {
    clock.at = new Date("2026-11-25T15:00:00.000Z");
    const { submission, base, engagementId } = await sentLetter();
    const jobs = root.portal.jobs;
    const reminders = () => outboxKinds(submission.id).filter((k) => k === "portal-reminder").length;
    // Thanksgiving (Thursday) and Friday: not three days yet.
    for (const at of ["2026-11-26T15:00:00.000Z", "2026-11-27T23:00:00.000Z"]) {
      jobs.runNow(new Date(at));
      expect(reminders()).toBe(0);
    }
    // Saturday, three of the firm's days after sending: reminded, with a fresh link; twice in a day, once.
    jobs.runNow(new Date("2026-11-28T14:00:00.000Z"));
    jobs.runNow(new Date("2026-11-28T20:00:00.000Z"));
    expect(reminders()).toBe(1);
    // And again three days later.
    jobs.runNow(new Date("2026-12-01T14:00:00.000Z"));
    expect(reminders()).toBe(2);
    const view = await engagementOf(submission.id);
    expect(view.signing.expiresAt).toBe("2026-12-25T05:00:00.000Z");
    const token = heldToken(t, engagementId);
    // The evening before its thirtieth day it still runs; from that day's first minute (Christmas) it expires.
    jobs.runNow(new Date("2026-12-25T04:59:00.000Z"));
    expect((await engagementOf(submission.id)).signing.status).toBe("waiting");
    jobs.runNow(new Date("2026-12-25T05:01:00.000Z"));
    jobs.runNow(new Date("2026-12-25T06:01:00.000Z"));
    expect((await engagementOf(submission.id)).signing.status).toBe("expired");
    expect(outboxKinds(submission.id).filter((k) => k === "portal-expired-desk")).toHaveLength(1);
    clock.at = new Date("2026-12-26T15:00:00.000Z");
    owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
    const refused = await t.request("/api/portal/session", post({ token }));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("Ask the firm to send it again");
    // Sent again: a new period of thirty days, counsel waiting again.
    expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
    const again = await engagementOf(submission.id);
    expect(again.signing.status).toBe("waiting");
    expect(again.signing.expiresAt).toBe("2027-01-25T05:00:00.000Z");
  });
});
