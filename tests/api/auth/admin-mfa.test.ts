import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { MfaEnrolment } from "../../../src/contracts/admin-auth";
import { listAudit } from "../../../src/modules/audit";
import { cookieFrom, post, signIn, totpCode, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

setDefaultTimeout(30_000);

const USER = "riley";
const PASSWORD = "beneficial owners matter";
let clock = Date.parse("2026-06-01T10:00:00Z");
const tick = () => {
  clock += 30_000;
};
const { request, db, store } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
  { now: () => new Date(clock) },
);
const code = (secret: string) => totpCode(secret, clock);
const status = async (cookie: string) => (await request("/api/admin/auth/status", withCookie(cookie))).json();

let secret = "";
let recoveryCodes: string[] = [];

describe("enrolment", () => {
  test("gives a QR code (SVG) and the secret, and turns on only after a right code", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const before = await request("/api/admin/account/mfa", withCookie(cookie));
    expect(await before.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const res = await request("/api/admin/account/mfa/enrol", withCookie(cookie, post()));
    expect(res.status).toBe(200);
    const enrolment = (await res.json()) as MfaEnrolment;
    secret = enrolment.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toStartWith("otpauth://totp/Tracewell:riley?");
    expect(enrolment.otpauthUri).toContain(`secret=${secret}`);
    expect(enrolment.qrSvg).toStartWith("<svg");
    expect(enrolment.qrSvg).not.toContain("style=");
    expect(enrolment.qrSvg).not.toContain("<script");

    const wrong = await request(
      "/api/admin/account/mfa/confirm",
      withCookie(cookie, post({ code: "000000" })),
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      errors: { code: ["That code did not work. Check your authenticator app and try again."] },
    });
    const malformed = await request(
      "/api/admin/account/mfa/confirm",
      withCookie(cookie, post({ code: "12ab" })),
    );
    expect(await malformed.json()).toEqual({
      errors: { code: ["Enter the 6-digit code from your authenticator app"] },
    });

    const ok = await request(
      "/api/admin/account/mfa/confirm",
      withCookie(cookie, post({ code: code(secret) })),
    );
    expect(ok.status).toBe(200);
    recoveryCodes = ((await ok.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    const after = await request("/api/admin/account/mfa", withCookie(cookie));
    expect(await after.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // Only hashes are stored.
    const stored = db.query("SELECT code_hash FROM recovery_codes").all() as { code_hash: string }[];
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    expect(listAudit(store, { limit: 10 }).entries.some((e) => e.event === "mfa.enabled")).toBe(true);
  });

  test("cannot be started again while on", async () => {
    tick();
    const cookie = await signInWithCode();
    const res = await request("/api/admin/account/mfa/enrol", withCookie(cookie, post()));
    expect(res.status).toBe(409);
  });
});

async function signInWithCode(): Promise<string> {
  const first = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
  const pending = cookieFrom(first);
  const second = await request("/api/admin/login/mfa", withCookie(pending, post({ code: code(secret) })));
  if (second.status !== 200) throw new Error(`code step failed: ${second.status} ${await second.text()}`);
  return cookieFrom(second);
}

describe("signing in with two-step sign-in on", () => {
  test("the password alone gives a pending session that opens nothing", async () => {
    tick();
    const res = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: USER, mfaRequired: true });
    const pending = cookieFrom(res);
    expect(await status(pending)).toEqual({ authenticated: false, mfaRequired: true });
    expect((await request("/api/admin/audit", withCookie(pending))).status).toBe(401);
    expect((await request("/admin/dashboard", withCookie(pending))).headers.get("location")).toBe(
      "/admin/login",
    );
  });

  test("a wrong code is refused with 401; the right code signs in with a new session id", async () => {
    tick();
    const first = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    const pending = cookieFrom(first);
    const wrong = await request("/api/admin/login/mfa", withCookie(pending, post({ code: "123456" })));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: "That code did not work. Check your authenticator app and try again.",
    });
    const right = await request("/api/admin/login/mfa", withCookie(pending, post({ code: code(secret) })));
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ username: USER });
    const active = cookieFrom(right);
    expect(active).not.toBe(pending);
    expect(await status(active)).toEqual({
      authenticated: true,
      username: USER,
      shownAs: USER,
      role: "owner",
    });
    expect(await status(pending)).toEqual({ authenticated: false });
  });

  test("a code is accepted once: replaying it is refused", async () => {
    tick();
    const used = code(secret);
    const a = cookieFrom(await request("/api/admin/login", post({ username: USER, password: PASSWORD })));
    expect((await request("/api/admin/login/mfa", withCookie(a, post({ code: used })))).status).toBe(200);
    const b = cookieFrom(await request("/api/admin/login", post({ username: USER, password: PASSWORD })));
    expect((await request("/api/admin/login/mfa", withCookie(b, post({ code: used })))).status).toBe(401);
  });

  test("without a pending sign-in the code step answers 401", async () => {
    const res = await request("/api/admin/login/mfa", post({ code: "123456" }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: "Your sign-in has expired. Enter your username and password again.",
    });
  });

  test("a recovery code works once, in any case and with or without its hyphen", async () => {
    tick();
    const rc = recoveryCodes[0]!;
    const a = cookieFrom(await request("/api/admin/login", post({ username: USER, password: PASSWORD })));
    const ok = await request(
      "/api/admin/login/mfa",
      withCookie(a, post({ recoveryCode: rc.replace("-", "").toUpperCase() })),
    );
    expect(ok.status).toBe(200);
    const b = cookieFrom(await request("/api/admin/login", post({ username: USER, password: PASSWORD })));
    expect((await request("/api/admin/login/mfa", withCookie(b, post({ recoveryCode: rc })))).status).toBe(
      401,
    );
    const active = cookieFrom(ok);
    expect(await (await request("/api/admin/account/mfa", withCookie(active))).json()).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });
});

describe("turning it off", () => {
  test("needs the password, then sign-in asks for the password only", async () => {
    tick();
    const cookie = await signInWithCode();
    const wrong = await request(
      "/api/admin/account/mfa/disable",
      withCookie(cookie, post({ password: "nope" })),
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ errors: { password: ["Current password is incorrect"] } });
    const ok = await request(
      "/api/admin/account/mfa/disable",
      withCookie(cookie, post({ password: PASSWORD })),
    );
    expect(ok.status).toBe(200);
    const res = await request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    expect(await res.json()).toEqual({ username: USER });
    expect(listAudit(store, { limit: 10 }).entries.some((e) => e.event === "mfa.disabled")).toBe(true);
  });
});

describe("REQUIRE_MFA=1", () => {
  let rclock = Date.parse("2026-06-01T10:00:00Z");
  const strict = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "1" },
    { now: () => new Date(rclock) },
  );

  test("an admin without it is signed in only to set it up, then fully", async () => {
    const res = await strict.request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    expect(await res.json()).toEqual({ username: USER, mfaEnrolmentRequired: true });
    const enrolling = cookieFrom(res);
    const s = await strict.request("/api/admin/auth/status", withCookie(enrolling));
    expect(await s.json()).toEqual({
      authenticated: true,
      username: USER,
      shownAs: USER,
      role: "owner",
      mfaEnrolmentRequired: true,
    });
    // Nothing else opens: API answers 403, screens send you to the account screen.
    const audit = await strict.request("/api/admin/audit", withCookie(enrolling));
    expect(audit.status).toBe(403);
    expect(await audit.json()).toEqual({ error: "Set up two-step sign-in to continue." });
    const dash = await strict.request("/admin/dashboard", withCookie(enrolling));
    expect(dash.headers.get("location")).toBe("/admin/account");
    expect((await strict.request("/admin/account", withCookie(enrolling))).status).toBe(200);

    const enrol = await strict.request("/api/admin/account/mfa/enrol", withCookie(enrolling, post()));
    const { secret: s2 } = (await enrol.json()) as MfaEnrolment;
    const confirm = await strict.request(
      "/api/admin/account/mfa/confirm",
      withCookie(enrolling, post({ code: totpCode(s2, rclock) })),
    );
    expect(confirm.status).toBe(200);
    const active = cookieFrom(confirm);
    expect((await strict.request("/api/admin/audit", withCookie(active))).status).toBe(200);
    expect((await strict.request("/api/admin/audit", withCookie(enrolling))).status).toBe(401);

    const off = await strict.request(
      "/api/admin/account/mfa/disable",
      withCookie(active, post({ password: PASSWORD })),
    );
    expect(off.status).toBe(409);
    rclock += 30_000;
    const next = await strict.request("/api/admin/login", post({ username: USER, password: PASSWORD }));
    expect(await next.json()).toEqual({ username: USER, mfaRequired: true });
  });
});
