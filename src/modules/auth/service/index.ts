import * as v from "valibot";
import type { Config } from "../../../config";
import { ConfigError } from "../../../config";
import {
  type AuthStatus,
  type LoginResult,
  type MfaEnrolment,
  type MfaStatus,
  NewPasswordSchema,
  UsernameSchema,
} from "../../../contracts/admin-auth";
import {
  ConflictError,
  InvalidError,
  invalidInput,
  TooManyRequestsError,
  UnauthorizedError,
} from "../../../http/errors";
import { createRateLimiter, type RateLimiter, retryAfterText } from "../../../http/rate-limit";
import type { Logger } from "../../../log";
import type { Sealed } from "../../../store";
import { writeAudit } from "../../audit";
import { enrolmentFor, hashRecoveryCode, newRecoveryCodes, newTotpSecret, verifyTotp } from "../lib/mfa";
import { hashPassword, hashPasswordSync, verifyPassword } from "../lib/passwords";
import {
  DEMO_PASSWORD,
  DEMO_USERNAME,
  demoPasswordRefusal,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_USERNAME,
  LOGIN_WINDOW_MS,
  LoginSchema,
  MESSAGES,
  MfaConfirmSchema,
  MfaDisableSchema,
  MfaLoginSchema,
  PasswordChangeSchema,
} from "../model";
import { createSessionStore, type Session } from "../repo/sessions";
import { staffNames } from "../repo/staff-names";
import {
  adminsHoldingDemoPassword,
  claimTotpStep,
  consumeRecoveryCode,
  countRecoveryCodesLeft,
  disableTotp,
  enableTotp,
  findAccountByName,
  findUserById,
  findUserByName,
  insertAdmin,
  recordSignIn,
  setPendingTotp,
  updatePasswordHash,
} from "../repo/users";

export type AuthDeps = {
  store: Sealed;
  config: Config;
  secrets: string[];
  logger: Logger;
  now: () => Date;
  /** The sign-in throttle's limiter; tests pass one that shows the keys it is given. */
  createLimiter?: (opts: Parameters<typeof createRateLimiter>[0]) => RateLimiter;
};

/**
 * A step that opens, renews or ends a session: what the client reads, and the Set-Cookie header value the
 * session store made for it, which the route sends along (none when the session is unchanged).
 */
export type SessionStep<T> = { result: T; setCookie?: string };

/** Per process: a throttle key never holds what was typed, and means nothing after a restart. */
const THROTTLE_KEY = crypto.getRandomValues(new Uint8Array(32));

/**
 * The throttle's key for a username: a keyed hash of its lower-cased form, so "Dana" and "dana" count as one
 * and a password typed into the username field is not kept in memory for the window.
 */
const throttleKey = (username: string) =>
  new Bun.CryptoHasher("sha256", THROTTLE_KEY).update(username.toLowerCase()).digest("base64url");

/**
 * Sign-in, sessions, password changes and two-step sign-in, as plain functions over the database. Handlers
 * pass in the parsed body, the caller's session and client address; nothing here sees an HTTP context.
 */
export function createAuthService(deps: AuthDeps) {
  const { store, config, logger, now } = deps;
  const { db } = store;
  const sessions = createSessionStore({ db, secrets: deps.secrets, secure: config.secure, now });
  const clock = () => now().getTime();
  const createLimiter = deps.createLimiter ?? createRateLimiter;
  const byUsername = createLimiter({
    limit: LOGIN_FAILURES_PER_USERNAME,
    windowMs: LOGIN_WINDOW_MS,
    now: clock,
  });
  const byAddress = createLimiter({
    limit: LOGIN_FAILURES_PER_ADDRESS,
    windowMs: LOGIN_WINDOW_MS,
    now: clock,
  });
  /** The demo admin's hash while it still holds the demo password (DEMO=1), else undefined. */
  let demoHash: string | undefined;

  const audit = (
    event: string,
    who: { id?: number; username?: string } | null,
    address: string,
    detail?: Record<string, string | number | boolean | null>,
  ) =>
    writeAudit(store, {
      event,
      userId: who?.id,
      username: who?.username,
      clientAddress: address,
      detail,
      at: now(),
    });

  /** A completed sign-in: the Staff screen shows its time, the audit log its details. */
  const signedIn = (
    user: { id: number; username: string },
    address: string,
    detail?: Record<string, string | number | boolean | null>,
  ) => {
    recordSignIn(store, user.id, now());
    audit("login.succeeded", user, address, detail);
  };

  /**
   * Counts an attempt for the username and the address before the (slow) check runs, so parallel guesses
   * cannot slip past the limit while earlier ones are still hashing. Throws when over the limit; else returns
   * `succeeded`, to call when the attempt turned out right (the username's count is cleared and the address
   * gets its attempt back).
   */
  const attempt = (username: string, address: string) => {
    const key = throttleKey(username);
    const decisions = [byUsername.hit(key), byAddress.hit(address)];
    const refused = decisions.find((d) => !d.allowed);
    if (refused && !refused.allowed) {
      logger.warn("login_throttled", { address });
      throw new TooManyRequestsError(
        MESSAGES.throttled(retryAfterText(refused.retryAfterSeconds)),
        refused.retryAfterSeconds,
      );
    }
    return {
      succeeded: () => {
        byUsername.reset(key);
        byAddress.refund(address);
      },
    };
  };

  /** The signed-in admin's row; gone only if they were removed meanwhile, which signs them out. */
  const accountOf = (session: Session) => {
    const user = findUserById(store, session.userId);
    if (!user) throw new UnauthorizedError(MESSAGES.unauthenticated);
    return user;
  };

  /**
   * Creates an admin; refuses a taken username or a password outside the policy. Like setPassword, it touches
   * no encrypted value, so the operator's commands run it without the data key.
   */
  async function createAdmin(username: string, password: string, via: string) {
    const name = v.safeParse(UsernameSchema, username);
    if (!name.success) return { ok: false as const, error: name.issues[0].message };
    const pw = v.safeParse(NewPasswordSchema, password);
    if (!pw.success) return { ok: false as const, error: pw.issues[0].message };
    const refused = demoPasswordRefusal(password, config.demo);
    if (refused) return { ok: false as const, error: refused };
    if (findAccountByName(store, name.output))
      return { ok: false as const, error: `Admin "${name.output}" already exists.` };
    const id = insertAdmin(store, name.output, await hashPassword(password, config.passwordCost), now());
    audit("admin.created", { id, username: name.output }, "local", { via });
    return { ok: true as const, id };
  }

  /** Sets a new password and ends every session of that admin. */
  async function setPassword(username: string, password: string, via: string) {
    const user = findAccountByName(store, username.trim());
    if (!user) return { ok: false as const, error: `No admin named "${username.trim()}".` };
    const pw = v.safeParse(NewPasswordSchema, password);
    if (!pw.success) return { ok: false as const, error: pw.issues[0].message };
    const refused = demoPasswordRefusal(password, config.demo);
    if (refused) return { ok: false as const, error: refused };
    const hash = await hashPassword(password, config.passwordCost);
    db.transaction(() => {
      updatePasswordHash(store, user.id, hash, now());
      sessions.revokeAllForUser(user.id);
    })();
    audit("password.changed", user, "local", { via });
    return { ok: true as const };
  }

  return {
    sessions,
    createAdmin,
    setPassword,

    /**
     * At start: ADMIN_USERNAME/ADMIN_PASSWORD create that admin when missing (never overwrite), and DEMO=1
     * seeds the demo admin. Synchronous so the server never answers before they exist.
     */
    bootstrap(): void {
      if (config.adminUsername && config.adminPassword) {
        const name = v.safeParse(UsernameSchema, config.adminUsername);
        if (!name.success) throw new ConfigError(`Invalid ADMIN_USERNAME: ${name.issues[0].message}`);
        const pw = v.safeParse(NewPasswordSchema, config.adminPassword);
        if (!pw.success) throw new ConfigError(`Invalid ADMIN_PASSWORD: ${pw.issues[0].message}`);
        const refused = demoPasswordRefusal(config.adminPassword, config.demo);
        if (refused) throw new ConfigError(`Invalid ADMIN_PASSWORD: ${refused}`);
        if (!findUserByName(store, name.output)) {
          const id = insertAdmin(
            store,
            name.output,
            hashPasswordSync(config.adminPassword, config.passwordCost),
            now(),
          );
          audit("admin.created", { id, username: name.output }, "local", { via: "environment" });
          logger.info("admin_created", { via: "environment" });
        }
      }
      if (config.demo) {
        let demo = findUserByName(store, DEMO_USERNAME);
        if (!demo) {
          const id = insertAdmin(
            store,
            DEMO_USERNAME,
            hashPasswordSync(DEMO_PASSWORD, config.passwordCost),
            now(),
          );
          audit("admin.created", { id, username: DEMO_USERNAME }, "local", { via: "demo" });
          demo = findUserById(store, id);
        }
        if (demo && Bun.password.verifySync(DEMO_PASSWORD, demo.passwordHash)) demoHash = demo.passwordHash;
      } else {
        // A demo run leaves the public password behind on every account that held it: the demo admin, and any
        // colleague given it during the demo. It opens nothing now (login refuses it), and the sessions it
        // opened end here, before anyone could carry them on (ADR 092).
        for (const leftover of adminsHoldingDemoPassword(store)) {
          sessions.revokeAllForUser(leftover.id);
          logger.warn("demo_password_refused", {
            username: leftover.username,
            hint: `The admin "${leftover.username}" still has the public demo password, which is refused outside demo mode; its sessions were ended. Set a new password with: tracewell admin passwd ${leftover.username}`,
          });
        }
      }
      if (!config.requireMfa && !config.demo) {
        logger.warn("mfa_not_required", {
          hint: "REQUIRE_MFA=false: admins may sign in with a password alone. Unset it to require a second factor.",
        });
      }
    },

    status(session: Session | null): AuthStatus {
      const shownAs = () => (session && staffNames(store).ofId(session.userId)) ?? session?.username;
      if (session?.stage === "active")
        return { authenticated: true, username: session.username, shownAs: shownAs() };
      if (session?.stage === "enrol")
        return {
          authenticated: true,
          username: session.username,
          shownAs: shownAs(),
          mfaEnrolmentRequired: true,
        };
      const status: AuthStatus = { authenticated: false };
      if (session?.stage === "mfa") status.mfaRequired = true;
      if (demoHash && findUserByName(store, DEMO_USERNAME)?.passwordHash === demoHash) {
        status.demoCredentials = { username: DEMO_USERNAME, password: DEMO_PASSWORD };
      }
      return status;
    },

    async login(body: unknown, address: string, current: Session | null): Promise<SessionStep<LoginResult>> {
      const parsed = v.safeParse(LoginSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const { username, password } = parsed.output;
      const tries = attempt(username, address);

      const user = findUserByName(store, username);
      const passwordOk = await verifyPassword(password, user?.passwordHash, config.passwordCost);
      const demoRefused = passwordOk && demoPasswordRefusal(password, config.demo) !== null;
      if (!user || !passwordOk || demoRefused) {
        // An unknown username is often a password typed into the wrong field: it is not kept (issue 17, item 5).
        audit("login.failed", user, address, {
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
      body: unknown,
      address: string,
      session: Session | null,
    ): Promise<SessionStep<LoginResult>> {
      if (session?.stage !== "mfa") throw new UnauthorizedError(MESSAGES.noPendingSignIn);
      const parsed = v.safeParse(MfaLoginSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const tries = attempt(session.username, address);
      const user = findUserById(store, session.userId);
      if (!user?.totpSecret) throw new UnauthorizedError(MESSAGES.noPendingSignIn);

      let accepted = false;
      let via = "totp";
      if ("code" in parsed.output) {
        const step = verifyTotp(user.totpSecret, parsed.output.code, now());
        accepted = step !== null && claimTotpStep(store, user.id, step);
      } else {
        via = "recovery_code";
        accepted = consumeRecoveryCode(store, user.id, hashRecoveryCode(parsed.output.recoveryCode), now());
      }
      if (!accepted) {
        audit("login.failed", user, address, {
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

    async changePassword(
      session: Session,
      body: unknown,
      address: string,
    ): Promise<SessionStep<{ ok: true }>> {
      const parsed = v.safeParse(PasswordChangeSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      const { currentPassword, newPassword } = parsed.output;
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
      if (config.demo && user.username === DEMO_USERNAME && newPassword === DEMO_PASSWORD) demoHash = hash;
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
      body: unknown,
      address: string,
    ): Promise<SessionStep<{ recoveryCodes: string[] }>> {
      const parsed = v.safeParse(MfaConfirmSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      if (user.totpSecret) throw new ConflictError(MESSAGES.mfaAlreadyEnabled);
      const pending = user.totpPendingSecret;
      if (!pending) throw new ConflictError(MESSAGES.mfaNotStarted);
      const step = verifyTotp(pending, parsed.output.code, now());
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

    async disableMfa(session: Session, body: unknown, address: string): Promise<{ ok: true }> {
      if (config.requireMfa) throw new ConflictError(MESSAGES.mfaRequiredHere);
      const parsed = v.safeParse(MfaDisableSchema, body);
      if (!parsed.success) invalidInput(parsed.issues);
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      if (!user.totpSecret) throw new ConflictError(MESSAGES.mfaNotEnabled);
      if (!(await verifyPassword(parsed.output.password, user.passwordHash, config.passwordCost))) {
        throw new InvalidError({ password: [MESSAGES.currentPasswordWrong] });
      }
      tries.succeeded();
      disableTotp(store, user.id);
      audit("mfa.disabled", user, address);
      return { ok: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
