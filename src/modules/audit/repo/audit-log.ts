import type { Database } from "bun:sqlite";
import type { Sealed } from "../../../store";
import type { AuditEntry, AuditEntryInput, AuditNames } from "../model";

/**
 * The audit_log table: rows are only ever added (its triggers refuse changes). `detail` holds ids and short
 * facts, never personal data from intakes or any secret; the staff names an entry copies are kept apart in
 * `names`, already sealed by the data cipher when they reach here (ADR 222), and read back into `detail`.
 */
type Row = {
  id: number;
  at: string;
  event: string;
  username: string | null;
  client_address: string | null;
  detail: string | null;
  names: string | null;
};

export function insertAuditRow(db: Database, e: AuditEntryInput, names: string | null): void {
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

/**
 * The entries about one request (their `detail.submissionId`), of these events, oldest first: the request's
 * history on the desk reads its portal steps from here (issue 44). Each with the name its author had then, if kept.
 */
export function auditOfSubmission(
  { db, cipher }: Sealed,
  submissionId: number,
  events: readonly string[],
): {
  id: number;
  at: string;
  event: string;
  username: string | null;
  name: string | null;
  /** What the virus scanner found, on a `document.infected` entry: the desk is told its name (ADR 304). */
  signature: string | null;
}[] {
  const rows = db
    .query(
      `SELECT id, at, event, username, names, json_extract(detail, '$.signature') AS signature FROM audit_log
       WHERE json_valid(detail) AND json_extract(detail, '$.submissionId') = $submissionId
         AND event IN (SELECT value FROM json_each($events))
       ORDER BY id`,
    )
    .all({ submissionId, events: JSON.stringify(events) }) as (Pick<
    Row,
    "id" | "at" | "event" | "username" | "names"
  > & { signature: unknown })[];
  return rows.map((r) => {
    const names = r.names ? (JSON.parse(cipher.decrypt(r.names)) as AuditNames) : {};
    const kept = (names as Record<string, unknown>).actorName;
    return {
      id: r.id,
      at: r.at,
      event: r.event,
      username: r.username,
      name: typeof kept === "string" ? kept : null,
      signature: typeof r.signature === "string" ? r.signature : null,
    };
  });
}
