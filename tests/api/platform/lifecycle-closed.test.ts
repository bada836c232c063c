import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { heldToken, portalClient } from "../../helpers/portal-client";

// A letter rendered and a session opened per client: slow on a busy machine.
setDefaultTimeout(60_000);

/**
 * The bug this holds fixed (ADR 278): a request closed or declined by staff while its client's portal session
 * was open still took consent and a signature, so the engagement was signed on a closed request, its fee went
 * into the ledger and the "signed" mails went out. Now the consent and the signature are refused with the
 * reason, nothing is recorded or mailed, and the session and links are ended with the request.
 */
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  { ADMIN_USERNAME: DESK_OWNER.username, ADMIN_PASSWORD: DESK_OWNER.password },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";
const count = (sql: string, ...args: number[]) => (t.db.query(sql).get(...args) as { n: number }).n;
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
/** A form posted by the page shown without JavaScript, as a browser sends it. */
const pageForm = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html,application/xhtml+xml",
    origin: "http://localhost:3000",
    ...(cookie ? { cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
});

describe.each([
  ["closed", "This request is closed"],
  ["declined", "This request was declined"],
] as const)("a request %s while its client's portal session is open", (status, opening) => {
  let admin = "";
  let c: Awaited<ReturnType<typeof portalClient>>;
  let letterSha256 = "";
  let spareToken = "";

  test("the client has consented and read the letter; the desk has a fresh link out too; then staff change the status", async () => {
    admin ||= await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
    c = await portalClient(t, clock.at, admin, { email: `client-${status}@example.com`, sign: false });
    expect(
      (await t.request("/api/portal/consent", withCookie(c.cookie, post({ consent: true })))).status,
    ).toBe(200);
    const letter = await t.request("/api/portal/letter.pdf", withCookie(c.cookie));
    letterSha256 = sha(new Uint8Array(await letter.arrayBuffer()));
    const sent = await t.request(`${API}/${c.submission.id}/engagement/send`, withCookie(admin, post()));
    expect(sent.status).toBe(200);
    spareToken = heldToken(t, c.engagementId);

    const changed = await t.request(
      `${API}/${c.submission.id}`,
      withCookie(admin, { ...post({ status }), method: "PATCH" }),
    );
    expect(changed.status).toBe(200);
  });

  test("the signature is refused with the reason: 409, nothing signed, nothing in the ledger, no signed mail", async () => {
    const signed = await t.request(
      "/api/portal/sign",
      withCookie(c.cookie, post({ fullName: "Dana Whitfield", agree: true, letterSha256 })),
    );
    expect(signed.status).toBe(409);
    expect(await errorOf(signed)).toBe(`${opening}, so its letter can no longer be signed.`);

    const row = t.db
      .query<{ status: string; signedAt: string | null }, [number]>(
        "SELECT status, signed_at AS signedAt FROM engagements WHERE id = ?",
      )
      .get(c.engagementId);
    expect(row).toEqual({ status: "sent", signedAt: null });
    expect(count("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ?", c.engagementId)).toBe(0);
    expect(
      count(
        "SELECT count(*) AS n FROM mail_outbox WHERE submission_id = ? AND kind IN ('portal-signed-client', 'portal-signed-desk')",
        c.submission.id,
      ),
    ).toBe(0);
    expect(
      count(
        "SELECT count(*) AS n FROM engagement_events WHERE engagement_id = ? AND kind = 'signed'",
        c.engagementId,
      ),
    ).toBe(0);
  });

  test("the sign form posted without JavaScript comes back to /portal with the reason's word", async () => {
    const form = await t.request(
      "/api/portal/sign",
      pageForm(c.cookie, { fullName: "Dana Whitfield", agree: "on", letterSha256 }),
    );
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/portal?problem=${status}`);
    expect(count("SELECT count(*) AS n FROM ledger_entries WHERE engagement_id = ?", c.engagementId)).toBe(0);
  });

  test("the consent is refused with the reason too, and the request keeps the status staff gave it", async () => {
    const consent = await t.request("/api/portal/consent", withCookie(c.cookie, post({ consent: true })));
    expect(consent.status).toBe(409);
    expect(await errorOf(consent)).toBe(`${opening}, so its letter can no longer be consented to.`);
    const request = t.db
      .query<{ status: string }, [number]>("SELECT status FROM contact_submissions WHERE id = ?")
      .get(c.submission.id);
    expect(request?.status).toBe(status);
  });

  test("the session was ended with the change: reading the engagement with the old cookie is signed out", async () => {
    const view = await t.request("/api/portal", withCookie(c.cookie));
    expect(view.status).toBe(401);
    const page = await t.request("/portal", withCookie(c.cookie));
    expect(await page.text()).not.toContain("Dana Whitfield");
  });

  test("the link sent before the change opens nothing, and says why; asking for a fresh one mails none", async () => {
    const opened = await t.request("/api/portal/session", post({ token: spareToken }));
    expect(opened.status).toBe(409);
    expect(await errorOf(opened)).toBe(`${opening}, so its portal can no longer be opened.`);
    expect(opened.headers.get("set-cookie")).toBeNull();
    // Pasted into the form shown without JavaScript: back to /portal with the reason, in the firm's words.
    const pasted = await t.request("/api/portal/session", pageForm("", { link: spareToken }));
    expect(pasted.status).toBe(303);
    expect(pasted.headers.get("location")).toBe(`/portal?problem=${status}`);
    expect(await (await t.request(`/portal?problem=${status}`)).text()).toContain(
      `${opening}, so its portal can no longer be used`,
    );
    const links = () =>
      count("SELECT count(*) AS n FROM portal_links WHERE engagement_id = ?", c.engagementId);
    const before = links();
    expect(
      count(
        "SELECT count(*) AS n FROM portal_links WHERE engagement_id = ? AND used_at IS NULL AND voided_at IS NULL",
        c.engagementId,
      ),
    ).toBe(0);
    const asked = await t.request("/api/portal/link", post({ email: `client-${status}@example.com` }));
    expect(asked.status).toBe(202);
    expect(links()).toBe(before);
  });

  test("staff can send no link either, and the 409 says why", async () => {
    const sent = await t.request(`${API}/${c.submission.id}/engagement/send`, withCookie(admin, post()));
    expect(sent.status).toBe(409);
    expect(await errorOf(sent)).toBe(
      `${opening}, so no portal link can be sent. Change its status first if the client still needs the portal.`,
    );
  });
});
