import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DOCS } from "../../../src/contracts/paths";
import { FEE_KINDS, PORTAL_NOTICES, PORTAL_PROBLEMS } from "../../../src/contracts/portal";
import { SERVICES } from "../../../src/contracts/services";
import { MANIFEST } from "../../../src/generated/assets";
import { loadRoutes } from "../../../web/routes";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";
import { placeholdersIn } from "../../helpers/placeholders";
import { deliverReport, deliverSweepReport } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { signingRounds } from "../../helpers/signing-rounds";
import { smtpServer } from "../../helpers/smtp";

// Every letter variant rendered, every kind of mail sent through a real SMTP server, every page: slow.
setDefaultTimeout(120_000);

/**
 * No placeholders, ever (issue: the letter's section 7 read "[arbitration provider]", "[city and state]",
 * "[state]"). Every letter a client can be sent (each service, each fee kind, with and without the expedite, the
 * sealed copy with its certificate), every document the site offers, every kind of e-mail the outbox sends and
 * every page are rendered here, and none holds a bracketed placeholder.
 */
const [SMTP_PORT = 0] = freePorts(1);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
const t = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    PAYMENT_INSTRUCTIONS: "Wire to First Example Bank, account 000123",
  },
  { now: () => clock.at },
);
const portal = t.app.decorator.portal;
const outbox = t.app.decorator.mailOutbox;
const put = (body: unknown): RequestInit => ({ ...post(body), method: "PUT" });
const bytesOf = async (res: Response | Promise<Response>) => new Uint8Array(await (await res).arrayBuffer());
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const draft = (feeKind: string, expedite: boolean) => ({
  scope: "Real property, entities and vehicles of one subject in Cook County, from public records.",
  feeCents: 350_000,
  feeKind,
  turnaroundBusinessDays: 10,
  expedite,
  // Judgment Intel's monthly letter names what it monitors.
  ...(feeKind === "monthly" ? { subjects: ["Harlan Whitfield", "Whitfield Holdings LLC"] } : {}),
});
/** What a page shows: its markup without scripts and styles (the hydration data is shown by the page itself). */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

let admin = "";
/** A client in the portal on a sent engagement of their own. */
async function clientOf(email: string) {
  const intake = await fileIntake(t, clock.at, { email });
  await t.request(`${API}/${intake.id}/engagement`, withCookie(admin, put(draft("flat", false))));
  expect((await t.request(`${API}/${intake.id}/engagement/send`, withCookie(admin, post()))).status).toBe(
    200,
  );
  const token = portal.repo.linkToken(portal.repo.bySubmission(intake.id)?.id ?? 0);
  return { ...intake, cookie: cookieFrom(await t.request("/api/portal/session", post({ token }))) };
}
async function signAs(cookie: string) {
  const letter = await bytesOf(t.request("/api/portal/letter.pdf", withCookie(cookie)));
  await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })));
  const res = await t.request(
    "/api/portal/sign",
    withCookie(cookie, post({ fullName: "Dana Whitfield", agree: true, letterSha256: sha(letter) })),
  );
  expect(res.status).toBe(200);
}

describe("no bracketed placeholder anywhere a client or a reader looks", () => {
  test("every letter: each service, each fee kind, with and without the expedite", async () => {
    await smtp.listen();
    admin = await signIn(t.request, USER, PASSWORD);
    const found: string[] = [];
    for (const service of SERVICES) {
      const { id } = await fileIntake(t, clock.at, { desiredService: service.id });
      for (const feeKind of FEE_KINDS) {
        for (const expedite of [false, true]) {
          const saved = await t.request(
            `${API}/${id}/engagement`,
            withCookie(admin, put(draft(feeKind, expedite))),
          );
          expect(saved.status).toBe(200);
          const letter = await t.request(`${API}/${id}/engagement/letter.pdf`, withCookie(admin));
          expect(letter.status).toBe(200);
          const text = pdfText(await bytesOf(letter));
          expect(text).toContain("Dispute resolution");
          found.push(...placeholdersIn(text).map((p) => `${service.id}/${feeKind}/${expedite}: ${p}`));
        }
      }
    }
    expect(found).toEqual([]);
  });

  test("the sealed letter with its certificate of completion", async () => {
    const dana = await clientOf("dana@whitfieldmoss.example");
    await signAs(dana.cookie);
    const sealed = pdfText(await bytesOf(t.request("/api/portal/letter.pdf", withCookie(dana.cookie))));
    expect(sealed).toContain("Certificate of completion");
    expect(placeholdersIn(sealed)).toEqual([]);
  });

  test("every document the site offers, but the records-request template, a form the reader fills in", async () => {
    const all = Object.keys(MANIFEST.files).filter((p) => p.startsWith("/docs/"));
    // The template is a form with "[agency name]"-style blanks to fill in, which is what it is for.
    const docs = all.filter((p) => p !== DOCS.recordsRequestTemplate);
    expect(all).toContain(DOCS.recordsRequestTemplate);
    expect(docs).toContain(DOCS.engagementLetter);
    expect(docs.every((p) => p.endsWith(".pdf"))).toBe(true);
    for (const path of docs) {
      const text = pdfText(await bytesOf(t.request(path)));
      expect([path, placeholdersIn(text)]).toEqual([path, []]);
    }
  });

  test("every kind of e-mail the outbox sends", async () => {
    // The intake's two, a desk reply, an invitation to a colleague.
    const lee = await clientOf("lee@harborlaw.example");
    expect(
      (
        await t.request(
          `${API}/${lee.id}/replies`,
          withCookie(admin, post({ body: "Hello Lee,\n\nThank you for your request.\n\nMorgan" })),
        )
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await t.request(
          "/api/admin/staff/invitations",
          withCookie(admin, post({ email: "kim@tracewell.example" })),
        )
      ).status,
    ).toBe(201);
    // The portal's: a link, a withdrawal, a fresh link, the signed letter to the client and to the desk.
    expect((await t.request(`${API}/${lee.id}/engagement/withdraw`, withCookie(admin, post()))).status).toBe(
      200,
    );
    const sam = await clientOf("sam@example.com");
    await t.request("/api/portal/link", post({ email: "sam@example.com" }));
    // Sam opens the portal with the fresh link.
    const fresh = portal.repo.linkToken(portal.repo.bySubmission(sam.id)?.id ?? 0);
    sam.cookie = cookieFrom(await t.request("/api/portal/session", post({ token: fresh })));
    await signAs(sam.cookie);
    // The report, a payment recorded (Sam is told), and a consultation booked, moved and cancelled.
    await deliverReport(t, admin, sam.id);
    expect(
      (
        await t.request(
          `${API}/${sam.id}/engagement/payments`,
          withCookie(admin, post({ amountCents: 100_000, receivedOn: "2026-11-16", method: "Wire" })),
        )
      ).status,
    ).toBe(201);
    const { slots } = await json<{ slots: { start: string }[] }>(
      t.request("/api/portal/consultation/slots", withCookie(sam.cookie)),
    );
    const booking = "/api/portal/consultation";
    expect((await t.request(booking, withCookie(sam.cookie, post({ start: slots[0]?.start })))).status).toBe(
      201,
    );
    await t.request(
      booking,
      withCookie(sam.cookie, { ...post({ start: slots[1]?.start }), method: "PATCH" }),
    );
    await t.request(booking, withCookie(sam.cookie, { method: "DELETE", headers: post().headers }));
    // Judgment Intel on Sam's engagement: staff give notice (Sam is told), Sam resumes it (the desk is told).
    // Started in August, so its first sweep is owed: delivered as the sweep report, counsel is told.
    t.app.decorator.subscriptions.start({
      engagementId: portal.repo.bySubmission(sam.id)?.id ?? 0,
      submissionId: sam.id,
      subjects: ["Harlan Whitfield"],
      monthlyCents: 75_000,
      signedOn: "2026-08-14",
      paidOn: "2026-08-14",
    });
    expect((await deliverSweepReport(t, admin, sam.id)).res.status).toBe(200);
    expect((await t.request(`${API}/${sam.id}/subscription/cancel`, withCookie(admin, post()))).status).toBe(
      200,
    );
    expect((await t.request("/api/portal/subscription/resume", withCookie(sam.cookie, post()))).status).toBe(
      200,
    );

    // Sam's first statement of account (the client is told), and the statement itself holds no placeholder.
    const issued = await t.request(
      `${API}/${sam.id}/statements`,
      withCookie(admin, post({ through: "2026-11-16" })),
    );
    expect(issued.status).toBe(201);
    const { statements } = await json<{ statements: { pdfPath: string }[] }>(
      t.request(`${API}/${sam.id}/statements`, withCookie(admin)),
    );
    const statementText = pdfText(await bytesOf(t.request(statements[0]?.pdfPath ?? "", withCookie(admin))));
    expect(statementText).toContain("Statement 1");
    expect(placeholdersIn(statementText)).toEqual([]);

    // Documents asked of Sam (Sam is told), one due in 3 days: the day's reminder names it (ADR 295).
    const asked = await t.request(
      `${API}/${sam.id}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Bank statements", dueOn: "2026-11-19" }] })),
    );
    expect(asked.status).toBe(201);
    expect(t.app.decorator.root.documentRequests.jobs.runFor("2026-11-16").reminders).toHaveLength(1);

    // The signing round's mail (ADR 297): parties in order, the countersignature, a reminder, a decline, expiry.
    await signingRounds(t, admin, clock.at, t.app.decorator.root.portal.jobs);

    // A link Sam keeps for later: its mail goes out (a link already used is never mailed).
    await t.request("/api/portal/link", post({ email: "sam@example.com" }));

    // The morning digest, a day on, when the requests filed above are overdue.
    clock.at = new Date("2026-11-17T16:00:00.000Z");
    expect(t.app.decorator.deskDigest.sendNow()).toMatchObject({ sent: true });
    while ((await outbox.runOnce()) > 0);
    const sent = t.db
      .query<{ kind: string }, []>("SELECT DISTINCT kind FROM mail_outbox WHERE state = 'sent'")
      .all();
    expect(sent.map((r) => r.kind).sort()).toEqual([...outbox.kinds()].sort());
    const found = smtp.received.flatMap((m) =>
      [m.subject ?? "", m.text ?? "", textOf(typeof m.html === "string" ? m.html : "")].flatMap((part) =>
        placeholdersIn(part).map((p) => `${m.subject}: ${p}`),
      ),
    );
    expect(smtp.received.length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  test("every page: the site's, the portal with a session at each step, the admin's sign-in", async () => {
    const sitemap = await (await t.request("/sitemap.xml")).text();
    const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
    const unlisted = (await loadRoutes()).map((r) => r.path).filter((p) => !/[:*]/.test(p));
    const paths = [...new Set([...listed, ...unlisted])];
    expect(paths.length).toBeGreaterThan(20);
    const found: string[] = [];
    const check = async (path: string, cookie = "") => {
      const html = await (await t.request(path, { headers: { cookie, accept: "text/html" } })).text();
      found.push(...placeholdersIn(textOf(html)).map((p) => `${path}: ${p}`));
    };
    for (const path of paths) await check(path);
    admin = await signIn(t.request, USER, PASSWORD);
    const kim = await clientOf("kim@example.com");
    await check("/portal", kim.cookie);
    await t.request("/api/portal/consent", withCookie(kim.cookie, post({ consent: true })));
    await check("/portal", kim.cookie);
    await signAs(kim.cookie);
    await check("/portal", kim.cookie);
    for (const word of [...Object.keys(PORTAL_PROBLEMS), ...Object.keys(PORTAL_NOTICES)])
      await check(`/portal?${word in PORTAL_PROBLEMS ? "problem" : "notice"}=${word}`);
    expect(found).toEqual([]);
  });
});
