import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db";
import { backup } from "./backup";

const dir = mkdtempSync(join(tmpdir(), "tracewell-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const insert = (db: Database, n: number) =>
  db
    .query(
      "INSERT INTO contact_submissions (name, email, phone, role, matter_type, subject_type, jurisdictions, desired_service, description) VALUES (?, 'a@b.example', '5550100142', 'attorney', 'probate-estate', 'individual', 'Cook County, IL', 'asset-map', 'Estate inventory questions.')",
    )
    .run(`Client ${n}`);

test("a backup taken while the server writes is complete, consistent and standalone", () => {
  const dataDir = join(dir, "data");
  const file = join(dataDir, "tracewell.db");
  const live = openDatabase(file);
  for (let i = 0; i < 50; i++) insert(live, i);
  // An open write transaction on the live database does not block the snapshot, and is not in it.
  live.exec("BEGIN IMMEDIATE");
  insert(live, 999);
  const result = backup(file, dataDir, join(dir, "backups", "first.db"));
  live.exec("COMMIT");

  const copy = new Database(result.database, { readonly: true });
  expect((copy.query("SELECT count(*) AS n FROM contact_submissions").get() as { n: number }).n).toBe(50);
  expect((copy.query("PRAGMA user_version").get() as { user_version: number }).user_version).toBeGreaterThan(
    0,
  );
  copy.close();
  expect(result.uploads).toBeUndefined();
  expect(result.documents).toBeUndefined();
  live.close();
});

test("uploads are copied beside the database, and an existing target is never overwritten", () => {
  const dataDir = join(dir, "data2");
  const file = join(dataDir, "tracewell.db");
  openDatabase(file).close();
  mkdirSync(join(dataDir, "uploads"), { recursive: true });
  writeFileSync(join(dataDir, "uploads", "checklist.pdf"), "%PDF-1.7 sample");
  const target = join(dir, "second.db");
  const result = backup(file, dataDir, target);
  expect(result.uploads).toBe(`${target}.uploads`);
  expect(readFileSync(join(`${target}.uploads`, "checklist.pdf"), "utf8")).toBe("%PDF-1.7 sample");
  expect(() => backup(file, dataDir, target)).toThrow(/already exists/);
});

test("the portal's sealed documents are copied to <file>.documents/ as they are stored, still sealed", () => {
  const dataDir = join(dir, "data3");
  const file = join(dataDir, "tracewell.db");
  openDatabase(file).close();
  mkdirSync(join(dataDir, "documents"), { recursive: true });
  const sealed = "TWS1 sealed bytes";
  writeFileSync(join(dataDir, "documents", "0123456789abcdef0123456789abcdef"), sealed);
  const target = join(dir, "third.db");
  const result = backup(file, dataDir, target);
  expect(result.documents).toBe(`${target}.documents`);
  expect(readFileSync(join(`${target}.documents`, "0123456789abcdef0123456789abcdef"), "utf8")).toBe(sealed);
});

test("a missing database is an error that names the folder to check", () => {
  expect(() => backup(join(dir, "none", "tracewell.db"), join(dir, "none"), join(dir, "x.db"))).toThrow(
    /DATA_DIR/,
  );
});
