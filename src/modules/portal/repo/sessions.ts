import { randomBytes } from "node:crypto";
import type { Database } from "../../../db/index";
import { sha256 } from "../../../lib/hash";

/** A portal session ends after 30 minutes without a request, and 12 hours after it began whatever happens. */
export const PORTAL_IDLE_MS = 30 * 60_000;
export const PORTAL_MAX_MS = 12 * 60 * 60_000;

/**
 * Client sessions of the portal, each bound to one engagement. Apart from the admin's sessions by design: a
 * portal cookie opens nothing in the admin and an admin cookie nothing here. Only the SHA-256 of the cookie's
 * value is stored.
 */
export function portalSessions(db: Database) {
  const insert = db.prepare<never, [string, number, string]>(
    "INSERT INTO portal_sessions (id_hash, engagement_id, created_at, last_seen_at) VALUES (?1, ?2, ?3, ?3)",
  );
  const find = db.prepare<{ engagementId: number; createdAt: string; lastSeenAt: string }, [string]>(
    "SELECT engagement_id AS engagementId, created_at AS createdAt, last_seen_at AS lastSeenAt FROM portal_sessions WHERE id_hash = ?",
  );
  const touch = db.prepare<never, [string, string]>(
    "UPDATE portal_sessions SET last_seen_at = ? WHERE id_hash = ?",
  );
  const remove = db.prepare<never, [string]>("DELETE FROM portal_sessions WHERE id_hash = ?");
  const removeOf = db.prepare<never, [number]>("DELETE FROM portal_sessions WHERE engagement_id = ?");

  return {
    create(engagementId: number, at: Date): string {
      const id = randomBytes(32).toString("base64url");
      insert.run(sha256(id), engagementId, at.toISOString());
      return id;
    },
    /** The engagement a live session is bound to (and the session is kept alive); null when none or expired. */
    engagementOf(id: string, at: Date): number | null {
      const hash = sha256(id);
      const s = find.get(hash);
      if (!s) return null;
      const t = at.getTime();
      if (t - Date.parse(s.lastSeenAt) > PORTAL_IDLE_MS || t - Date.parse(s.createdAt) >= PORTAL_MAX_MS) {
        remove.run(hash);
        return null;
      }
      touch.run(at.toISOString(), hash);
      return s.engagementId;
    },
    /** Signing out: the session is deleted, so a copy of its cookie opens nothing either. */
    end: (id: string) => remove.run(sha256(id)).changes > 0,
    /** A withdrawn letter ends every session it opened: the client reads nothing of it any more. */
    endAllOf: (engagementId: number) => removeOf.run(engagementId),
  };
}
