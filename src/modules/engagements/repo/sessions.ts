import { randomBytes } from "node:crypto";
import type { Database } from "../../../db/index";
import { sha256 } from "../../../lib/hash";

/** A portal session ends after 30 minutes without a request, and 12 hours after it began whatever happens. */
export const PORTAL_IDLE_MS = 30 * 60_000;
export const PORTAL_MAX_MS = 12 * 60 * 60_000;

/** What opened a portal session: an emailed link, a device kept signed in (ADR 299) or a passkey. */
export type OpenedBy = "link" | "device" | "passkey";

/** A session a cookie names: its engagement, whether its request's closing ended it, and what opened it. */
export type SessionFound = {
  engagementId: number;
  ended: boolean;
  deviceId: number | null;
  openedBy: OpenedBy;
  /** The SHA-256 of the cookie's value: what a passkey's registration challenge waits on. */
  idHash: string;
  /** The signer the session acts for (ADR 297); null for one opened before parties (the requester's). */
  signerId: number | null;
};

/**
 * Client sessions of the portal, each bound to one engagement. Apart from the admin's sessions by design: a
 * portal cookie opens nothing in the admin and an admin cookie nothing here. Only the SHA-256 of the cookie's
 * value is stored.
 */
export function portalSessions(db: Database) {
  const insert = db.prepare<never, [string, number, string, number | null, OpenedBy, number | null]>(
    "INSERT INTO portal_sessions (id_hash, engagement_id, created_at, last_seen_at, device_id, opened_by, signer_id) VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6)",
  );
  const signerOf = db.prepare<{ signerId: number | null }, [string]>(
    "SELECT signer_id AS signerId FROM portal_sessions WHERE id_hash = ?",
  );
  const removeOthers = db.prepare<never, [number, number, number]>(
    "DELETE FROM portal_sessions WHERE engagement_id = ?1 AND (signer_id IS NULL AND ?3 = 0 OR signer_id <> ?2)",
  );
  const find = db.prepare<
    {
      engagementId: number;
      createdAt: string;
      lastSeenAt: string;
      endedAt: string | null;
      deviceId: number | null;
      openedBy: OpenedBy;
      signerId: number | null;
    },
    [string]
  >(
    "SELECT engagement_id AS engagementId, created_at AS createdAt, last_seen_at AS lastSeenAt, ended_at AS endedAt, device_id AS deviceId, opened_by AS openedBy, signer_id AS signerId FROM portal_sessions WHERE id_hash = ?",
  );
  const keep = db.prepare<never, [number, string]>(
    "UPDATE portal_sessions SET device_id = ? WHERE id_hash = ?",
  );
  const touch = db.prepare<never, [string, string]>(
    "UPDATE portal_sessions SET last_seen_at = ? WHERE id_hash = ?",
  );
  const remove = db.prepare<never, [string]>("DELETE FROM portal_sessions WHERE id_hash = ?");
  const removeOf = db.prepare<never, [number]>("DELETE FROM portal_sessions WHERE engagement_id = ?");
  const endOf = db.prepare<never, [string, number]>(
    "UPDATE portal_sessions SET ended_at = ? WHERE engagement_id = ? AND ended_at IS NULL",
  );

  /**
   * The session a cookie names, unless it expired (then it is deleted): its engagement, and whether its request's
   * closing ended it. A live one is kept alive; an ended one is not, and goes when it would have expired.
   */
  function lookup(id: string, at: Date): SessionFound | null {
    const hash = sha256(id);
    const s = find.get(hash);
    if (!s) return null;
    const t = at.getTime();
    if (t - Date.parse(s.lastSeenAt) > PORTAL_IDLE_MS || t - Date.parse(s.createdAt) >= PORTAL_MAX_MS) {
      remove.run(hash);
      return null;
    }
    const found = {
      engagementId: s.engagementId,
      deviceId: s.deviceId,
      openedBy: s.openedBy,
      idHash: hash,
      signerId: s.signerId,
    };
    if (s.endedAt) return { ...found, ended: true };
    touch.run(at.toISOString(), hash);
    return { ...found, ended: false };
  }

  return {
    /** A new session, bound to the engagement; `openedBy` says what opened it, `deviceId` the device kept signed in it belongs to. */
    create(
      engagementId: number,
      at: Date,
      openedBy: OpenedBy = "link",
      deviceId: number | null = null,
      /** The signer whose link opened it, or who kept the device or added the passkey (ADRs 297, 305); null: the requester. */
      signerId: number | null = null,
    ): string {
      const id = randomBytes(32).toString("base64url");
      insert.run(sha256(id), engagementId, at.toISOString(), deviceId, openedBy, signerId);
      return id;
    },
    /** The session (by its id's hash) is the device's from now on: ending the device ends it too. */
    keepWith: (idHash: string, deviceId: number) => keep.run(deviceId, idHash).changes > 0,
    /** The signer a session acts for; null for a session opened before parties (its requester). */
    signerOf: (id: string): number | null => signerOf.get(sha256(id))?.signerId ?? null,
    /**
     * A signer declined: the other parties' sessions end (the letter takes nothing more from them). Sessions that
     * name no signer are the requester's, kept when it is the requester who declined.
     */
    endOthersOf: (engagementId: number, signerId: number, requester: boolean) =>
      removeOthers.run(engagementId, signerId, requester ? 1 : 0),
    /** The engagement a live session is bound to (and the session is kept alive); null when none, ended or expired. */
    engagementOf(id: string, at: Date): number | null {
      const found = lookup(id, at);
      return found && !found.ended ? found.engagementId : null;
    },
    lookup,
    /** Signing out: the session is deleted, so a copy of its cookie opens nothing either. */
    end: (id: string) => remove.run(sha256(id)).changes > 0,
    /** A withdrawn letter ends every session it opened: the client reads nothing of it any more. */
    endAllOf: (engagementId: number) => removeOf.run(engagementId),
    /** Its request closed: every session of the engagement opens nothing from `at` on (ADR 278). */
    endedByClosing: (engagementId: number, at: Date) => endOf.run(at.toISOString(), engagementId).changes,
  };
}
