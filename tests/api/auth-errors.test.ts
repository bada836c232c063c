import { describe, expect, test } from "bun:test";
import type { MfaEnrolment } from "../../src/contracts/admin-auth";
import { MESSAGES } from "../../src/modules/auth/model";
import { post, signIn, totpCode, withCookie } from "../helpers/admin";
import { makeTestApp } from "../helpers/app";

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
