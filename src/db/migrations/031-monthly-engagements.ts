import type { Database } from "bun:sqlite";

/**
 * Judgment Intel as an engagement of its own (issue 29, ADR 249): an engagement's fee may be monthly, per subject
 * per month, with the subjects monitored (names, encrypted as every name is) and the sweeps' cadence. SQLite
 * cannot change a CHECK in place, so the engagements table is rebuilt from its stored definition with 'monthly'
 * added to its fee kinds (the procedure of migration 027: foreign keys are off while migrations run, children
 * name the table by name, its indexes, triggers and views are made again). A document the firm sends may be a
 * sweep report: the day it was delivered as one is kept beside the report's.
 */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function up(db: Database): void {
  const { sql } = db
    .query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'engagements'")
    .get() as { sql: string };
  const feeKinds = /fee_kind\s+IN\s*\(\s*'flat'\s*,\s*'retainer'\s*\)/i;
  if (!feeKinds.test(sql)) throw new Error("migration 031: engagements has no fee_kind CHECK to widen");
  const create = sql
    .replace(/^CREATE\s+TABLE\s+("(?:[^"]|"")+"|\S+)/i, 'CREATE TABLE "engagements_rebuilt"')
    .replace(feeKinds, "fee_kind IN ('flat', 'retainer', 'monthly')");
  const indexes = db
    .query(
      "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'engagements' AND sql IS NOT NULL",
    )
    .all() as { sql: string }[];
  const dependents = db
    .query("SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'view') AND sql IS NOT NULL")
    .all() as { type: string; name: string; sql: string }[];
  const columns = (db.query("PRAGMA table_xinfo(engagements)").all() as { name: string; hidden: number }[])
    .filter((c) => c.hidden === 0)
    .map((c) => quoted(c.name))
    .join(", ");
  // The sequence goes on from where it was, not from the highest id left: an id is never given twice (027).
  const seq = db.query("SELECT seq FROM sqlite_sequence WHERE name = 'engagements'").get() as {
    seq: number;
  } | null;
  for (const d of dependents) db.exec(`DROP ${d.type.toUpperCase()} ${quoted(d.name)}`);
  db.exec(create);
  db.exec(`INSERT INTO engagements_rebuilt (${columns}) SELECT ${columns} FROM engagements`);
  db.exec("DROP TABLE engagements");
  db.exec("ALTER TABLE engagements_rebuilt RENAME TO engagements");
  if (seq) {
    db.exec("DELETE FROM sqlite_sequence WHERE name = 'engagements'");
    db.query(
      "INSERT INTO sqlite_sequence (name, seq) SELECT 'engagements', max(?, coalesce(max(id), 0)) FROM engagements",
    ).run(seq.seq);
  }
  for (const index of indexes) db.exec(index.sql);
  for (const d of dependents) db.exec(d.sql);
  db.exec(`
ALTER TABLE engagements ADD COLUMN subjects TEXT;
ALTER TABLE engagements ADD COLUMN cadence TEXT CHECK (cadence IN ('quarterly', 'monthly'));
ALTER TABLE documents ADD COLUMN sweep_at TEXT;
`);
}
