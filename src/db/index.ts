import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS, type Migration } from "./migrations";

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
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return 0;
  db.transaction(() => {
    for (const m of pending) {
      db.exec(m.up);
      db.exec(`PRAGMA user_version = ${m.version}`);
    }
  }).immediate();
  return pending.length;
}

/**
 * After personal data is deleted: until a checkpoint, the WAL still holds the deleted rows' pages as they were
 * (readable with the data key beside them). The checkpoint writes the pages back, where secure_delete has
 * zeroed the rows, and empties the WAL. Deleting is rare; the few milliseconds are paid then.
 */
export function forgetDeleted(db: Database): void {
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

/** Flushes the WAL into the main file and closes it: the file is then complete on its own. */
export function closeDatabase(db: Database): void {
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}
