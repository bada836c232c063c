import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";
import { pdfsig } from "../../helpers/pdfsig";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

// Intakes, letters rendered and sealed: slow on a busy machine.
setDefaultTimeout(60_000);

/**
 * What the client signs is what they read (issue: the fee changed from $2,500 to $99,999 after the client read
 * and consented, and the client signed the $99,999 letter). Once sent, a letter's terms are frozen; the signature
 * names the SHA-256 of the letter the client downloaded; changing terms means withdrawing (the link, the sessions
 * and the consent are void, the client is told by e-mail) and sending again.
 */
const [SMTP_PORT = 0] = freePorts(1);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const DRAFT = {
  scope: "A sourced map of the husband's real property, entities and vehicles in Cook County.",
  feeCents: 250_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
const t = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
  },
  { now: () => clock.at },
);
const portal = t.app.decorator.portal;
const runOutbox = () => t.app.decorator.mailOutbox.runOnce();
const put = (body: unknown): RequestInit => ({ ...post(body), method: "PUT" });
const bytesOf = async (res: Response | Promise<Response>) => new Uint8Array(await (await res).arrayBuffer());
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
type View = { engagement: { status: string; consentedAt: string | null; letterSha256: string | null } };

/** A request whose engagement is drafted and sent, and the client in the portal through the link's token. */
async function sentTo(email: string, admin: string, draft: Record<string, unknown> = DRAFT) {
  const intake = await fileIntake(t, clock.at, { email });
  expect((await t.request(`${API}/${intake.id}/engagement`, withCookie(admin, put(draft)))).status).toBe(200);
  expect((await t.request(`${API}/${intake.id}/engagement/send`, withCookie(admin, post()))).status).toBe(
    200,
  );
  return { ...intake, client: await openWithLink(intake.id) };
}
async function openWithLink(submissionId: number) {
  const id = portal.repo.bySubmission(submissionId)?.id ?? 0;
  const opened = await t.request("/api/portal/session", post({ token: portal.repo.linkToken(id) }));
  expect(opened.status).toBe(200);
  return cookieFrom(opened);
}
const sign = (cookie: string, body: Record<string, unknown>) =>
  t.request(
    "/api/portal/sign",
    withCookie(cookie, post({ fullName: "Dana Whitfield", agree: true, ...body })),
  );

describe("once a letter is sent its terms are frozen", () => {
  let admin = "";
  let dana = { id: 0, reference: "", client: "" };
  let presented = new Uint8Array();

  test("the client reads the $2,500 letter and consents; staff changing the fee to $99,999 are refused, saying how to change it", async () => {
    await smtp.listen();
    admin = await signIn(t.request, USER, PASSWORD);
    dana = await sentTo("dana@whitfieldmoss.example", admin);
    presented = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(dana.client)));
    expect(pdfText(presented)).toContain("$2,500");
    expect(
      (await t.request("/api/portal/consent", withCookie(dana.client, post({ consent: true })))).status,
    ).toBe(200);

    const changed = await t.request(
      `${API}/${dana.id}/engagement`,
      withCookie(admin, put({ ...DRAFT, feeCents: 9_999_900 })),
    );
    expect(changed.status).toBe(409);
    const { error } = await json<{ error: string }>(changed);
    expect(error).toContain("withdraw");
    expect(error).toContain("send it again");
    expect(error).toContain("told by email");
    expect(portal.repo.bySubmission(dana.id)?.feeCents).toBe(250_000);
  });

  test("the letter the client downloads is the same bytes every time, and the desk reads those bytes", async () => {
    clock.at = new Date("2026-11-16T15:05:00.000Z");
    const again = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(dana.client)));
    const desk = await bytesOf(t.request(`${API}/${dana.id}/engagement/letter.pdf`, withCookie(admin)));
    expect(sha(again)).toBe(sha(presented));
    expect(sha(desk)).toBe(sha(presented));
    const view = await json<View>(t.request("/api/portal", withCookie(dana.client)));
    expect(view.engagement.letterSha256).toBe(sha(presented));
  });

  test("a signature that does not name the letter read signs nothing: missing is 422, another letter's hash 409", async () => {
    const events = () => portal.repo.events(portal.repo.bySubmission(dana.id)?.id ?? 0).length;
    const before = events();
    const missing = await sign(dana.client, {});
    expect(missing.status).toBe(422);
    expect(Object.keys((await json<{ errors: Record<string, string[]> }>(missing)).errors)).toEqual([
      "letterSha256",
    ]);
    const other = await sign(dana.client, { letterSha256: "0".repeat(64) });
    expect(other.status).toBe(409);
    expect((await json<{ error: string }>(other)).error).toContain("Read the letter again");
    expect(portal.repo.bySubmission(dana.id)).toMatchObject({ status: "sent", signedAt: null });
    expect(events()).toBe(before);
  });

  test("signed with the hash of the letter downloaded: the sealed letter states the fee read, and its certificate names that hash", async () => {
    const signed = await sign(dana.client, { letterSha256: sha(presented) });
    expect(signed.status).toBe(200);
    expect((await json<{ letterSha256: string }>(signed)).letterSha256).toBe(sha(presented));
    const sealed = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(dana.client)));
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
    const text = pdfText(sealed);
    expect(text).toContain("$2,500");
    expect(text).not.toContain("99,999");
    expect(text).toMatch(new RegExp(`Letter as presented, SHA-256:\\s+${sha(presented)}`));
    // The letter's own pages are the pages read, with the signature added.
    const readPages = pdfText(presented).split("\f").length - 1;
    expect(text.split("\f").slice(0, readPages).join("\f")).toContain("Dana Whitfield");
  });
});

describe("a letter sent by an earlier version, which kept no copy", () => {
  test("is frozen the first time it is read: the client downloads it, signs it by its hash, and the desk reads the same", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    const kim = await sentTo("kim@example.com", admin);
    t.db.run(
      "UPDATE engagements SET letter_pdf = NULL, letter_fields = NULL, letter_sha256 = NULL WHERE submission_id = ?",
      [kim.id],
    );
    const read = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(kim.client)));
    expect(pdfText(read)).toContain("$2,500");
    const desk = await bytesOf(t.request(`${API}/${kim.id}/engagement/letter.pdf`, withCookie(admin)));
    expect(sha(desk)).toBe(sha(read));
    expect((await json<View>(t.request("/api/portal", withCookie(kim.client)))).engagement.letterSha256).toBe(
      sha(read),
    );
    await t.request("/api/portal/consent", withCookie(kim.client, post({ consent: true })));
    expect((await sign(kim.client, { letterSha256: sha(read) })).status).toBe(200);
  });
});

describe("changing terms means withdrawing and sending again, with the client told", () => {
  let admin = "";
  let lee = { id: 0, reference: "", client: "" };
  let oldToken = "";

  test("staff withdraw a sent letter: it is a draft again, the link, the sessions and the consent are void, and the client is told by email", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    lee = await sentTo("lee@harborlaw.example", admin);
    oldToken = portal.repo.linkToken(portal.repo.bySubmission(lee.id)?.id ?? 0) ?? "";
    await t.request("/api/portal/letter.pdf", withCookie(lee.client));
    await t.request("/api/portal/consent", withCookie(lee.client, post({ consent: true })));

    const res = await t.request(`${API}/${lee.id}/engagement/withdraw`, withCookie(admin, post()));
    expect(res.status).toBe(200);
    const { engagement } = await json<{ engagement: Record<string, unknown> }>(res);
    expect(engagement).toMatchObject({
      status: "draft",
      sentAt: null,
      linkExpiresAt: null,
      consentedAt: null,
      letterSha256: null,
    });
    expect((engagement.events as { kind: string }[]).at(-1)?.kind).toBe("withdrawn");
    expect((await t.request("/api/portal", withCookie(lee.client))).status).toBe(401);
    expect((await t.request("/api/portal/session", post({ token: oldToken }))).status).toBe(401);
    expect(
      t.db.query("SELECT count(*) AS n FROM audit_log WHERE event = 'engagement.withdrawn'").get(),
    ).toEqual({ n: 1 });

    await runOutbox();
    const told = smtp.received.find(
      (m) => m.subject === `Your engagement letter was withdrawn (reference ${lee.reference})`,
    );
    expect(JSON.stringify(told?.to)).toContain("lee@harborlaw.example");
    expect(told?.text).toContain("no longer");
    expect(told?.inReplyTo).toBe(`<${lee.reference}.confirmation@localhost>`);
  });

  test("the terms are edited and sent again; the client signs the new letter, its certificate listing only this sending's steps", async () => {
    const edited = await t.request(
      `${API}/${lee.id}/engagement`,
      withCookie(admin, put({ ...DRAFT, feeCents: 300_000 })),
    );
    expect(edited.status).toBe(200);
    clock.at = new Date("2026-11-16T16:00:00.000Z");
    admin = await signIn(t.request, USER, PASSWORD);
    expect((await t.request(`${API}/${lee.id}/engagement/send`, withCookie(admin, post()))).status).toBe(200);
    const client = await openWithLink(lee.id);
    const view = await json<View>(t.request("/api/portal", withCookie(client)));
    expect(view.engagement).toMatchObject({ status: "sent", consentedAt: null });
    const letter = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(client)));
    expect(pdfText(letter)).toContain("$3,000");
    expect(view.engagement.letterSha256).toBe(sha(letter));
    // The consent given to the withdrawn letter does not carry over.
    expect((await sign(client, { letterSha256: sha(letter) })).status).toBe(409);
    await t.request("/api/portal/consent", withCookie(client, post({ consent: true })));
    expect((await sign(client, { letterSha256: sha(letter) })).status).toBe(200);
    const text = pdfText(await bytesOf(t.request("/api/portal/letter.pdf", withCookie(client))));
    for (const step of ["Letter sent", "Portal opened", "Letter opened by the client", "Consented"])
      expect([step, text.split(step).length - 1]).toEqual([step, 1]);
  });

  test("a signed letter cannot be withdrawn, a draft has nothing to withdraw, and an unknown request is 404", async () => {
    const signed = await t.request(`${API}/${lee.id}/engagement/withdraw`, withCookie(admin, post()));
    expect(signed.status).toBe(409);
    expect((await json<{ error: string }>(signed)).error).toContain("signed");
    const draft = await fileIntake(t, clock.at, { email: "sam@example.com" });
    await t.request(`${API}/${draft.id}/engagement`, withCookie(admin, put(DRAFT)));
    const notSent = await t.request(`${API}/${draft.id}/engagement/withdraw`, withCookie(admin, post()));
    expect(notSent.status).toBe(409);
    expect((await t.request(`${API}/999999/engagement/withdraw`, withCookie(admin, post()))).status).toBe(
      404,
    );
    // Staff only.
    expect((await t.request(`${API}/${lee.id}/engagement/withdraw`, post())).status).toBe(401);
  });

  test("a withdrawal and the client's signature sent together: one of them happens, never both", async () => {
    const kim = await sentTo("kim@harborlaw.example", admin);
    await t.request("/api/portal/consent", withCookie(kim.client, post({ consent: true })));
    const letter = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(kim.client)));
    const [signed, withdrawn] = await Promise.all([
      sign(kim.client, { letterSha256: sha(letter) }),
      t.request(`${API}/${kim.id}/engagement/withdraw`, withCookie(admin, post())),
    ]);
    expect([signed.status, withdrawn.status].sort()).toEqual([200, 409]);
    const e = portal.repo.bySubmission(kim.id);
    const kinds = portal.repo.events(e?.id ?? 0).map((ev) => ev.kind);
    if (withdrawn.status === 200) {
      // The letter withdrawn while it was being sealed is not signed: no signature, no sealed PDF, no event.
      expect({ status: e?.status, signedAt: e?.signedAt }).toEqual({ status: "draft", signedAt: null });
      expect(portal.repo.signedPdf(e?.id ?? 0)).toBeNull();
      expect(kinds).not.toContain("signed");
    } else {
      expect(e?.signedAt).not.toBeNull();
      expect(kinds).not.toContain("withdrawn");
    }
  });
});
