import type { Database } from "bun:sqlite";
import { sha256 } from "../../../lib/hash";
import { sessionCookie } from "../lib/session-cookie";
import {
  ENROL_PENDING_MS,
  MFA_PENDING_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
} from "../model";
import { type Session, type SessionStage, type SignedInWith, sessionsRepo } from "../repo/sessions";

export type { Session, SessionStage, SignedInWith };

const LIFETIME: Record<SessionStage, number> = {
  active: SESSION_ABSOLUTE_MS,
  mfa: MFA_PENDING_MS,
  enrol: ENROL_PENDING_MS,
};

/**
 * Server-side sessions (DESIGN.md decision 7). The cookie carries a random 256-bit id, signed (lib/session-cookie);
 * the table keeps only the id's SHA-256 (repo/sessions). A bad signature, an unknown id or an expired row all
 * mean "signed out". The routes hand in the Cookie header a request carried and send the Set-Cookie value back.
 */
export function createSessionStore(opts: {
  db: Database;
  secrets: string[];
  secure: boolean;
  now: () => Date;
}) {
  const { now } = opts;
  const rows = sessionsRepo(opts.db);
  const cookie = sessionCookie(opts);

  return {
    cookieName: cookie.name,

    /** Creates a session and returns its Set-Cookie header value. */
    async create(
      userId: number,
      stage: SessionStage,
      signedInWith: SignedInWith = "password",
    ): Promise<{ idHash: string; setCookie: string }> {
      const id = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      const idHash = sha256(id);
      const t = now();
      const lifetime = LIFETIME[stage];
      rows.removeExpired(t.toISOString());
      rows.insert({
        idHash,
        userId,
        stage,
        signedInWith,
        now: t.toISOString(),
        expiresAt: new Date(t.getTime() + lifetime).toISOString(),
      });
      return { idHash, setCookie: await cookie.seal(id, lifetime) };
    },

    /** The Set-Cookie header value that removes the cookie. */
    clearCookie: (): string => cookie.clear(),

    /** Whether a Cookie header carries our cookie at all (valid or not). */
    hasCookie: (cookieHeader: string | null): boolean => cookie.present(cookieHeader),

    /** The live session a Cookie header carries, or null. Expired rows are removed on sight. */
    async fromCookie(cookieHeader: string | null): Promise<Session | null> {
      const id = await cookie.idIn(cookieHeader);
      if (!id) return null;
      const idHash = sha256(id);
      const row = rows.find(idHash);
      if (!row) return null;
      const t = now().getTime();
      const expired =
        Date.parse(row.expires_at) <= t ||
        (row.stage === "active" && Date.parse(row.last_seen_at) + SESSION_IDLE_MS <= t);
      if (expired) {
        rows.remove(idHash);
        return null;
      }
      if (t - Date.parse(row.last_seen_at) >= SESSION_TOUCH_MS) rows.touch(idHash, new Date(t).toISOString());
      return {
        idHash,
        userId: row.user_id,
        username: row.username,
        stage: row.stage,
        signedInWith: row.signed_in_with,
        userHasMfa: row.has_mfa === 1,
        role: row.role,
        expiresAt: Date.parse(row.expires_at),
      };
    },

    revoke: (idHash: string): void => rows.remove(idHash),

    /** Ends every session of a user (password change, CLI passwd). */
    revokeAllForUser: (userId: number): void => rows.removeForUser(userId),

    /** Ends every session of a user but one (two-step sign-in turned on there). */
    revokeOthersForUser: (userId: number, keepIdHash: string): void =>
      rows.removeOthersForUser(userId, keepIdHash),

    /** Records that a signed-in session has shown a second factor (it set up two-step sign-in). */
    recordSecondFactor: (idHash: string): void => rows.recordSecondFactor(idHash),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
