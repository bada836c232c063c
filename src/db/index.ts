import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import pkg from "../../package.json";
import { forgetBeforeClose } from "./forget-deleted";
import { MIGRATIONS, type Migration } from "./migrations";

export { configureForgetting, forgetDeleted, scrubOwed } from "./forget-deleted";

export type { Database };

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * synchronous=FULL because writes are rare and an acknowledged intake must survive a power cut.
 */
export function openDatabase(file: string): Database {
  const db = openDatabaseFile(file);
  migrate(db);
  return db;
}

/**
 * The file with its settings, schema untouched: the start checks the data key against what is stored before
 * anything is written. secure_delete overwrites deleted rows with zeros, so a deleted request or an old
 * ciphertext leaves no copy in the file's free space.
 */
export function openDatabaseFile(file: string): Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA secure_delete = ON");
  return db;
}

/**
 * Applies every migration above the file's user_version in ONE immediate transaction: an upgrade over several
 * versions either completes or leaves the file exactly as it was, at its old user_version, so the previous
 * binary still runs against it. Returns how many were applied.
 *
 * Foreign keys are off while they run (SQLite's procedure for changing a table's definition: dropping a table
 * others refer to would otherwise cascade into them) and checked before the commit: a migration that leaves
 * a row without its parent, where there was none before, is rolled back.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = assertSchemaKnown(db, migrations);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return 0;
  // PRAGMA foreign_keys is a no-op inside a transaction: a caller's transaction would let a rebuild cascade.
  if (db.inTransaction) throw new Error("migrate() must run outside a transaction");
  const enforced = (db.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys === 1;
  db.exec("PRAGMA foreign_keys = OFF");
  try {
    db.transaction(() => {
      const orphansBefore = new Set(orphans(db));
      for (const m of pending) {
        runMigration(db, m);
        db.exec(`PRAGMA user_version = ${m.version}`);
      }
      const added = orphans(db).filter((o) => !orphansBefore.has(o));
      if (added.length > 0) {
        throw new Error(`The migrations left rows without their parent row: ${added.slice(0, 5).join(", ")}`);
      }
    }).immediate();
  } finally {
    if (enforced) db.exec("PRAGMA foreign_keys = ON");
  }
  return pending.length;
}

/** Thrown when a database was written by a newer version than this binary: the start refuses, the file untouched. */
export class SchemaAheadError extends Error {
  override name = "SchemaAheadError";
}

/** The newest schema this binary knows. */
export const latestSchema = (migrations: readonly Migration[] = MIGRATIONS) =>
  migrations.reduce((max, m) => Math.max(max, m.version), 0);

/**
 * The file's schema version, or SchemaAheadError when a newer version wrote it: this binary would misread
 * what it does not know, so it stops before it writes anything. Reads only.
 */
export function assertSchemaKnown(db: Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  const latest = latestSchema(migrations);
  if (current > latest) {
    throw new SchemaAheadError(
      `${db.filename} is at schema ${current}, written by a newer version of Tracewell; this version (${pkg.version}) knows schema ${latest} at most. Run the newer version, or restore a backup taken by this one. Nothing was changed.`,
    );
  }
  return current;
}

/** One migration's statements, in the caller's transaction. */
export function runMigration(db: Database, m: Migration): void {
  if (typeof m.up === "string") db.exec(m.up);
  else m.up(db);
}

/** Each row whose foreign key names no row, as "table row N -> parent". */
const orphans = (db: Database): string[] =>
  (db.query("PRAGMA foreign_key_check").all() as { table: string; rowid: number; parent: string }[]).map(
    (o) => `${o.table} row ${o.rowid} -> ${o.parent}`,
  );

/** Flushes the WAL into the main file and closes it: the file is then complete on its own. */
export function closeDatabase(db: Database): void {
  forgetBeforeClose(db);
  db.close();
}
