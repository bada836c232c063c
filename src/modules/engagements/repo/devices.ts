import { randomBytes } from "node:crypto";
import { spanOfDays } from "../../../contracts/firm-calendar";
import { PORTAL_DEVICE_DAYS } from "../../../contracts/portal-access";
import type { Database } from "../../../db/index";
import { sha256 } from "../../../lib/hash";

/** A device kept signed in opens the portal for 30 days from the choice, not from its last use (ADR 299). */
const DEVICE_MS = spanOfDays(PORTAL_DEVICE_DAYS);

/** A device as the desk lists it: its browser's short name, when it was kept, last used and until when. */
export type PortalDevice = {
  id: number;
  engagementId: number;
  browser: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  endedAt: string | null;
  endedBy: string | null;
  /** The signer whose session kept it, for whom what it opens acts (ADR 305); null: the requester. */
  signerId: number | null;
};

const COLUMNS =
  "id, engagement_id AS engagementId, browser, created_at AS createdAt, expires_at AS expiresAt, last_used_at AS lastUsedAt, ended_at AS endedAt, ended_by AS endedBy, signer_id AS signerId";

/** "Chrome on macOS", from a browser's User-Agent: enough for the desk to tell one device from another. */
export function browserName(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /iPhone|iPad/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Devices the client chose to keep signed in, each bound to one engagement. Only the SHA-256 of the cookie's
 * value is stored; an ended device is kept (ended_at, ended_by) so the desk's list says who ended it and when.
 */
export function portalDevices(db: Database) {
  const insert = db.prepare<{ id: number }, [number, string, string, string, string, number | null]>(
    "INSERT INTO portal_devices (engagement_id, token_hash, browser, created_at, expires_at, last_used_at, signer_id) VALUES (?1, ?2, ?3, ?4, ?5, ?4, ?6) RETURNING id",
  );
  const byHash = db.prepare<PortalDevice, [string]>(
    `SELECT ${COLUMNS} FROM portal_devices WHERE token_hash = ?`,
  );
  const touch = db.prepare<never, [string, number]>(
    "UPDATE portal_devices SET last_used_at = ? WHERE id = ?",
  );
  const end = db.prepare<never, [string, string, number]>(
    "UPDATE portal_devices SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL",
  );
  const endSessions = db.prepare<never, [number]>("DELETE FROM portal_sessions WHERE device_id = ?");

  return {
    /** Keeps a device signed in from `at`: answers the cookie's value (never stored) and the device's id. */
    create(
      engagementId: number,
      userAgent: string,
      at: Date,
      signerId: number | null = null,
    ): { token: string; id: number; expiresAt: string } {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(at.getTime() + DEVICE_MS).toISOString();
      const row = insert.get(
        engagementId,
        sha256(token),
        browserName(userAgent),
        at.toISOString(),
        expiresAt,
        signerId,
      );
      return { token, id: row?.id ?? 0, expiresAt };
    },
    /** The live device a cookie names (and its use is recorded), or null when unknown, ended or expired. */
    use(token: string, at: Date): PortalDevice | null {
      const d = byHash.get(sha256(token));
      if (!d || d.endedAt || d.expiresAt <= at.toISOString()) return null;
      touch.run(at.toISOString(), d.id);
      return d;
    },
    /** The device a cookie names, whatever its state, or null. */
    find: (token: string): PortalDevice | null => byHash.get(sha256(token)),
    /** An engagement's devices, live ones first, then the ended and expired, newest first within each. */
    ofEngagement(engagementId: number, at: Date): (PortalDevice & { live: boolean })[] {
      const now = at.toISOString();
      return (
        db
          .query(`SELECT ${COLUMNS} FROM portal_devices WHERE engagement_id = ? ORDER BY id DESC`)
          .all(engagementId) as PortalDevice[]
      )
        .map((d) => ({ ...d, live: !d.endedAt && d.expiresAt > now }))
        .sort((a, b) => Number(b.live) - Number(a.live));
    },
    /**
     * Ends one device of the engagement at once: it opens nothing more, and the sessions it opened (or was kept
     * with) are deleted, so the browser holding it is signed out at its next request. False when there was
     * nothing live to end.
     */
    end(engagementId: number, id: number, by: string, at: Date): boolean {
      const d = db
        .query("SELECT id FROM portal_devices WHERE id = ? AND engagement_id = ?")
        .get(id, engagementId) as { id: number } | null;
      if (!d) return false;
      const ended = end.run(at.toISOString(), by, id).changes === 1;
      endSessions.run(id);
      return ended;
    },
    /**
     * Every live device of the engagement ends (its request closed, its letter withdrawn), and with `sessions`
     * the sessions they opened; a closing leaves those to its own ending, which tells the client why (ADR 278).
     */
    endAllOf(engagementId: number, by: string, at: Date, sessions = true): number {
      const live = db
        .query("SELECT id FROM portal_devices WHERE engagement_id = ? AND ended_at IS NULL")
        .all(engagementId) as { id: number }[];
      for (const d of live) {
        end.run(at.toISOString(), by, d.id);
        if (sessions) endSessions.run(d.id);
      }
      return live.length;
    },
  };
}

export type PortalDevices = ReturnType<typeof portalDevices>;
