import type { MfaEnrolment, MfaStatus } from "../../../contracts/admin-auth";
import { ConflictError, InvalidError } from "../../../contracts/errors";
import { enrolmentFor, hashRecoveryCode, newRecoveryCodes, newTotpSecret, verifyTotp } from "../lib/mfa";
import { hashPassword, verifyPassword } from "../lib/passwords";
import {
  DEMO_PASSWORD,
  DEMO_USERNAME,
  demoPasswordRefusal,
  MESSAGES,
  type MfaConfirmInput,
  type MfaDisableInput,
  type PasswordChangeInput,
} from "../model";
import {
  countRecoveryCodesLeft,
  disableTotp,
  enableTotp,
  findUserById,
  setPendingTotp,
  updatePasswordHash,
} from "../repo/users";
import type { AuthCore, SessionStep } from "./core";
import type { Session } from "./sessions";

/**
 * A signed-in admin's own account: the password and two-step sign-in. Each takes what its route read, the
 * caller's session and client address; a check of a secret goes through the sign-in throttle.
 */
export function accountService(core: AuthCore) {
  const { store, db, config, now, sessions, demo, audit, attempt, accountOf } = core;
  return {
    async changePassword(
      session: Session,
      { currentPassword, newPassword }: PasswordChangeInput,
      address: string,
    ): Promise<SessionStep<{ ok: true }>> {
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      if (!(await verifyPassword(currentPassword, user.passwordHash, config.passwordCost))) {
        audit("password.change_failed", user, address, { reason: "wrong_current_password" });
        throw new InvalidError({ currentPassword: [MESSAGES.currentPasswordWrong] });
      }
      tries.succeeded();
      if (currentPassword === newPassword) throw new InvalidError({ newPassword: [MESSAGES.samePassword] });
      const refused = demoPasswordRefusal(newPassword, config.demo);
      if (refused) throw new InvalidError({ newPassword: [refused] });
      const hash = await hashPassword(newPassword, config.passwordCost);
      db.transaction(() => {
        updatePasswordHash(store, user.id, hash, now());
        sessions.revokeAllForUser(user.id);
      })();
      // Setting the demo password back restores the truthful demo hint.
      if (config.demo && user.username === DEMO_USERNAME && newPassword === DEMO_PASSWORD) demo.hash = hash;
      const { setCookie } = await sessions.create(
        user.id,
        session.stage === "enrol" ? "enrol" : "active",
        session.signedInWith,
      );
      audit("password.changed", user, address, { via: "account", otherSessionsRevoked: true });
      return { result: { ok: true }, setCookie };
    },

    mfaStatus(session: Session): MfaStatus {
      const user = findUserById(store, session.userId);
      return {
        enabled: Boolean(user?.totpSecret),
        recoveryCodesLeft: user ? countRecoveryCodesLeft(store, user.id) : 0,
        required: config.requireMfa,
      };
    },

    async startEnrolment(session: Session): Promise<MfaEnrolment> {
      const user = accountOf(session);
      if (user.totpSecret) throw new ConflictError(MESSAGES.mfaAlreadyEnabled);
      const secret = newTotpSecret();
      setPendingTotp(store, user.id, secret);
      return enrolmentFor(secret, config.brand.name, user.username);
    },

    async confirmEnrolment(
      session: Session,
      { code }: MfaConfirmInput,
      address: string,
    ): Promise<SessionStep<{ recoveryCodes: string[] }>> {
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      if (user.totpSecret) throw new ConflictError(MESSAGES.mfaAlreadyEnabled);
      const pending = user.totpPendingSecret;
      if (!pending) throw new ConflictError(MESSAGES.mfaNotStarted);
      const step = verifyTotp(pending, code, now());
      if (step === null) throw new InvalidError({ code: [MESSAGES.invalidCode] });
      tries.succeeded();
      const codes = newRecoveryCodes();
      // The admin's other sessions were signed in with the password alone: they end. This one has just shown
      // the second factor and counts as signed in with it.
      db.transaction(() => {
        enableTotp(store, user.id, pending, step, codes.map(hashRecoveryCode));
        sessions.revokeOthersForUser(user.id, session.idHash);
        sessions.recordSecondFactor(session.idHash);
      })();
      audit("mfa.enabled", user, address, { otherSessionsRevoked: true });
      let setCookie: string | undefined;
      if (session.stage === "enrol") {
        // Enrolment finished the sign-in: a fresh id for the now fully signed-in session.
        sessions.revoke(session.idHash);
        setCookie = (await sessions.create(user.id, "active", "password+mfa")).setCookie;
      }
      return { result: { recoveryCodes: codes }, setCookie };
    },

    async disableMfa(
      session: Session,
      { password }: MfaDisableInput,
      address: string,
    ): Promise<{ ok: true }> {
      if (config.requireMfa) throw new ConflictError(MESSAGES.mfaRequiredHere);
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      if (!user.totpSecret) throw new ConflictError(MESSAGES.mfaNotEnabled);
      if (!(await verifyPassword(password, user.passwordHash, config.passwordCost))) {
        throw new InvalidError({ password: [MESSAGES.currentPasswordWrong] });
      }
      tries.succeeded();
      disableTotp(store, user.id);
      audit("mfa.disabled", user, address);
      return { ok: true };
    },
  };
}
