import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, type Database, migrate, openDatabaseFile } from "./index";
import { MIGRATIONS } from "./migrations";

const dir = mkdtempSync(join(tmpdir(), "tracewell-migrate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const userVersion = (db: Database) =>
  (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
const tables = (db: Database) =>
  (
    db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  ).map((t) => t.name);

/** A file at schema 8 with one request in it, closed the way the server closes it. */
function databaseAtVersion8(name: string): string {
  const file = join(dir, name);
  const db = openDatabaseFile(file);
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= 8),
  );
  db.query(
    `INSERT INTO contact_submissions (reference, name, email, phone, role, matter_type, subject_type, jurisdictions,
       desired_service, description) VALUES ('IR-260105-KEEP', 'n', 'e', 'p', 'attorney', 'commercial', 'entity',
       'NY', 'asset-map', 'd')`,
  ).run();
  closeDatabase(db);
  return file;
}

describe("an upgrade over several migrations", () => {
  test("is all or nothing: when a later migration fails, the file is unchanged, still at its old user_version", () => {
    const file = databaseAtVersion8("failing.db");
    const before = readFileSync(file);
    const db = openDatabaseFile(file);
    const failing = {
      version: 11,
      name: "fails-half-way",
      up: "ALTER TABLE contact_submissions ADD COLUMN half_done TEXT; INSERT INTO no_such_table VALUES (1);",
    };
    expect(() => migrate(db, [...MIGRATIONS.filter((m) => m.version <= 10), failing])).toThrow(
      /no_such_table/,
    );
    expect(userVersion(db)).toBe(8);
    // Neither 009's nor 010's tables: the two migrations that ran fine before the failure were undone with it.
    expect(tables(db)).not.toContain("desk_closures");
    expect(tables(db)).not.toContain("submission_events");
    expect(db.query("SELECT reference FROM contact_submissions").all()).toEqual([
      { reference: "IR-260105-KEEP" },
    ]);
    closeDatabase(db);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  test("that succeeds applies every pending migration and says how many", () => {
    const file = databaseAtVersion8("passing.db");
    const db = openDatabaseFile(file);
    const pending = MIGRATIONS.filter((m) => m.version > 8).length;
    expect(migrate(db)).toBe(pending);
    expect(userVersion(db)).toBe(MIGRATIONS.at(-1)?.version ?? 0);
    expect(migrate(db)).toBe(0);
    closeDatabase(db);
  });
});

describe("foreign keys during an upgrade", () => {
  const atLatest = (name: string) => {
    const db = openDatabaseFile(join(dir, name));
    migrate(db);
    db.query(
      `INSERT INTO contact_submissions (id, reference, name, email, phone, role, matter_type, subject_type,
         jurisdictions, desired_service, description) VALUES (1, 'IR-1', 'n', 'e', 'p', 'attorney', 'commercial',
         'entity', 'NY', 'asset-map', 'd')`,
    ).run();
    db.query("INSERT INTO submission_notes (submission_id, author, body) VALUES (1, 'morgan', 'b')").run();
    return db;
  };
  const next = (MIGRATIONS.at(-1)?.version ?? 0) + 1;

  test("a migration that leaves a row without its parent is rolled back, and enforcement is back on after", () => {
    const db = atLatest("orphan.db");
    const orphaning = { version: next, name: "orphans", up: "DELETE FROM contact_submissions;" };
    expect(() => migrate(db, [...MIGRATIONS, orphaning])).toThrow(
      /submission_notes row 1 -> contact_submissions/,
    );
    expect(userVersion(db)).toBe(next - 1);
    expect(db.query("SELECT count(*) AS n FROM contact_submissions").get()).toEqual({ n: 1 });
    expect(db.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
    closeDatabase(db);
  });

  test("a rebuilt parent table keeps its children, and an orphan from before does not stop the upgrade", () => {
    const db = atLatest("rebuild.db");
    // A row left without its parent by hand (a shell with foreign keys off): not this upgrade's doing.
    db.exec("PRAGMA foreign_keys = OFF");
    db.exec(
      "INSERT INTO submission_replies (submission_id, author, subject, body, created_at) VALUES (99, 'a', 's', 'b', 'x')",
    );
    db.exec("PRAGMA foreign_keys = ON");
    const rebuild = {
      version: next,
      name: "rebuild-parent",
      up: `CREATE TABLE parent_new (id INTEGER PRIMARY KEY) STRICT;
           INSERT INTO parent_new SELECT id FROM contact_submissions;
           DROP TABLE contact_submissions;
           ALTER TABLE parent_new RENAME TO contact_submissions;`,
    };
    expect(migrate(db, [...MIGRATIONS, rebuild])).toBe(1);
    expect(db.query("SELECT count(*) AS n FROM submission_notes").get()).toEqual({ n: 1 });
    closeDatabase(db);
  });
});
