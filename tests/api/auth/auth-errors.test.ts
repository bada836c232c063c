import { describe, expect, test } from "bun:test";
import type { MfaEnrolment } from "../../../src/contracts/admin-auth";
import { MESSAGES } from "../../../src/modules/auth/model";
import { cookieFrom, post, signIn, totpCode, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

/** The account refusals the other admin tests do not walk, with the exact status and body. */

const USER = "sasha";
const PASSWORD = "reconcile every account";
const clock = Date.parse("2026-06-01T10:00:00Z");
const { request } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
  { now: () => new Date(clock) },
);
const answer = async (res: Response | Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: await r.json() };
};

describe("the Account screen's refusals", () => {
  test("the new password must differ from the current one", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const same = { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD };
    expect(await answer(request("/api/admin/account/password", withCookie(cookie, post(same))))).toEqual({
      status: 422,
      body: { errors: { newPassword: [MESSAGES.samePassword] } },
    });
  });

  test("two-step sign-in: confirmed only once started, started and turned off only in the right state", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const confirm = (code: string) =>
      answer(request("/api/admin/account/mfa/confirm", withCookie(cookie, post({ code }))));
    expect(await confirm("123456")).toEqual({ status: 409, body: { error: MESSAGES.mfaNotStarted } });
    expect(
      await answer(
        request("/api/admin/account/mfa/disable", withCookie(cookie, post({ password: PASSWORD }))),
      ),
    ).toEqual({ status: 409, body: { error: MESSAGES.mfaNotEnabled } });

    const enrol = await request("/api/admin/account/mfa/enrol", withCookie(cookie, post()));
    const { secret } = (await enrol.json()) as MfaEnrolment;
    expect((await confirm(totpCode(secret, clock))).status).toBe(200);
    expect(await answer(request("/api/admin/account/mfa/enrol", withCookie(cookie, post())))).toEqual({
      status: 409,
      body: { error: MESSAGES.mfaAlreadyEnabled },
    });
    expect(await confirm(totpCode(secret, clock))).toEqual({
      status: 409,
      body: { error: MESSAGES.mfaAlreadyEnabled },
    });
  });
});

describe("what is refused before the body is read", () => {
  test("the code step with no pending sign-in is the 401 whatever was sent, so the screen asks for the password again", async () => {
    const fresh = makeTestApp(
      { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
      { now: () => new Date(clock) },
    );
    for (const body of [{ code: "123456" }, { code: "not a code" }, {}, undefined]) {
      expect(await answer(fresh.request("/api/admin/login/mfa", post(body)))).toEqual({
        status: 401,
        body: { error: MESSAGES.noPendingSignIn },
      });
    }
    // A signed-in session has no pending code step either.
    const cookie = await signIn(fresh.request, USER, PASSWORD);
    expect(await answer(fresh.request("/api/admin/login/mfa", withCookie(cookie, post({}))))).toEqual({
      status: 401,
      body: { error: MESSAGES.noPendingSignIn },
    });
  });

  test("turning two-step sign-in off where it is required is the 409 whatever was sent", async () => {
    const required = makeTestApp(
      { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, REQUIRE_MFA: "true" },
      { now: () => new Date(clock) },
    );
    // Required: the first sign-in sets up two-step sign-in, which finishes it.
    const enrolling = await signIn(required.request, USER, PASSWORD);
    const enrol = await required.request("/api/admin/account/mfa/enrol", withCookie(enrolling, post()));
    const { secret } = (await enrol.json()) as MfaEnrolment;
    const confirmed = await required.request(
      "/api/admin/account/mfa/confirm",
      withCookie(enrolling, post({ code: totpCode(secret, clock) })),
    );
    expect(confirmed.status).toBe(200);
    const cookie = cookieFrom(confirmed);
    for (const body of [{ password: PASSWORD }, { password: 42 }, {}]) {
      expect(
        await answer(required.request("/api/admin/account/mfa/disable", withCookie(cookie, post(body)))),
      ).toEqual({ status: 409, body: { error: MESSAGES.mfaRequiredHere } });
    }
  });
});
