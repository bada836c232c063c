import type { Database } from "bun:sqlite";
import type { Role } from "../../../contracts/roles";
import { hasSecondFactorSql } from "./users";

export type SessionStage = "active" | "mfa" | "enrol";

/** How a session was signed in: the password alone, or the password and a second factor (code or recovery code). */
export type SignedInWith = "password" | "password+mfa";

export type Session = {
  idHash: string;
  userId: number;
  username: string;
  stage: SessionStage;
  signedInWith: SignedInWith;
  /** Whether the admin has a second factor now, an app or a passkey (whatever it was when this session began). */
  userHasMfa: boolean;
  /** The admin's role now (read with the session on every request: a change applies at once). */
  role: Role;
  expiresAt: number;
};

export type SessionRow = {
  id_hash: string;
  user_id: number;
  username: string;
  stage: SessionStage;
  signed_in_with: SignedInWith;
  has_mfa: number;
  role: Role;
  last_seen_at: string;
  expires_at: string;
};

/** The sessions table: each row keyed by the SHA-256 of its cookie's id, never the id itself. */
export function sessionsRepo(db: Database) {
  const q = {
    insert: db.query(
      `INSERT INTO sessions (id_hash, user_id, stage, signed_in_with, created_at, last_seen_at, expires_at)
       VALUES ($idHash, $userId, $stage, $signedInWith, $now, $now, $expiresAt)`,
    ),
    find: db.query(
      `SELECT s.id_hash, s.user_id, u.username, s.stage, s.signed_in_with, ${hasSecondFactorSql("u")} AS has_mfa,
              u.role, s.last_seen_at, s.expires_at
       FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.id_hash = $idHash`,
    ),
    touch: db.query("UPDATE sessions SET last_seen_at = $now WHERE id_hash = $idHash"),
    remove: db.query("DELETE FROM sessions WHERE id_hash = $idHash"),
    removeForUser: db.query("DELETE FROM sessions WHERE user_id = $userId"),
    removeOthersForUser: db.query("DELETE FROM sessions WHERE user_id = $userId AND id_hash <> $keep"),
    secondFactor: db.query("UPDATE sessions SET signed_in_with = 'password+mfa' WHERE id_hash = $idHash"),
    removeExpired: db.query("DELETE FROM sessions WHERE expires_at <= $now"),
  };
  return {
    insert(row: {
      idHash: string;
      userId: number;
      stage: SessionStage;
      signedInWith: SignedInWith;
      now: string;
      expiresAt: string;
    }): void {
      q.insert.run(row);
    },
    find: (idHash: string) => q.find.get({ idHash }) as SessionRow | null,
    touch: (idHash: string, now: string) => void q.touch.run({ idHash, now }),
    remove: (idHash: string) => void q.remove.run({ idHash }),
    removeForUser: (userId: number) => void q.removeForUser.run({ userId }),
    removeOthersForUser: (userId: number, keep: string) => void q.removeOthersForUser.run({ userId, keep }),
    recordSecondFactor: (idHash: string) => void q.secondFactor.run({ idHash }),
    removeExpired: (now: string) => void q.removeExpired.run({ now }),
  };
}
