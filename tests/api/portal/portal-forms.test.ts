import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";

// An intake, a sealed signature: slow on a busy machine.
setDefaultTimeout(30_000);

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const portal = t.app.decorator.portal;

/** A form as a browser without JavaScript sends it: form-encoded, asking for a page, from this site. */
const form = (
  cookie: string,
  fields: Record<string, string>,
  origin = "http://localhost:3000",
): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html,application/xhtml+xml",
    origin,
    cookie,
  },
  body: new URLSearchParams(fields).toString(),
});

/** The letter the sign form on /portal names in its hidden field, as a browser without a script posts it. */
async function letterNamedOnPage(cookie: string) {
  const html = await (await t.request("/portal", { headers: { cookie, accept: "text/html" } })).text();
  const named = /<input[^>]*name="letterSha256"[^>]*value="([0-9a-f]{64})"/.exec(html)?.[1];
  if (!named) throw new Error("no letter named by the sign form");
  return named;
}

describe("the portal's consent and signature without JavaScript", () => {
  let client = "";
  let engagementId = 0;

  test("a client with a portal session", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    // Opened as its mail carries the link (the helper refuses any step that is not 200); the session is live.
    const dana = await portalClient(t, clock.at, admin, {
      email: "dana@whitfieldmoss.example",
      sign: false,
    });
    engagementId = dana.engagementId;
    client = dana.cookie;
    const opened = await t.request("/api/portal", withCookie(client));
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { engagement: { status: string } }).engagement.status).toBe("sent");
  });

  test("a form from another site is refused, and nothing is recorded", async () => {
    const res = await t.request(
      "/api/portal/consent",
      form(client, { consent: "on" }, "https://evil.example"),
    );
    expect(res.status).toBe(403);
    expect(portal.repo.byId(engagementId)?.consentedAt).toBeNull();
  });

  test("signing before consent, or without the box ticked, comes back to /portal naming what is missing", async () => {
    const early = await t.request(
      "/api/portal/sign",
      form(client, {
        fullName: "Dana Whitfield",
        agree: "on",
        letterSha256: portal.repo.byId(engagementId)?.letterSha256 ?? "",
      }),
    );
    expect(early.status).toBe(303);
    expect(early.headers.get("location")).toBe("/portal?problem=consent-first");
    const unticked = await t.request("/api/portal/consent", form(client, {}));
    expect(unticked.status).toBe(303);
    expect(unticked.headers.get("location")).toBe("/portal?problem=consent");
    expect(portal.repo.byId(engagementId)?.consentedAt).toBeNull();
  });

  test("consent and signature posted as plain forms are recorded and answered with a redirect to /portal", async () => {
    const consent = await t.request("/api/portal/consent", form(client, { consent: "on" }));
    expect(consent.status).toBe(303);
    expect(consent.headers.get("location")).toBe("/portal");
    expect(portal.repo.byId(engagementId)?.consentedAt).toBe(clock.at.toISOString());

    const letterSha256 = await letterNamedOnPage(client);
    expect(letterSha256).toBe(portal.repo.byId(engagementId)?.letterSha256 ?? "");
    const noAgree = await t.request(
      "/api/portal/sign",
      form(client, { fullName: "Dana Whitfield", letterSha256 }),
    );
    // The name typed, the box not ticked: the problem named is the box (issue 33).
    expect(noAgree.headers.get("location")).toBe("/portal?problem=sign-agree");
    // A form naming another letter than the one this page showed signs nothing.
    const another = await t.request(
      "/api/portal/sign",
      form(client, { fullName: "Dana Whitfield", agree: "on", letterSha256: "0".repeat(64) }),
    );
    expect(another.headers.get("location")).toBe("/portal?problem=letter-changed");
    expect(portal.repo.byId(engagementId)?.signedAt).toBeNull();
    const signed = await t.request(
      "/api/portal/sign",
      form(client, { fullName: "Dana Whitfield", agree: "on", letterSha256 }),
    );
    expect(signed.status).toBe(303);
    expect(signed.headers.get("location")).toBe("/portal");
    expect(portal.repo.byId(engagementId)).toMatchObject({ signedName: "Dana Whitfield" });
    const again = await t.request(
      "/api/portal/sign",
      form(client, { fullName: "Dana Whitfield", agree: "on", letterSha256 }),
    );
    expect(again.headers.get("location")).toBe("/portal?problem=already-signed");
  });

  test("a form without a session comes back to /portal to ask for a fresh link", async () => {
    const res = await t.request("/api/portal/consent", form("", { consent: "on" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal?problem=signed-out");
  });
});
