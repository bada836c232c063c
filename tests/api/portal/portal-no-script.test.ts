import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { PORTAL_MESSAGES } from "../../../src/contracts/portal";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

// Two intakes and their engagements: slow on a busy machine.
setDefaultTimeout(30_000);

const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const ORIGIN = "http://localhost:3000";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const portal = t.app.decorator.portal;

/** A form as a browser without JavaScript sends it: form-encoded, asking for a page, from this site. */
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
const page = async (path: string, cookie = "") => {
  const res = await t.request(path, { headers: { cookie, accept: "text/html" } });
  return { res, html: await res.text() };
};
/** Whether the markup holds a form that a browser posts to `action` by itself. */
const postsTo = (html: string, action: string) =>
  [...html.matchAll(/<form[^>]*>/g)].some(
    ([tag]) => tag.includes(`action="${action}"`) && tag.includes('method="post"'),
  );
/** The page's visible text, roughly: markup dropped, entities of quotes and apostrophes read back. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

async function sentEngagement(email: string, scope: string) {
  const intake = await fileIntake(t, clock.at, { email });
  const admin = await signIn(t.request, USER, PASSWORD);
  const draft = { scope, feeCents: 350_000, feeKind: "flat", turnaroundBusinessDays: 5, expedite: false };
  await t.request(`${API}/${intake.id}/engagement`, withCookie(admin, { ...post(draft), method: "PUT" }));
  expect((await t.request(`${API}/${intake.id}/engagement/send`, withCookie(admin, post()))).status).toBe(
    200,
  );
  const id = portal.repo.bySubmission(intake.id)?.id ?? 0;
  return { id, reference: intake.reference, token: portal.repo.linkToken(id) ?? "" };
}

describe("the portal without JavaScript", () => {
  let dana: Awaited<ReturnType<typeof sentEngagement>>;
  let lee: Awaited<ReturnType<typeof sentEngagement>>;
  let client = "";

  test("two clients with engagements sent", async () => {
    dana = await sentEngagement(
      "dana@whitfieldmoss.example",
      "A sourced map of real property and entities in Cook County for the March deposition.",
    );
    lee = await sentEngagement(
      "lee@harborlaw.example",
      "Judgment collection research on two LLCs registered in Delaware and Nevada.",
    );
    expect(dana.token).not.toBe("");
  });

  test("/portal without a session offers, inside <noscript>, a form to paste the link into and one for a fresh link", async () => {
    const { res, html } = await page("/portal");
    expect(res.status).toBe(200);
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? "";
    expect(postsTo(noscript, "/api/portal/session")).toBe(true);
    expect(noscript).toMatch(/<input[^>]*name="link"/);
    expect(postsTo(noscript, "/api/portal/link")).toBe(true);
    expect(noscript).toMatch(/<input[^>]*name="email"/);
    // A client is not asked to request an intake.
    expect(html).not.toContain('data-testid="sticky-intake"');
  });

  test("the whole pasted link opens a session and comes back to /portal, which then shows that engagement only", async () => {
    const link = `${ORIGIN}/portal#token=${dana.token}`;
    const opened = await t.request("/api/portal/session", form({ link: `  ${link}  ` }));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/portal");
    client = cookieFrom(opened);
    expect(client).not.toBe("");

    const { res, html } = await page("/portal", client);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = textOf(html);
    expect(text).toContain(dana.reference);
    expect(text).toContain("Cook County");
    expect(text).not.toContain(lee.reference);
    expect(text).not.toContain("Delaware and Nevada");
    expect(postsTo(html, "/api/portal/consent")).toBe(true);

    // The rendered engagement is the session's, never the cache's: without the cookie, none is shown.
    const anonymous = textOf((await page("/portal")).html);
    expect(anonymous).not.toContain(dana.reference);
  });

  test("every portal page, with a session or without, tells search engines to keep it out of their index", async () => {
    for (const path of ["/portal", "/portal?problem=sign", "/portal?notice=link-sent"]) {
      for (const cookie of [client, ""]) {
        const { res } = await page(path, cookie);
        expect([path, cookie !== "", res.headers.get("x-robots-tag")]).toEqual([
          path,
          cookie !== "",
          "noindex, nofollow",
        ]);
      }
    }
  });

  test("consent and signature by plain forms, each answer a page showing the next step", async () => {
    await t.request("/api/portal/consent", form({ consent: "on" }, client));
    const { html } = await page("/portal", client);
    expect(textOf(html)).toContain("Sign the letter");
    // The form names the letter the page showed: the one the client downloads.
    const letterSha256 = /<input[^>]*name="letterSha256"[^>]*value="([0-9a-f]{64})"/.exec(html)?.[1] ?? "";
    const letter = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", { headers: { cookie: client } })).arrayBuffer(),
    );
    expect(letterSha256).toBe(new Bun.CryptoHasher("sha256").update(letter).digest("hex"));
    const unticked = await t.request(
      "/api/portal/sign",
      form({ fullName: "Dana Whitfield", letterSha256 }, client),
    );
    // The name typed, the box not ticked: the problem named is the box, said at it (issue 33).
    expect(unticked.headers.get("location")).toBe("/portal?problem=sign-agree");
    expect(textOf((await page("/portal?problem=sign-agree", client)).html)).toContain(
      'Tick "I agree to sign"',
    );
    const signed = await t.request(
      "/api/portal/sign",
      form({ fullName: "Dana Whitfield", agree: "on", letterSha256 }, client),
    );
    expect(signed.headers.get("location")).toBe("/portal");
    expect(textOf((await page("/portal", client)).html)).toContain("Download your signed letter (PDF)");
  });

  test("the token alone works too; a wrong or replaced link comes back with the way to a fresh one", async () => {
    const alone = await t.request("/api/portal/session", form({ link: lee.token }));
    expect(alone.headers.get("location")).toBe("/portal");
    for (const link of [`${ORIGIN}/portal#token=not-a-token-we-made`, "", "hello"]) {
      const refused = await t.request("/api/portal/session", form({ link }));
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe("/portal?problem=link");
      expect(refused.headers.get("set-cookie")).toBeNull();
    }
    const { html } = await page("/portal?problem=link");
    expect(textOf(html)).toContain(PORTAL_MESSAGES.linkInvalid);
  });

  test("a fresh link asked for by a plain form comes back to a page that says so, known address or not", async () => {
    for (const email of ["dana@whitfieldmoss.example", "nobody@nowhere.example", "not an address"]) {
      const res = await t.request("/api/portal/link", form({ email }));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/portal?notice=link-sent");
    }
    expect(textOf((await page("/portal?notice=link-sent")).html)).toContain(PORTAL_MESSAGES.linkRequested);
    // Words the address brings that the page does not know are not shown.
    expect(textOf((await page("/portal?notice=Call%20555-0100")).html)).not.toContain("555-0100");
  });

  test("the JSON callers still get JSON", async () => {
    // Lee's link opened the portal above, and each link opens it once: a fresh one from the desk does.
    const used = await t.request(
      "/api/portal/session",
      post({ link: `${ORIGIN}/portal#token=${lee.token}` }),
    );
    expect([used.status, await used.json()]).toEqual([401, { error: PORTAL_MESSAGES.linkUsed }]);
    const admin = await signIn(t.request, USER, PASSWORD);
    const submissionId = portal.repo.byId(lee.id)?.submissionId as number;
    expect(
      (await t.request(`${API}/${submissionId}/engagement/send`, withCookie(admin, post()))).status,
    ).toBe(200);
    const fresh = portal.repo.linkToken(lee.id) ?? "";
    const res = await t.request("/api/portal/session", post({ link: `${ORIGIN}/portal#token=${fresh}` }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { engagement: { reference: string } }).engagement.reference).toBe(
      lee.reference,
    );
  });
});
