import type { Database } from "bun:sqlite";

/**
 * 1. Retention counts from a request's last status change (ADR 103), which `updated_at` is not: a note moves it
 *    too. `status_changed_at` is set by the desk on status changes only. Earlier rows take it from their newest
 *    status event (kept since migration 010); rows changed before those events existed take `updated_at`, the
 *    best they know, which can only be later than the real change and so never deletes anything early.
 *    Requests never moved from New have none: the purge counts from their arrival.
 * 2. Ids the audit log and deletion receipts name are never given to another row (ADR 104): each table they
 *    name is rebuilt with AUTOINCREMENT, keeping its columns, rows, indexes and triggers (the child tables'
 *    foreign keys name it by name and hold on), and its sequence starts above both its highest id and the
 *    highest id the audit log names for it, which can be higher (the newest rows may have been deleted).
 */
const STATUS_CHANGES = `
ALTER TABLE contact_submissions ADD COLUMN status_changed_at TEXT;
UPDATE contact_submissions SET status_changed_at = coalesce(
  (SELECT max(e.at) FROM submission_events e
   WHERE e.submission_id = contact_submissions.id AND e.kind = 'status-changed'),
  CASE WHEN status <> 'new' THEN coalesce(updated_at, submitted_at) END);
DROP INDEX contact_submissions_retention;
CREATE INDEX contact_submissions_retention ON contact_submissions (status, status_changed_at);
`;

/** The tables, and the keys of audit details that name their rows (written here, as this release knew them). */
const AUDITED: ReadonlyArray<{ table: string; keys: readonly string[]; userColumn?: true }> = [
  { table: "contact_submissions", keys: ["submissionId"] },
  { table: "submission_notes", keys: ["noteId"] },
  { table: "submission_replies", keys: ["replyId"] },
  { table: "data_requests", keys: ["dataRequestId"] },
  { table: "staff_invitations", keys: ["invitationId"] },
  { table: "admin_users", keys: ["targetId", "userId"], userColumn: true },
  { table: "articles", keys: ["articleId"] },
  { table: "case_studies", keys: ["caseStudyId"] },
  { table: "resources", keys: ["resourceId"] },
];

const PRIMARY_KEY = /\bid\s+INTEGER\s+PRIMARY\s+KEY\b/i;

/** The highest id of `table` the audit log names, in a detail key or (for admins) its user column. */
function highestAudited(db: Database, keys: readonly string[], userColumn: boolean): number {
  const named = keys.map(
    (key) =>
      (
        db
          .query(
            `SELECT coalesce(max(json_extract(detail, $path)), 0) AS n FROM audit_log
             WHERE json_valid(detail) AND json_type(detail, $path) = 'integer'`,
          )
          .get({ path: `$.${key}` }) as { n: number }
      ).n,
  );
  if (userColumn) {
    named.push((db.query("SELECT coalesce(max(user_id), 0) AS n FROM audit_log").get() as { n: number }).n);
  }
  return Math.max(0, ...named);
}

/**
 * SQLite's way to change a table's definition: a new table from the stored CREATE TABLE with AUTOINCREMENT
 * added, the rows copied, the old one dropped, the new one renamed, its indexes and triggers created again.
 * Runs with foreign keys off (migrate() sees to it), so dropping the old table deletes no child row.
 */
function withAutoincrement(db: Database, table: string, floor: number): void {
  const stored = db.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as {
    sql: string;
  } | null;
  if (!stored) throw new Error(`migration 011: no table ${table}`);
  if (!PRIMARY_KEY.test(stored.sql))
    throw new Error(`migration 011: ${table} has no "id INTEGER PRIMARY KEY"`);
  const rebuilt = `${table}_rebuilt`;
  const create = stored.sql
    .replace(/^CREATE TABLE\s+("[^"]+"|\S+)/i, `CREATE TABLE ${rebuilt}`)
    .replace(PRIMARY_KEY, "id INTEGER PRIMARY KEY AUTOINCREMENT");
  const dependents = db
    .query(
      "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .all(table) as { sql: string }[];
  db.exec(create);
  db.exec(`INSERT INTO ${rebuilt} SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${rebuilt} RENAME TO ${table}`);
  for (const d of dependents) db.exec(d.sql);
  const highest = Math.max(
    floor,
    (db.query(`SELECT coalesce(max(id), 0) AS n FROM ${table}`).get() as { n: number }).n,
  );
  db.query("DELETE FROM sqlite_sequence WHERE name = ?").run(table);
  if (highest > 0) db.query("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)").run(table, highest);
}

export function up(db: Database): void {
  db.exec(STATUS_CHANGES);
  for (const { table, keys, userColumn } of AUDITED) {
    withAutoincrement(db, table, highestAudited(db, keys, userColumn ?? false));
  }
}
