import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { createApp } from "../../../src/app";
import type { MfaEnrolment } from "../../../src/contracts/admin-auth";
import { MANIFEST } from "../../../src/generated/assets";
import { createSessionStore } from "../../../src/modules/auth";
import { openDataStore } from "../../../src/ops/data-store";
import { loadSessionSecrets } from "../../../src/secrets";
import { cookieFrom, post, signIn, totpCode, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";

setDefaultTimeout(30_000);

/**
 * A session records how it was signed in (password alone, or password and a second factor), and the rule in
 * force now decides what it opens, on every request: a restart that starts requiring two-step sign-in, or an
 * admin turning it on, leaves no password-only session with more than a fresh password-only sign-in would get.
 */
const USER = "riley";
const PASSWORD = "beneficial owners matter";
let clock = Date.parse("2026-11-23T10:00:00Z");
const now = () => new Date(clock);
const tick = () => {
  clock += 30_000;
};

/** The admin's screens' data: what a session that may not be fully signed in must not read. */
const GUARDED = ["/api/admin/submissions", "/api/admin/staff", "/api/admin/audit"];

type Request = (path: string, init?: RequestInit) => Response | Promise<Response>;

const statusesOf = async (request: Request, cookie: string) =>
  Promise.all(GUARDED.map(async (path) => [path, (await request(path, withCookie(cookie))).status]));

/** Sets up two-step sign-in on a session; returns the secret and the cookie to use from then on. */
async function enrol(request: Request, cookie: string) {
  const start = await request("/api/admin/account/mfa/enrol", withCookie(cookie, post()));
  const { secret } = (await start.json()) as MfaEnrolment;
  const confirm = await request(
    "/api/admin/account/mfa/confirm",
    withCookie(cookie, post({ code: totpCode(secret, clock) })),
  );
  expect(confirm.status).toBe(200);
  return { secret, cookie: confirm.headers.get("set-cookie") ? cookieFrom(confirm) : cookie };
}

async function signInWithCode(request: Request, secret: string) {
  tick();
  const first = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
  const second = await request(
    "/api/admin/login/mfa",
    withCookie(cookieFrom(first), post({ code: totpCode(secret, clock) })),
  );
  expect(second.status).toBe(200);
  return cookieFrom(second);
}

/** The same data folder served again, as after a restart with other settings. */
function restart(dataDir: string, env: Record<string, string>) {
  const config = loadTestConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, ...env });
  const store = openDataStore(config, { clock: now });
  const { db } = store;
  const app = createApp({ config, store, manifest: MANIFEST });
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`${ORIGIN}${path}`, init));
  return { db, config, request };
}

describe("a restart that starts requiring two-step sign-in", () => {
  const before = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "false" },
    { now },
  );

  test("leaves a password-only session the enrolment step and nothing else", async () => {
    const cookie = await signIn(before.request, USER, PASSWORD);
    expect(await statusesOf(before.request, cookie)).toEqual(GUARDED.map((p) => [p, 200]));

    const after = restart(before.dataDir, { REQUIRE_MFA: "true" });
    expect(await statusesOf(after.request, cookie)).toEqual(GUARDED.map((p) => [p, 403]));
    const refused = await after.request("/api/admin/audit", withCookie(cookie));
    expect(await refused.json()).toEqual({ error: "Set up two-step sign-in to continue." });
    expect(await (await after.request("/api/admin/auth/status", withCookie(cookie))).json()).toEqual({
      authenticated: true,
      username: USER,
      shownAs: USER,
      role: "owner",
      mfaEnrolmentRequired: true,
    });
    const screen = await after.request("/admin/dashboard", withCookie(cookie));
    expect(screen.headers.get("location")).toBe("/admin/account");

    // As after a fresh sign-in: setting it up opens everything, with a new session id.
    const enrolled = await enrol(after.request, cookie);
    expect(enrolled.cookie).not.toBe(cookie);
    expect(await statusesOf(after.request, enrolled.cookie)).toEqual(GUARDED.map((p) => [p, 200]));
    expect((await after.request("/api/admin/audit", withCookie(cookie))).status).toBe(401);
    after.db.close();
  });
});

describe("a session signed in with a second factor", () => {
  const before = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "false" },
    { now },
  );

  test("stays open when the rule starts requiring it, and through a password change", async () => {
    const first = await signIn(before.request, USER, PASSWORD);
    const { secret } = await enrol(before.request, first);
    const cookie = await signInWithCode(before.request, secret);

    const after = restart(before.dataDir, { REQUIRE_MFA: "true" });
    expect(await statusesOf(after.request, cookie)).toEqual(GUARDED.map((p) => [p, 200]));
    const changed = await after.request(
      "/api/admin/account/password",
      withCookie(
        cookie,
        post({ currentPassword: PASSWORD, newPassword: `${PASSWORD}!`, confirmPassword: `${PASSWORD}!` }),
      ),
    );
    expect(changed.status).toBe(200);
    expect(await statusesOf(after.request, cookieFrom(changed))).toEqual(GUARDED.map((p) => [p, 200]));
    after.db.close();
  });

  test("the session that turned it on counts as signed in with it; a password-only one of that admin does not", async () => {
    const { db, config, request } = makeTestApp(
      { ADMIN_USERNAME: "casey", ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "false" },
      { now },
    );
    const cookie = await signIn(request, "casey", PASSWORD);
    const enrolled = await enrol(request, cookie);
    expect(await statusesOf(request, enrolled.cookie)).toEqual(GUARDED.map((p) => [p, 200]));

    // A password-only session of an admin who has a second factor (one recorded before sessions said how they
    // were signed in): a fresh sign-in with the password alone would only reach the code step.
    const { id } = db.query("SELECT id FROM admin_users WHERE username = 'casey'").get() as { id: number };
    const store = createSessionStore({ db, secrets: loadSessionSecrets(config), secure: false, now });
    const { setCookie } = await store.create(id, "active");
    const passwordOnly = setCookie.split(";")[0]!;
    expect(await statusesOf(request, passwordOnly)).toEqual(GUARDED.map((p) => [p, 401]));
    expect(await (await request("/api/admin/auth/status", withCookie(passwordOnly))).json()).toEqual({
      authenticated: false,
    });
  });
});

describe("turning two-step sign-in on", () => {
  test("ends the admin's other sessions and keeps this one (not required)", async () => {
    const { request } = makeTestApp(
      { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "false" },
      { now },
    );
    const here = await signIn(request, USER, PASSWORD);
    const elsewhere = await signIn(request, USER, PASSWORD);
    const enrolled = await enrol(request, here);
    expect(await statusesOf(request, enrolled.cookie)).toEqual(GUARDED.map((p) => [p, 200]));
    expect(await statusesOf(request, elsewhere)).toEqual(GUARDED.map((p) => [p, 401]));
  });

  test("ends the admin's other sessions when set up at a required enrolment", async () => {
    const { request } = makeTestApp(
      { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "true" },
      { now },
    );
    const here = cookieFrom(await request("/api/admin/login", post({ username: USER, password: PASSWORD })));
    const elsewhere = cookieFrom(
      await request("/api/admin/login", post({ username: USER, password: PASSWORD })),
    );
    const enrolled = await enrol(request, here);
    expect(await statusesOf(request, enrolled.cookie)).toEqual(GUARDED.map((p) => [p, 200]));
    expect(await statusesOf(request, elsewhere)).toEqual(GUARDED.map((p) => [p, 401]));
    expect((await request("/api/admin/account/mfa", withCookie(elsewhere))).status).toBe(401);
  });
});
