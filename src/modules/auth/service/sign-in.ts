import type { AuthStatus, LoginResult } from "../../../contracts/admin-auth";
import { UnauthorizedError } from "../../../contracts/errors";
import { hashRecoveryCode, verifyTotp } from "../lib/mfa";
import { verifyPassword } from "../lib/passwords";
import {
  DEMO_PASSWORD,
  DEMO_USERNAME,
  demoPasswordRefusal,
  type LoginInput,
  MESSAGES,
  type MfaLoginInput,
} from "../model";
import { staffNames } from "../repo/staff-names";
import {
  claimTotpStep,
  consumeRecoveryCode,
  findUserById,
  findUserByName,
  hasSecondFactor,
} from "../repo/users";
import type { AuthCore, SessionStep } from "./core";
import type { Session } from "./sessions";

/**
 * Signing in and out: the password, the second step (a code from the app or a recovery code) and what the
 * sign-in screen is told of the caller's session. Each takes what its route read, the caller's session and
 * client address.
 */
export function signInService(core: AuthCore) {
  const { store, config, now, sessions, demo, audit, signedIn, signInFailed, attempt } = core;
  return {
    status(session: Session | null): AuthStatus {
      const shownAs = () => (session && staffNames(store).ofId(session.userId)) ?? session?.username;
      if (session?.stage === "active")
        return { authenticated: true, username: session.username, shownAs: shownAs(), role: session.role };
      if (session?.stage === "enrol")
        return {
          authenticated: true,
          username: session.username,
          shownAs: shownAs(),
          role: session.role,
          mfaEnrolmentRequired: true,
        };
      const status: AuthStatus = { authenticated: false };
      if (session?.stage === "mfa") status.mfaRequired = true;
      if (demo.hash && findUserByName(store, DEMO_USERNAME)?.passwordHash === demo.hash) {
        status.demoCredentials = { username: DEMO_USERNAME, password: DEMO_PASSWORD };
      }
      return status;
    },

    async login(
      { username, password }: LoginInput,
      address: string,
      current: Session | null,
    ): Promise<SessionStep<LoginResult>> {
      const tries = attempt(username, address);

      const user = findUserByName(store, username);
      const passwordOk = await verifyPassword(password, user?.passwordHash, config.passwordCost);
      const demoRefused = passwordOk && demoPasswordRefusal(password, config.demo) !== null;
      if (!user || !passwordOk || demoRefused) {
        // An unknown username is often a password typed into the wrong field: it is not kept (issue 17, item 5).
        signInFailed(user, username, address, {
          reason: !user ? "unknown_username" : demoRefused ? "demo_password_outside_demo" : "wrong_password",
        });
        throw new UnauthorizedError(MESSAGES.invalidCredentials);
      }
      if (current) sessions.revoke(current.idHash);

      if (user.totpSecret) {
        const { setCookie } = await sessions.create(user.id, "mfa");
        audit("login.password_accepted", user, address);
        return { result: { username: user.username, mfaRequired: true }, setCookie };
      }
      // The account's second factor is a passkey, which signs in alone: the password opens nothing more, and
      // the attempt is not yet a success for the throttle.
      if (hasSecondFactor(store, user.id)) {
        audit("login.password_accepted", user, address, { next: "passkey" });
        return { result: { username: user.username, passkeyRequired: true } };
      }
      tries.succeeded();
      if (config.requireMfa) {
        const { setCookie } = await sessions.create(user.id, "enrol");
        signedIn(user, address, { mfa: "enrolment_required" });
        return { result: { username: user.username, mfaEnrolmentRequired: true }, setCookie };
      }
      const { setCookie } = await sessions.create(user.id, "active");
      signedIn(user, address);
      return { result: { username: user.username }, setCookie };
    },

    /** The second step: a code from the app, or an unused recovery code. */
    async completeMfa(
      proof: MfaLoginInput,
      address: string,
      session: Session | null,
    ): Promise<SessionStep<LoginResult>> {
      if (session?.stage !== "mfa") throw new UnauthorizedError(MESSAGES.noPendingSignIn);
      const tries = attempt(session.username, address);
      const user = findUserById(store, session.userId);
      if (!user?.totpSecret) throw new UnauthorizedError(MESSAGES.noPendingSignIn);

      let accepted = false;
      let via = "totp";
      if ("code" in proof) {
        const step = verifyTotp(user.totpSecret, proof.code, now());
        accepted = step !== null && claimTotpStep(store, user.id, step);
      } else {
        via = "recovery_code";
        accepted = consumeRecoveryCode(store, user.id, hashRecoveryCode(proof.recoveryCode), now());
      }
      if (!accepted) {
        signInFailed(user, session.username, address, {
          reason: via === "totp" ? "wrong_code" : "wrong_recovery_code",
        });
        throw new UnauthorizedError(MESSAGES.invalidCode);
      }
      tries.succeeded();
      sessions.revoke(session.idHash);
      const { setCookie } = await sessions.create(user.id, "active", "password+mfa");
      signedIn(user, address, { mfa: via });
      return { result: { username: user.username }, setCookie };
    },

    logout(session: Session | null, address: string): SessionStep<{ ok: true }> {
      if (session) {
        sessions.revoke(session.idHash);
        audit("logout", { id: session.userId, username: session.username }, address);
      }
      return { result: { ok: true }, setCookie: sessions.clearCookie() };
    },
  };
}
