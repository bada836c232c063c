import type { Database } from "bun:sqlite";
import { signCookie, unsignCookie } from "elysia/utils";
import {
  ENROL_PENDING_MS,
  MFA_PENDING_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
  sessionCookieName,
} from "../model";

export type SessionStage = "active" | "mfa" | "enrol";

/** How a session was signed in: the password alone, or the password and a second factor (code or recovery code). */
export type SignedInWith = "password" | "password+mfa";

export type Session = {
  idHash: string;
  userId: number;
  username: string;
  stage: SessionStage;
  signedInWith: SignedInWith;
  /** Whether the admin has two-step sign-in set up now (whatever it was when this session began). */
  userHasMfa: boolean;
  expiresAt: number;
};

const LIFETIME: Record<SessionStage, number> = {
  active: SESSION_ABSOLUTE_MS,
  mfa: MFA_PENDING_MS,
  enrol: ENROL_PENDING_MS,
};

type Row = {
  id_hash: string;
  user_id: number;
  username: string;
  stage: SessionStage;
  signed_in_with: SignedInWith;
  has_mfa: number;
  last_seen_at: string;
  expires_at: string;
};

const sha256 = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest("hex");

/**
 * Server-side sessions (DESIGN.md decision 7). The cookie carries a random 256-bit id signed with Elysia's
 * cookie signature (HMAC-SHA256 over SESSION_SECRET, newest secret signs, every listed secret verifies);
 * the table keeps only the id's SHA-256. A bad signature, an unknown id or an expired row all mean
 * "signed out".
 */
export function createSessionStore(opts: {
  db: Database;
  secrets: string[];
  secure: boolean;
  now: () => Date;
}) {
  const { db, secrets, secure, now } = opts;
  const cookieName = sessionCookieName(secure);
  const q = {
    insert: db.query(
      `INSERT INTO sessions (id_hash, user_id, stage, signed_in_with, created_at, last_seen_at, expires_at)
       VALUES ($idHash, $userId, $stage, $signedInWith, $now, $now, $expiresAt)`,
    ),
    find: db.query(
      `SELECT s.id_hash, s.user_id, u.username, s.stage, s.signed_in_with, u.totp_secret IS NOT NULL AS has_mfa,
              s.last_seen_at, s.expires_at
       FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.id_hash = $idHash`,
    ),
    touch: db.query("UPDATE sessions SET last_seen_at = $now WHERE id_hash = $idHash"),
    remove: db.query("DELETE FROM sessions WHERE id_hash = $idHash"),
    removeForUser: db.query("DELETE FROM sessions WHERE user_id = $userId"),
    removeOthersForUser: db.query("DELETE FROM sessions WHERE user_id = $userId AND id_hash <> $keep"),
    secondFactor: db.query("UPDATE sessions SET signed_in_with = 'password+mfa' WHERE id_hash = $idHash"),
    removeExpired: db.query("DELETE FROM sessions WHERE expires_at <= $now"),
  };

  const attributes = (maxAgeSeconds: number) =>
    [`Path=/`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join(
      "; ",
    );

  return {
    cookieName,

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
      q.removeExpired.run({ now: t.toISOString() });
      q.insert.run({
        idHash,
        userId,
        stage,
        signedInWith,
        now: t.toISOString(),
        expiresAt: new Date(t.getTime() + lifetime).toISOString(),
      });
      const value = await signCookie(id, secrets[0] ?? null);
      return {
        idHash,
        setCookie: `${cookieName}=${encodeURIComponent(value)}; ${attributes(Math.floor(lifetime / 1000))}`,
      };
    },

    /** The Set-Cookie header value that removes the cookie. */
    clearCookie(): string {
      return `${cookieName}=; ${attributes(0)}`;
    },

    /** Whether the request carries our cookie at all (valid or not). */
    hasCookie(request: Request): boolean {
      return readCookie(request.headers.get("cookie"), cookieName) !== undefined;
    },

    /** The live session a request carries, or null. Expired rows are removed on sight. */
    async fromRequest(request: Request): Promise<Session | null> {
      const raw = readCookie(request.headers.get("cookie"), cookieName);
      if (!raw) return null;
      let id: string | false = false;
      for (const secret of secrets) {
        id = await unsignCookie(raw, secret).catch(() => false as const);
        if (id) break;
      }
      if (!id) return null;
      const idHash = sha256(id);
      const row = q.find.get({ idHash }) as Row | null;
      if (!row) return null;
      const t = now().getTime();
      const expired =
        Date.parse(row.expires_at) <= t ||
        (row.stage === "active" && Date.parse(row.last_seen_at) + SESSION_IDLE_MS <= t);
      if (expired) {
        q.remove.run({ idHash });
        return null;
      }
      if (t - Date.parse(row.last_seen_at) >= SESSION_TOUCH_MS) {
        q.touch.run({ idHash, now: new Date(t).toISOString() });
      }
      return {
        idHash,
        userId: row.user_id,
        username: row.username,
        stage: row.stage,
        signedInWith: row.signed_in_with,
        userHasMfa: row.has_mfa === 1,
        expiresAt: Date.parse(row.expires_at),
      };
    },

    revoke(idHash: string): void {
      q.remove.run({ idHash });
    },

    /** Ends every session of a user (password change, CLI passwd). */
    revokeAllForUser(userId: number): void {
      q.removeForUser.run({ userId });
    },

    /** Ends every session of a user but one (two-step sign-in turned on there). */
    revokeOthersForUser(userId: number, keepIdHash: string): void {
      q.removeOthersForUser.run({ userId, keep: keepIdHash });
    },

    /** Records that a signed-in session has shown a second factor (it set up two-step sign-in). */
    recordSecondFactor(idHash: string): void {
      q.secondFactor.run({ idHash });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** One cookie's raw value from a Cookie header; undefined when absent or malformed. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
