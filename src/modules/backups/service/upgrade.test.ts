import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capturingLogger } from "../../../../tests/helpers/intake";
import { loadConfig } from "../../../config";
import { latestSchema, migrate, openDatabaseFile, SchemaAheadError } from "../../../db/index";
import { MIGRATIONS } from "../../../db/migrations";
import { silentLogger } from "../../../log";
import { openDataStore } from "../../../ops/data-store";
import { backupSettings } from "../model";
import { createBackupService } from "./index";

const root = mkdtempSync(join(tmpdir(), "tracewell-upgrade-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const KEY = randomBytes(32).toString("base64");

test("before migrations change the file, a sealed copy of it as it was goes beside the backups, and the log says so", async () => {
  const dataDir = join(root, "older");
  mkdirSync(dataDir);
  const older = openDatabaseFile(join(dataDir, "tracewell.db"));
  migrate(
    older,
    MIGRATIONS.filter((m) => m.version < latestSchema()),
  );
  older.close();
  const { logger, lines } = capturingLogger();
  const store = openDataStore(loadConfig({ DATA_DIR: dataDir, DATA_KEY: KEY }), { logger });
  store.db.close();
  const [copy] = readdirSync(join(dataDir, "backups"));
  expect(copy).toMatch(/^pre-upgrade-schema-\d+-\d{8}T\d{9}Z\.twbackup$/);
  // Sealed like a backup: `tracewell restore` opens it, and it holds the database as it was.
  const restored = join(root, "undo");
  await createBackupService({
    settings: backupSettings({}, { dataDir, timeZone: "UTC" }),
    dataDir,
    keys: () => [Buffer.from(KEY, "base64")],
    app: { name: "tracewell", version: "test" },
    now: () => new Date(),
    logger: silentLogger,
  }).restore(join(dataDir, "backups", copy as string), restored);
  const snapshot = new Database(join(restored, "tracewell.db"), { readonly: true });
  // The schema before the last migration: the numbers may skip (each change of a round takes its own).
  expect((snapshot.query("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(
    MIGRATIONS.filter((m) => m.version < latestSchema()).at(-1)?.version ?? 0,
  );
  snapshot.close();
  expect(lines.some((l) => l.includes('"upgrade_snapshot"') && l.includes(copy as string))).toBe(true);
  // A start with nothing to migrate copies nothing.
  openDataStore(loadConfig({ DATA_DIR: dataDir, DATA_KEY: KEY })).db.close();
  expect(readdirSync(join(dataDir, "backups"))).toHaveLength(1);
});

test("a database a newer version wrote is refused with both versions named, and the file is untouched", () => {
  const dataDir = join(root, "newer");
  mkdirSync(dataDir);
  const file = join(dataDir, "tracewell.db");
  const newer = openDatabaseFile(file);
  migrate(newer);
  newer.exec(`PRAGMA user_version = ${latestSchema() + 3}`);
  newer.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  newer.close();
  const before = readFileSync(file);
  let refused: unknown;
  try {
    openDataStore(loadConfig({ DATA_DIR: dataDir, DATA_KEY: KEY })).db.close();
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(SchemaAheadError);
  expect(String(refused)).toContain(`schema ${latestSchema() + 3}`);
  expect(String(refused)).toContain(`knows schema ${latestSchema()} at most`);
  expect(readFileSync(file).equals(before)).toBe(true);
  expect(existsSync(join(dataDir, "backups"))).toBe(false);
});
