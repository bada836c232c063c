import type { Config } from "../../../config";
import { TooManyRequestsError, UnauthorizedError } from "../../../contracts/errors";
import { createRateLimiter, type RateLimiter, retryAfterText } from "../../../lib/rate-limit";
import type { Logger } from "../../../log";
import type { Sealed } from "../../../store";
import { writeAudit } from "../../audit";
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USERNAME, LOGIN_WINDOW_MS, MESSAGES } from "../model";
import { findUserById, recordSignIn } from "../repo/users";
import { createSessionStore, type Session } from "./sessions";

export type AuthDeps = {
  store: Sealed;
  config: Config;
  secrets: string[];
  logger: Logger;
  now: () => Date;
  /** The sign-in throttle's limiter; tests pass one that shows the keys it is given. */
  createLimiter?: (opts: Parameters<typeof createRateLimiter>[0]) => RateLimiter;
  /** A request's reference by its id (the desk's), for the audit page's links; null once it is deleted. */
  referenceOf?: (submissionId: number) => string | null;
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
 * What the sign-in, account and admin services share: the sessions, the throttle every check of a secret goes
 * through, the audit writer and the demo admin's state.
 */
export function authCore(deps: AuthDeps) {
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
  const demo: { hash: string | undefined } = { hash: undefined };

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

  /**
   * A refused sign-in: in the audit log (the account when one was named), and as a `signin_failed` line an
   * operator's fail2ban can act on: the client's address (by the TRUST_PROXY rule of the throttle) and a keyed
   * hash of the username typed, never the username or the password (ADR 284).
   */
  const signInFailed = (
    who: { id?: number; username?: string } | null,
    typed: string | null,
    address: string,
    detail: { reason: string } & Record<string, string | number | boolean | null>,
  ) => {
    audit("login.failed", who, address, detail);
    logger.warn("signin_failed", {
      client: address,
      ...(typed === null ? {} : { user: usernameTag(typed) }),
      reason: detail.reason,
    });
  };

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
   * gets its attempt back). A passkey that names no account counts for its address alone (`username` null).
   */
  const attempt = (username: string | null, address: string) => {
    const key = username === null ? null : throttleKey(username);
    const decisions = [...(key === null ? [] : [byUsername.hit(key)]), byAddress.hit(address)];
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
        if (key !== null) byUsername.reset(key);
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

  // The log's key, derived from the newest session secret: the same username gives the same tag across restarts
  // (one attacker trying one account is visible), and nobody without the secret can test a guess against it.
  const logKey = new Bun.CryptoHasher("sha256", deps.secrets[0] ?? "")
    .update("tracewell: the signin_failed line's username tag")
    .digest();
  const usernameTag = (username: string) =>
    new Bun.CryptoHasher("sha256", logKey).update(username.trim().toLowerCase()).digest("hex").slice(0, 16);

  return { ...deps, db, sessions, demo, audit, signedIn, signInFailed, attempt, accountOf };
}

export type AuthCore = ReturnType<typeof authCore>;
