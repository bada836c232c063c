import type { Database } from "bun:sqlite";

/**
 * Ids are never given twice (issue: mail, ids, headers, item 16; ADR 104 for the audited tables). Every table
 * numbered by an INTEGER PRIMARY KEY without AUTOINCREMENT is rebuilt with it: engagements, their events and
 * payments, the mail outbox (its id is in Message-IDs), the audit log, recovery codes, status events, and
 * whichever table an earlier migration added since. What is rebuilt is found in the schema as it stands when
 * this runs, and each table is rebuilt from its stored definition, so columns, constraints and foreign keys any
 * migration before this one gave it are kept. Its sequence starts at its highest id.
 */

/** Numbered tables left as they are: one row each, id 1 by their CHECK, so no id is ever freed or given. */
const ONE_ROW = new Set(["data_at_rest", "retention_policy"]);

type Column = { name: string; type: string; pk: number; hidden: number };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table numbered by its own INTEGER PRIMARY KEY (the rowid) that can give a deleted row's id again. */
function reusingTables(db: Database): { table: string; key: string; sql: string }[] {
  const tables = db
    .query(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string; sql: string }[];
  return tables.flatMap(({ name, sql }) => {
    if (ONE_ROW.has(name) || /\bWITHOUT\s+ROWID\b/i.test(sql) || /\bAUTOINCREMENT\b/i.test(sql)) return [];
    const keys = (db.query(`PRAGMA table_info(${quoted(name)})`).all() as Column[]).filter((c) => c.pk > 0);
    const [key] = keys;
    return keys.length === 1 && key?.type.toUpperCase() === "INTEGER"
      ? [{ table: name, key: key.name, sql }]
      : [];
  });
}

/**
 * SQLite's procedure for changing a table's definition, as migration 011 ran it: a new table from the stored
 * CREATE TABLE with AUTOINCREMENT added to the key, the rows copied, the old table dropped, the new one renamed,
 * its indexes created again. Children name it by name, so their foreign keys hold on (foreign keys are off while
 * migrations run). The sequence starts at the highest id the table holds.
 */
function withAutoincrement(db: Database, { table, key, sql }: { table: string; key: string; sql: string }) {
  const name = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const keyDefinition = new RegExp(
    `(["\`[]?${name}["\`\\]]?\\s+INTEGER\\s+PRIMARY\\s+KEY(?:\\s+(?:ASC|DESC))?(?:\\s+ON\\s+CONFLICT\\s+\\w+)?)`,
    "i",
  );
  if (!keyDefinition.test(sql))
    throw new Error(`migration 027: ${table} has no "${key} INTEGER PRIMARY KEY"`);
  const rebuilt = `${table}_rebuilt`;
  const create = sql
    .replace(/^CREATE\s+TABLE\s+("(?:[^"]|"")+"|`[^`]+`|\[[^\]]+\]|\S+)/i, `CREATE TABLE ${quoted(rebuilt)}`)
    .replace(keyDefinition, "$1 AUTOINCREMENT");
  const indexes = db
    .query("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(table) as { sql: string }[];
  const columns = (db.query(`PRAGMA table_xinfo(${quoted(table)})`).all() as Column[])
    .filter((c) => c.hidden === 0)
    .map((c) => quoted(c.name))
    .join(", ");
  db.exec(create);
  db.exec(`INSERT INTO ${quoted(rebuilt)} (${columns}) SELECT ${columns} FROM ${quoted(table)}`);
  db.exec(`DROP TABLE ${quoted(table)}`);
  db.exec(`ALTER TABLE ${quoted(rebuilt)} RENAME TO ${quoted(table)}`);
  for (const index of indexes) db.exec(index.sql);
  const { highest } = db
    .query(`SELECT coalesce(max(${quoted(key)}), 0) AS highest FROM ${quoted(table)}`)
    .get() as { highest: number };
  db.query("DELETE FROM sqlite_sequence WHERE name = ?").run(table);
  if (highest > 0) db.query("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)").run(table, highest);
}

export function up(db: Database): void {
  const tables = reusingTables(db);
  if (tables.length === 0) return;
  // Every trigger and view is set aside while the tables are rebuilt and made again after: a rebuilt table's own
  // go with it, and one elsewhere that names it would stop the rename (SQLite checks them all against the
  // schema when a table is renamed, and the table it names is gone by then).
  const dependents = db
    .query("SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'view') AND sql IS NOT NULL")
    .all() as { type: "trigger" | "view"; name: string; sql: string }[];
  for (const d of dependents) db.exec(`DROP ${d.type.toUpperCase()} ${quoted(d.name)}`);
  for (const table of tables) withAutoincrement(db, table);
  for (const d of dependents) db.exec(d.sql);
}
