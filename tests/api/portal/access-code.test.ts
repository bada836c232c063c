import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";
import { heldToken } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * The access code the firm tells a signer by phone (issue 47, ADR 305): the portal asks for it before a link of
 * theirs opens the letter; five wrong codes lock that link, the desk sees it locked and sends a new one; only a
 * hash of the code is stored; the certificate of completion says the code was asked of that signer.
 */
const API = "/api/admin/submissions";
const clock = { at: new Date("2026-11-18T15:00:00.000Z") };
const t = makeTestApp({ ...NEW_YORK_DESK, TRUST_PROXY: "1" }, { now: () => clock.at });
// Told by phone as "kestrel dash four nine one": typed in any case, with spaces, it is the same code.
const CODE = "KESTREL-491";
const COUNSEL = { role: "counsel", name: "Dana Whitfield", accessCode: CODE };
const CLIENT = { role: "client", name: "Harlan Reyes", email: "harlan@reyes.example" };
const DRAFT = {
  scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};

let owner = "";
beforeAll(async () => {
  owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
});

type Signer = { name: string; accessCode: boolean; linkLocked: boolean; waiting: boolean };
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
const engagementIdOf = (submissionId: number) =>
  (t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(submissionId) as { id: number }).id;
const signersOf = async (submissionId: number) =>
  (
    await json<{ engagement: { signing: { signers: Signer[] } } }>(
      t.request(`${API}/${submissionId}/engagement`, withCookie(owner)),
    )
  ).engagement.signing.signers;
const open = (token: string, accessCode?: string) =>
  t.request("/api/portal/session", post({ token, ...(accessCode === undefined ? {} : { accessCode }) }));

async function draftFor(signers: unknown[] = [COUNSEL, CLIENT], extra: Record<string, unknown> = {}) {
  const submission = await fileIntake(t, clock.at, {
    role: "attorney",
    name: "Dana Whitfield",
    firm: "Whitfield & Moss LLP",
    email: `dana.${Math.random().toString(36).slice(2)}@whitfieldmoss.example`,
  });
  const base = `${API}/${submission.id}/engagement`;
  const put = (body: unknown) => t.request(base, withCookie(owner, { ...post(body), method: "PUT" }));
  const saved = await put({ ...DRAFT, signers, ...extra });
  expect(saved.status).toBe(200);
  return { submission, base, put };
}

async function sentFor(signers: unknown[] = [COUNSEL, CLIENT], extra: Record<string, unknown> = {}) {
  const draft = await draftFor(signers, extra);
  expect((await t.request(`${draft.base}/send`, withCookie(owner, post()))).status).toBe(200);
  return { ...draft, engagementId: engagementIdOf(draft.submission.id) };
}

async function sign(cookie: string, fullName: string) {
  expect((await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })))).status).toBe(
    200,
  );
  const pdf = new Uint8Array(
    await (await t.request("/api/portal/letter.pdf", withCookie(cookie))).arrayBuffer(),
  );
  const res = await t.request(
    "/api/portal/sign",
    withCookie(cookie, post({ fullName, agree: true, letterSha256: sha(pdf) })),
  );
  expect(res.status).toBe(200);
}

describe("the access code in the draft", () => {
  test("is per signer; a code that is not one is a 422 at its signer; the desk sees who has one", async () => {
    const { submission, put } = await draftFor();
    const bad = await put({ ...DRAFT, signers: [{ ...COUNSEL, accessCode: "ab" }, CLIENT] });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain(
      "An access code must be 4 to 40 letters, digits or dashes",
    );
    const signers = await signersOf(submission.id);
    expect(signers.map((s) => [s.name, s.accessCode])).toEqual([
      ["Dana Whitfield", true],
      ["Harlan Reyes", false],
    ]);
    // The desk's answer never carries the code itself, only that there is one.
    const body = await (await t.request(`${API}/${submission.id}/engagement`, withCookie(owner))).text();
    expect(body).not.toContain(CODE);
  });

  test("saved again without it, the signer keeps it; with null it is gone; another person does not inherit it", async () => {
    const { submission, put } = await draftFor();
    expect(
      (await put({ ...DRAFT, signers: [{ role: "counsel", name: "Dana Whitfield" }, CLIENT] })).status,
    ).toBe(200);
    expect((await signersOf(submission.id))[0]?.accessCode).toBe(true);
    expect(
      (
        await put({
          ...DRAFT,
          signers: [{ role: "counsel", name: "Dana Whitfield", accessCode: null }, CLIENT],
        })
      ).status,
    ).toBe(200);
    expect((await signersOf(submission.id))[0]?.accessCode).toBe(false);
    await put({ ...DRAFT, signers: [COUNSEL, CLIENT] });
    // A different person at the first place (another address) starts without the code.
    await put({
      ...DRAFT,
      signers: [{ role: "counsel", name: "Mira Okafor", email: "mira@okafor.example" }, CLIENT],
    });
    expect((await signersOf(submission.id))[0]?.accessCode).toBe(false);
  });

  test("is stored only as a hash: no byte of the database holds it", async () => {
    const { engagementId } = await sentFor();
    const stored = t.db
      .query("SELECT access_code_hash AS h FROM engagement_signers WHERE engagement_id = ? ORDER BY position")
      .all(engagementId) as { h: string | null }[];
    expect(stored[0]?.h).toStartWith("$argon2id$");
    expect(stored[1]?.h).toBeNull();
    const token = heldToken(t, engagementId);
    expect((await open(token, "kestrel-491")).status).toBe(200);
    // Every write is in the file or its write-ahead log: neither holds the code, in any case or encoding.
    t.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], [CODE, "KESTREL"])).toEqual([]);
    // The scan reads what is stored: the hash itself is found.
    expect(scanForMarkers([t.dataDir], [stored[0]?.h ?? "-"]).length).toBeGreaterThan(0);
  });
});

describe("opening a link that asks for the code", () => {
  test("without the code the link opens nothing and stays usable; a wrong code says how many tries are left", async () => {
    const { engagementId } = await sentFor();
    const token = heldToken(t, engagementId);
    const asked = await open(token);
    expect(asked.status).toBe(422);
    expect(((await asked.json()) as { errors: Record<string, string[]> }).errors.accessCode?.[0]).toBe(
      "Enter the access code the firm gave you by phone: it keeps the letter for you alone, even if someone else reads this email.",
    );
    expect(asked.headers.get("set-cookie")).toBeNull();
    const wrong = await open(token, "KESTREL-419");
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.accessCode?.[0]).toBe(
      "That is not the access code the firm gave you. 4 more wrong tries lock this link.",
    );
    // Read out on the phone, typed in lower case with a space: the same code.
    const right = await open(token, " kestrel -491 ");
    expect(right.status).toBe(200);
    const cookie = cookieOf(right);
    expect((await t.request("/api/portal", withCookie(cookie))).status).toBe(200);
    const events = t.db
      .query("SELECT kind FROM engagement_events WHERE engagement_id = ? ORDER BY id")
      .all(engagementId) as { kind: string }[];
    expect(events.map((e) => e.kind)).toContain("access-code-refused");
  });

  test("five wrong codes lock the link: even the right one opens nothing; the desk sees it and sends a new one", async () => {
    const { submission, base, engagementId } = await sentFor();
    const token = heldToken(t, engagementId);
    const answers: number[] = [];
    for (const code of ["AAAA", "BBBB", "CCCC", "DDDD"]) answers.push((await open(token, code)).status);
    expect(answers).toEqual([422, 422, 422, 422]);
    const fifth = await open(token, "EEEE");
    expect(fifth.status).toBe(403);
    expect(((await fifth.json()) as { error: string }).error).toBe(
      "This link is locked: the access code was entered wrongly five times. Ask the firm for a new link (reply to our email or call us); they will tell you the code again by phone.",
    );
    const after = await open(token, CODE);
    expect(after.status).toBe(403);
    expect(after.headers.get("set-cookie")).toBeNull();
    const desk = await signersOf(submission.id);
    expect(desk[0]).toMatchObject({ name: "Dana Whitfield", linkLocked: true, waiting: true });
    // The desk sends again: a new link for counsel, which opens with the code; the lock is the old link's.
    expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
    const fresh = heldToken(t, engagementId);
    expect(fresh).not.toBe(token);
    expect((await signersOf(submission.id))[0]?.linkLocked).toBe(false);
    expect((await open(fresh)).status).toBe(422);
    expect((await open(fresh, CODE)).status).toBe(200);
    const audit = t.db
      .query("SELECT event FROM audit_log WHERE event LIKE 'engagement.%' ORDER BY id")
      .all() as { event: string }[];
    expect(audit.map((a) => a.event)).toContain("engagement.link_locked");
  });

  test("the form without a script takes the code with the pasted link, and comes back with a word when it is wrong", async () => {
    const { engagementId } = await sentFor();
    const token = heldToken(t, engagementId);
    const form = (fields: Record<string, string>): RequestInit => ({
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html,application/xhtml+xml",
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams(fields).toString(),
    });
    const link = `http://localhost:3000/portal#token=${token}`;
    const wrong = await t.request("/api/portal/session", form({ link, accessCode: "NOT-IT" }));
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/portal?problem=access-code");
    const right = await t.request("/api/portal/session", form({ link, accessCode: CODE }));
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/portal");
    expect(right.headers.get("set-cookie")).toContain("tw_portal=");
  });

  test("a locked requester asking for a fresh link by email is sent none", async () => {
    const submission = await fileIntake(t, clock.at, {
      role: "individual",
      name: "Harlan Reyes",
      email: "harlan.locked@reyes.example",
    });
    const base = `${API}/${submission.id}/engagement`;
    const signers = [{ role: "client", name: "Harlan Reyes", accessCode: "RIVER-88" }];
    expect(
      (await t.request(base, withCookie(owner, { ...post({ ...DRAFT, signers }), method: "PUT" }))).status,
    ).toBe(200);
    expect((await t.request(`${base}/send`, withCookie(owner, post()))).status).toBe(200);
    const engagementId = engagementIdOf(submission.id);
    const token = heldToken(t, engagementId);
    for (let i = 0; i < 5; i++) await open(token, `WRONG-${i}`);
    const count = () =>
      (
        t.db.query("SELECT count(*) AS n FROM portal_links WHERE engagement_id = ?").get(engagementId) as {
          n: number;
        }
      ).n;
    const before = count();
    const asked = await t.request(
      "/api/portal/link",
      post({ email: "harlan.locked@reyes.example" }, { "x-forwarded-for": "203.0.113.77" }),
    );
    expect(asked.status).toBe(202);
    expect(count()).toBe(before);
  });

  test("a signer without a code opens as before, and the certificate says the code was asked of counsel only", async () => {
    const { submission, engagementId } = await sentFor();
    const counsel = await open(heldToken(t, engagementId), CODE);
    expect(counsel.status).toBe(200);
    await sign(cookieOf(counsel), "Dana Whitfield");
    // The client has no code: their link opens at once.
    const client = await open(heldToken(t, engagementId));
    expect(client.status).toBe(200);
    await sign(cookieOf(client), "Harlan Reyes");
    const sealed = new Uint8Array(
      await (
        await t.request(`${API}/${submission.id}/engagement/letter.pdf`, withCookie(owner))
      ).arrayBuffer(),
    );
    const text = pdfText(sealed).replace(/\s+/g, " ");
    const said =
      "Access code: the firm told this signer an access code by telephone, and every link emailed to them opened the portal only once it was entered.";
    expect(text.split(said).length - 1).toBe(1);
    // Said of counsel's entry, before the client's.
    expect(text.indexOf(said)).toBeLessThan(text.lastIndexOf("Harlan Reyes"));
    expect(text.indexOf(said)).toBeGreaterThan(text.indexOf("Dana Whitfield"));
  });
});
