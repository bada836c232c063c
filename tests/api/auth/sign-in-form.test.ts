import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { MfaEnrolment } from "../../../src/contracts/admin-auth";
import { cookieFrom, post, signIn, totpCode, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

setDefaultTimeout(30_000);

/**
 * The sign-in forms as a browser posts them before (or without) the page's script: each answer is a page or a
 * redirect, never JSON, and the steps are the JSON routes' own.
 */
const USER = "morgan";
const PASSWORD = "follow the wire transfers";
let clock = Date.parse("2026-06-01T10:00:00Z");
const { request } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
  { now: () => new Date(clock) },
);

/** The form as the browser encodes it, from the page's own origin, asking for a page. */
const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html,application/xhtml+xml",
    origin: ORIGIN,
    "sec-fetch-site": "same-origin",
    ...(cookie ? { cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
});

/** The page data the answer was rendered with (what hydration reads). */
async function pageState(res: Response) {
  expect(res.headers.get("content-type")).toStartWith("text/html");
  const html = await res.text();
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { html, login: (JSON.parse(json ?? "{}") as { login?: Record<string, unknown> }).login };
}

describe("the sign-in form posted without a script", () => {
  test("a wrong password answers the page again, 401, with the message and the username kept", async () => {
    const res = await request("/admin/login", form({ username: USER, password: "not it" }));
    expect(res.status).toBe(401);
    const { html, login } = await pageState(res);
    expect(login).toEqual({ step: "password", username: USER, error: "Invalid username or password" });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Invalid username or password");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test("a field left empty answers 422 with the field's message", async () => {
    const res = await request("/admin/login", form({ username: "", password: "x" }));
    expect(res.status).toBe(422);
    expect((await pageState(res)).login?.error).toBe("Username is required");
  });

  test("the right password redirects to the dashboard with a session that opens the admin", async () => {
    const res = await request("/admin/login", form({ username: USER, password: PASSWORD }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/dashboard");
    const cookie = cookieFrom(res);
    const status = await (await request("/api/admin/auth/status", withCookie(cookie))).json();
    expect(status).toMatchObject({ authenticated: true, username: USER });
  });

  test("with an authenticator app: the code step as a page, then a redirect once the code is right", async () => {
    // Two-step sign-in set up through the account's own routes.
    const setup = await signIn(request, USER, PASSWORD);
    const enrol = (await (
      await request("/api/admin/account/mfa/enrol", withCookie(setup, post()))
    ).json()) as MfaEnrolment;
    clock += 30_000;
    const confirmed = await request(
      "/api/admin/account/mfa/confirm",
      withCookie(setup, post({ code: totpCode(enrol.secret, clock) })),
    );
    expect(confirmed.status).toBe(200);

    const password = await request("/admin/login", form({ username: USER, password: PASSWORD }));
    expect(password.status).toBe(200);
    expect((await pageState(password)).login).toEqual({ step: "code" });
    const pending = cookieFrom(password);

    const malformed = await request("/admin/login", form({ step: "code", code: "12ab" }, pending));
    expect(malformed.status).toBe(422);
    expect((await pageState(malformed)).login).toEqual({
      step: "code",
      error: "Enter the 6-digit code from your authenticator app",
    });

    clock += 30_000;
    const wrongCode = String((Number(totpCode(enrol.secret, clock)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await request("/admin/login", form({ step: "code", code: wrongCode }, pending));
    expect(wrong.status).toBe(401);
    expect((await pageState(wrong)).login?.step).toBe("code");

    const right = await request(
      "/admin/login",
      form({ step: "code", code: totpCode(enrol.secret, clock) }, pending),
    );
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/admin/dashboard");
    const status = await (await request("/api/admin/auth/status", withCookie(cookieFrom(right)))).json();
    expect(status).toMatchObject({ authenticated: true, username: USER });
  });

  test("a code with no sign-in pending goes back to the password step with the reason", async () => {
    const res = await request("/admin/login", form({ step: "code", code: "123456" }));
    expect(res.status).toBe(401);
    expect((await pageState(res)).login).toEqual({
      step: "password",
      error: "Your sign-in has expired. Enter your username and password again.",
    });
  });

  test("a form posted from another site is refused before it is read", async () => {
    const res = await request("/admin/login", {
      ...form({ username: USER, password: PASSWORD }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://elsewhere.example",
        "sec-fetch-site": "cross-site",
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
