import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { deliverReport } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { holding, readableValues } from "../../helpers/readable-values";
import { smtpServer } from "../../helpers/smtp";

/**
 * The portal's links and sessions as the client lives with them: each e-mailed link opens the portal once and
 * the certificate says so, signing out ends the session on the server, asking for a fresh link never locks
 * anyone out, a client whose work started or ended can always get back in, and the link's token leaves the
 * data folder once its mail is sent.
 */
setDefaultTimeout(30_000);

const [SMTP_PORT = 0] = freePorts(1);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const ORIGIN = "http://localhost:3000";
const DRAFT = {
  scope: "A sourced map of real property and entities in Cook County for the March deposition.",
  feeCents: 350_000,
  feeKind: "flat",
  turnaroundBusinessDays: 5,
  expedite: false,
};
const DANA = "dana@whitfieldmoss.example";
const LEE = "lee@harborlaw.example";
const SAM = "sam@closedmatter.example";

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
  },
  { now: () => clock.at },
);
const runOutbox = () => t.app.decorator.mailOutbox.runOnce();

/** A call from a browser at `ip`, with its portal cookie when it has one. */
const from = (ip: string, cookie: string | null, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: {
    ...(init.headers as Record<string, string> | undefined),
    "x-forwarded-for": ip,
    "user-agent": "Mozilla/5.0 PortalLinks/1.0",
    ...(cookie ? { cookie } : {}),
  },
});
/** A form as a browser without JavaScript sends it. */
const form = (fields: Record<string, string>, cookie = ""): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html,application/xhtml+xml",
    origin: ORIGIN,
    cookie,
  },
  body: new URLSearchParams(fields).toString(),
});
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
const postsTo = (html: string, action: string) =>
  [...html.matchAll(/<form[^>]*>/g)].some(
    ([tag]) => tag.includes(`action="${action}"`) && tag.includes('method="post"'),
  );

/** The mails that carry a portal link: the letter's before the signature, "Your link to the portal" after it. */
const letterMails = (to: string) =>
  smtp.received.filter(
    (m) =>
      JSON.stringify(m.to).includes(to) &&
      /^Your (engagement letter|link to the portal) \(reference /.test(m.subject ?? ""),
  );
/** Every portal token mailed to `to`, oldest first, as the client's mail program shows them. */
const tokensMailed = (to: string) =>
  letterMails(to).map((m) => m.text?.match(/\/portal#token=([A-Za-z0-9_-]+)/)?.[1] ?? "");
const newestToken = (to: string) => tokensMailed(to).at(-1) ?? "";
const open = (token: string, ip = "203.0.113.7", cookie: string | null = null) =>
  t.request("/api/portal/session", from(ip, cookie, post({ token })));
const askForLink = (email: string, ip: string) =>
  t.request("/api/portal/link", from(ip, null, post({ email })));
const engagementOf = (submissionId: number) =>
  t.app.decorator.portal.repo.bySubmission(submissionId)?.id as number;
const sessionsOf = (submissionId: number) =>
  (
    t.db
      .query("SELECT count(*) AS n FROM portal_sessions WHERE engagement_id = ?")
      .get(engagementOf(submissionId)) as { n: number }
  ).n;
const pdfText = (bytes: Uint8Array) =>
  Bun.spawnSync(["pdftotext", "-", "-"], { stdin: bytes }).stdout.toString().replace(/\s+/g, " ");

describe("the portal's links and sessions", () => {
  let admin = "";
  let dana = { id: 0, reference: "" };
  let lee = { id: 0, reference: "" };
  let sam = { id: 0, reference: "" };

  const send = (id: number) => t.request(`${API}/${id}/engagement/send`, withCookie(admin, post()));

  test("three requests with their engagements sent; each client receives a link", async () => {
    await smtp.listen();
    admin = await signIn(t.request, USER, PASSWORD);
    dana = await fileIntake(t, clock.at, { email: DANA });
    lee = await fileIntake(t, clock.at, { email: LEE, name: "Lee Harbor" });
    sam = await fileIntake(t, clock.at, { email: SAM, name: "Sam Closed" });
    for (const r of [dana, lee, sam]) {
      const put = { ...post(DRAFT), method: "PUT" };
      expect((await t.request(`${API}/${r.id}/engagement`, withCookie(admin, put))).status).toBe(200);
      expect((await send(r.id)).status).toBe(200);
    }
    await runOutbox();
    for (const to of [DANA, LEE, SAM]) expect(tokensMailed(to)).toHaveLength(1);
  });

  test("item 8: once its mail is sent, no link's token is readable in DATA_DIR, even with the data key beside it", () => {
    const tokens = [DANA, LEE, SAM].map(newestToken);
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], tokens)).toEqual([]);
    expect(holding(readableValues(t.dataDir), tokens)).toEqual([]);
  });

  test("item 4: a link opens the portal once; two openings at once make one session; a later one is shown the way to a fresh link", async () => {
    const token = newestToken(DANA);
    const both = await Promise.all([open(token), open(token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(sessionsOf(dana.id)).toBe(1);
    const refused = both.find((r) => r.status === 401) as Response;
    expect(refused.headers.get("set-cookie")).toBeNull();
    const used = ((await refused.json()) as { error: string }).error;
    expect(used).toContain("already been used");
    expect(used).toContain("fresh link");

    // Clicked again in the browser it opened: that browser's session is shown, and no other is made.
    const live = cookieFrom(both.find((r) => r.status === 200) as Response);
    const reopened = await open(token, "203.0.113.7", live);
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get("set-cookie")).toBeNull();
    expect(((await reopened.json()) as { engagement: { reference: string } }).engagement.reference).toBe(
      dana.reference,
    );
    expect(sessionsOf(dana.id)).toBe(1);
    // A cookie that is no live session of this engagement does not make the used link open it.
    expect((await open(token, "203.0.113.7", "tw_portal=not-a-session")).status).toBe(401);

    // The next day, from the same mail: refused, by the page's script and by the form shown without it.
    clock.at = new Date("2026-11-17T15:00:00.000Z");
    const again = await open(token);
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([401, used]);
    const pasted = await t.request("/api/portal/session", form({ link: `${ORIGIN}/portal#token=${token}` }));
    expect(pasted.status).toBe(303);
    expect(pasted.headers.get("location")).toBe("/portal?problem=link-used");
    expect(pasted.headers.get("set-cookie")).toBeNull();
    const page = await (
      await t.request("/portal?problem=link-used", { headers: { accept: "text/html" } })
    ).text();
    expect(textOf(page)).toContain(used);
    expect(postsTo(page, "/api/portal/link")).toBe(true);
    expect(sessionsOf(dana.id)).toBe(1);
  });

  test("item 4: the certificate names each link that was used, when it was mailed, and when and where it was opened once", async () => {
    // The first session has ended; Dana asks for a fresh link from her office and signs in the session it opens.
    const asked = await askForLink(DANA, "192.0.2.44");
    expect(asked.status).toBe(202);
    await runOutbox();
    expect(tokensMailed(DANA)).toHaveLength(2);
    const opened = await open(newestToken(DANA), "192.0.2.44");
    expect(opened.status).toBe(200);
    const cookie = cookieFrom(opened);
    expect(
      (await t.request("/api/portal/consent", from("192.0.2.44", cookie, post({ consent: true })))).status,
    ).toBe(200);
    const presented = await t.request("/api/portal/letter.pdf", from("192.0.2.44", cookie));
    const letterSha256 = sha(new Uint8Array(await presented.arrayBuffer()));
    const signed = await t.request(
      "/api/portal/sign",
      from("192.0.2.44", cookie, post({ fullName: "Dana Whitfield", agree: true, letterSha256 })),
    );
    expect(signed.status).toBe(200);
    const pdf = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", from("192.0.2.44", cookie))).arrayBuffer(),
    );
    const text = pdfText(pdf);
    expect(text).toContain(
      "Authentication: Single-use links emailed to dana@whitfieldmoss.example, each opened once and each opening a portal session bound to this engagement only:",
    );
    expect(text).toContain(
      "the link emailed 16 Nov 2026, 10:00:00 AM EST, opened on 16 Nov 2026, 10:00:00 AM EST from 203.0.113.7;",
    );
    expect(text).toContain(
      "the link emailed 17 Nov 2026, 10:00:00 AM EST, opened on 17 Nov 2026, 10:00:00 AM EST from 192.0.2.44.",
    );
    expect(text.split("Portal opened with the emailed link").length - 1).toBe(2);
  });

  test("item 5: signing out ends the session on the server: a copy of the cookie opens nothing afterwards", async () => {
    const opened = await open(newestToken(SAM), "198.51.100.30");
    expect(opened.status).toBe(200);
    const cookie = cookieFrom(opened);
    const copied = cookie;
    expect((await t.request("/api/portal", from("198.51.100.30", copied))).status).toBe(200);
    const out = await t.request("/api/portal/sign-out", from("198.51.100.30", cookie, post()));
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await t.request("/api/portal", from("198.51.100.30", copied));
    expect(after.status).toBe(401);
    expect(sessionsOf(sam.id)).toBe(0);
    for (const path of ["/api/portal/letter.pdf", "/api/portal/documents", "/api/portal/consultation"]) {
      expect([path, (await t.request(path, from("198.51.100.30", copied))).status]).toEqual([path, 401]);
    }

    // The same without JavaScript: the page's Sign out form.
    expect((await askForLink(SAM, "198.51.100.30")).status).toBe(202);
    await runOutbox();
    const again = cookieFrom(await open(newestToken(SAM), "198.51.100.30"));
    const page = await (
      await t.request("/portal", { headers: { cookie: again, accept: "text/html" } })
    ).text();
    expect(postsTo(page, "/api/portal/sign-out")).toBe(true);
    const signedOut = await t.request("/api/portal/sign-out", form({}, again));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/portal?notice=signed-out");
    expect(signedOut.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(sessionsOf(sam.id)).toBe(0);
    expect((await t.request("/api/portal", from("198.51.100.30", again))).status).toBe(401);
    const back = await (
      await t.request("/portal?notice=signed-out", { headers: { accept: "text/html" } })
    ).text();
    expect(textOf(back)).toContain("You have signed out.");
    expect(postsTo(back, "/api/portal/link")).toBe(true);
  });

  test("item 6: anyone asking for a fresh link for an address only mails one: the client's session and the link they hold keep working", async () => {
    // Lee opens the portal; later Lee holds an unopened fresh link asked for from home.
    const leeOpened = await open(newestToken(LEE), "198.51.100.20");
    expect(leeOpened.status).toBe(200);
    const leeCookie = cookieFrom(leeOpened);
    expect((await askForLink(LEE, "198.51.100.20")).status).toBe(202);
    await runOutbox();
    const held = newestToken(LEE);
    // Someone else who knows the address asks twice (the hour's allowance for it).
    for (let i = 0; i < 2; i++) expect((await askForLink(LEE, `203.0.113.${100 + i}`)).status).toBe(202);
    await runOutbox();
    expect(tokensMailed(LEE)).toHaveLength(4);
    // Lee's session was never ended, and the link Lee holds still opens the portal.
    expect((await t.request("/api/portal", from("198.51.100.20", leeCookie))).status).toBe(200);
    const heldOpens = await open(held, "198.51.100.20");
    expect(heldOpens.status).toBe(200);
    expect(((await heldOpens.json()) as { engagement: { reference: string } }).engagement.reference).toBe(
      lee.reference,
    );
    // Each of the others opens once too.
    for (const token of tokensMailed(LEE).slice(2))
      expect((await open(token, "198.51.100.20")).status).toBe(200);
  });

  test("item 7: a signed, engaged and delivered client gets a fresh link by e-mail, and staff can resend one", async () => {
    clock.at = new Date("2026-11-18T15:00:00.000Z");
    admin = await signIn(t.request, USER, PASSWORD);
    // Signed: staff resend the link (the desk's "Send a fresh link").
    const resent = await send(dana.id);
    expect(resent.status).toBe(200);
    await runOutbox();
    expect(tokensMailed(DANA)).toHaveLength(3);
    expect((await open(newestToken(DANA), "192.0.2.44")).status).toBe(200);

    // Engaged: the fee paid, the work started.
    const paid = await t.request(
      `${API}/${dana.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 350_000, receivedOn: "2026-11-18", method: "wire" })),
    );
    expect(paid.status).toBe(201);
    expect(((await paid.json()) as { engagement: { status: string } }).engagement.status).toBe("engaged");
    expect((await askForLink(DANA, "192.0.2.45")).status).toBe(202);
    await runOutbox();
    expect(tokensMailed(DANA)).toHaveLength(4);
    expect((await open(newestToken(DANA), "192.0.2.45")).status).toBe(200);

    // Delivered: the report-ready mail sends the client to the portal for a fresh link, and one comes.
    await deliverReport(t, admin, dana.id);
    clock.at = new Date("2026-11-18T17:00:00.000Z");
    await runOutbox();
    const ready = smtp.received.find((m) => m.subject?.startsWith("Your report is ready"));
    expect(ready?.text).toContain("ask for a fresh link");
    expect((await askForLink(DANA, "192.0.2.46")).status).toBe(202);
    await runOutbox();
    expect(tokensMailed(DANA)).toHaveLength(5);
    const inAfterDelivery = await open(newestToken(DANA), "192.0.2.46");
    expect(inAfterDelivery.status).toBe(200);
    expect(
      (await t.request("/api/portal/documents", from("192.0.2.46", cookieFrom(inAfterDelivery)))).status,
    ).toBe(200);
  });

  test("item 7: a closed or declined request gets no link, from the desk (409 saying why) or by asking", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    for (const [status, r, to] of [
      ["closed", sam, SAM],
      ["declined", lee, LEE],
    ] as const) {
      const patched = await t.request(
        `${API}/${r.id}`,
        withCookie(admin, { ...post({ status }), method: "PATCH" }),
      );
      expect(patched.status).toBe(200);
      const before = tokensMailed(to).length;
      const refused = await send(r.id);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toContain(status);
      expect((await askForLink(to, "203.0.113.200")).status).toBe(202);
      await runOutbox();
      expect(tokensMailed(to)).toHaveLength(before);
    }
  });

  test("item 8: the tokens of every link mailed since are not readable in DATA_DIR either", () => {
    const tokens = [DANA, LEE, SAM].flatMap(tokensMailed);
    expect(tokens.length).toBeGreaterThan(8);
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], tokens)).toEqual([]);
    expect(holding(readableValues(t.dataDir), tokens)).toEqual([]);
  });
});
