import type { Database } from "bun:sqlite";
import type { Sealed } from "../../store";

/**
 * The audit log repository, shared by every module that records what admins do. Rows are only ever added.
 * `detail` holds ids and short facts, never personal data from intakes or any secret. The staff names an entry
 * copies (a name change, who invited a colleague) are kept apart in `names`, sealed by the data cipher like
 * every name, and read back into `detail` (ADR 222).
 */
export type AuditEntryInput = {
  event: string;
  userId?: number | null;
  username?: string | null;
  clientAddress?: string | null;
  detail?: Record<string, string | number | boolean | null>;
  at?: Date;
};

export type AuditEntry = {
  id: number;
  at: string;
  event: string;
  username: string | null;
  clientAddress: string | null;
  detail: Record<string, unknown> | null;
};

/** Staff names an entry copies, by the detail's key they are read back under. */
export type AuditNames = Record<string, string | null>;

type Row = {
  id: number;
  at: string;
  event: string;
  username: string | null;
  client_address: string | null;
  detail: string | null;
  names: string | null;
};

function insert(db: Database, e: AuditEntryInput, names: string | null): void {
  db.query(
    `INSERT INTO audit_log (at, event, user_id, username, client_address, detail, names)
     VALUES ($at, $event, $userId, $username, $clientAddress, $detail, $names)`,
  ).run({
    at: (e.at ?? new Date()).toISOString(),
    event: e.event,
    userId: e.userId ?? null,
    username: e.username ?? null,
    clientAddress: e.clientAddress ?? null,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    names,
  });
}

export function appendAudit(db: Database, e: AuditEntryInput): void {
  insert(db, e, null);
}

/** An entry that copies staff names: they are stored encrypted and read back as part of its detail. */
export function appendAuditNaming({ db, cipher }: Sealed, e: AuditEntryInput, names: AuditNames): void {
  insert(db, e, cipher.encrypt(JSON.stringify(names)));
}

/** Newest first, `limit` at a time; pass the last id seen as `beforeId` for the next page. */
export function listAudit(
  { db, cipher }: Sealed,
  opts: {
    limit: number;
    beforeId?: number;
    username?: string;
    /** Only these events. */
    events?: readonly string[];
    /** Never these events (the read-only ones, unless asked for). */
    hiddenEvents?: readonly string[];
    /** From this instant, inclusive, to `until`, exclusive. */
    since?: string;
    until?: string;
  },
): { entries: AuditEntry[]; nextBeforeId: number | null } {
  const rows = db
    .query(
      `SELECT id, at, event, username, client_address, detail, names FROM audit_log
       WHERE ($beforeId IS NULL OR id < $beforeId)
         AND ($username IS NULL OR username = $username)
         AND ($events IS NULL OR event IN (SELECT value FROM json_each($events)))
         AND ($hidden IS NULL OR event NOT IN (SELECT value FROM json_each($hidden)))
         AND ($since IS NULL OR at >= $since)
         AND ($until IS NULL OR at < $until)
       ORDER BY id DESC LIMIT $limit`,
    )
    .all({
      beforeId: opts.beforeId ?? null,
      username: opts.username ?? null,
      events: opts.events ? JSON.stringify(opts.events) : null,
      hidden: opts.hiddenEvents ? JSON.stringify(opts.hiddenEvents) : null,
      since: opts.since ?? null,
      until: opts.until ?? null,
      limit: opts.limit + 1,
    }) as Row[];
  const page = rows.slice(0, opts.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at,
      event: r.event,
      username: r.username,
      clientAddress: r.client_address,
      detail:
        r.detail || r.names
          ? {
              ...(r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : {}),
              ...(r.names ? (JSON.parse(cipher.decrypt(r.names)) as AuditNames) : {}),
            }
          : null,
    })),
    nextBeforeId: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
