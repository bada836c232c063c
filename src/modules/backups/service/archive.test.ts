import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDataCipher } from "../../../db/cipher";
import { recordKeysInUse } from "../../../db/data-keys-in-use";
import { openDatabase } from "../../../db/index";
import { silentLogger } from "../../../log";
import { ArchiveError } from "../lib/archive-cipher";
import { backupSettings } from "../model";
import { createBackupService } from "./index";

const root = mkdtempSync(join(tmpdir(), "tracewell-archive-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const KEY = randomBytes(32);
const OTHER_KEY = randomBytes(32);
const MARKER_NAME = "Quillon Marrowgate";
const MARKER_FILE = "FILE-MARKER-7c1e5a";

/** A data folder as the server leaves it: a database with a request (the name encrypted), files in every folder. */
function dataFolder(name: string) {
  const dataDir = join(root, name);
  const db = openDatabase(join(dataDir, "tracewell.db"));
  const cipher = createDataCipher([KEY]);
  recordKeysInUse(db, cipher, null);
  db.query(
    "INSERT INTO contact_submissions (name, email, phone, role, matter_type, subject_type, jurisdictions, desired_service, description) VALUES (?, ?, ?, 'attorney', 'probate-estate', 'individual', ?, 'asset-map', ?)",
  ).run(
    cipher.encrypt(MARKER_NAME),
    cipher.encrypt("q@m.example"),
    cipher.encrypt("5550100142"),
    cipher.encrypt("Cook County"),
    cipher.encrypt("Estate questions"),
  );
  mkdirSync(join(dataDir, "uploads", "images"), { recursive: true });
  writeFileSync(join(dataDir, "uploads", "images", "photo.png"), `PNG ${MARKER_FILE}`);
  mkdirSync(join(dataDir, "documents", "ab"), { recursive: true });
  writeFileSync(join(dataDir, "documents", "ab", "0123"), randomBytes(3 * 1024 * 1024 + 17));
  writeFileSync(join(dataDir, "sealing-certificate.p12.enc"), cipher.encrypt("certificate bytes"));
  writeFileSync(join(dataDir, "data-key"), `${KEY.toString("base64")}\n`);
  return { dataDir, db };
}

const service = (dataDir: string, keys: Uint8Array[] = [KEY]) =>
  createBackupService({
    settings: backupSettings(
      { BACKUP_DIR: join(dataDir, "..", `${dataDir.split("/").pop()}-backups`) },
      {
        dataDir,
        timeZone: "America/New_York",
      },
    ),
    dataDir,
    keys: () => keys,
    app: { name: "tracewell", version: "test" },
    now: () => new Date("2025-03-04T07:30:00Z"),
    logger: silentLogger,
  });

describe("one encrypted archive", () => {
  const { dataDir, db } = dataFolder("data");
  const archive = join(root, "out", "one.twbackup");

  test("holds the database (a consistent snapshot while a write is open), every file and the certificate; never the data key", async () => {
    db.exec("BEGIN IMMEDIATE");
    db.query("DELETE FROM contact_submissions").run();
    const done = await service(dataDir).backupTo(archive);
    db.exec("ROLLBACK");
    expect(done.manifest.files.map((f) => f.path).sort()).toEqual([
      "documents/ab/0123",
      "sealing-certificate.p12.enc",
      "tracewell.db",
      "uploads/images/photo.png",
    ]);
    expect(done.verified.files).toBe(4);
    const bytes = readFileSync(archive);
    for (const marker of [MARKER_FILE, "contact_submissions", "SQLite format", KEY.toString("base64")])
      expect(bytes.includes(Buffer.from(marker))).toBe(false);
    expect(bytes.includes(KEY)).toBe(false);
  });

  test("restores into an empty folder exactly as it was", async () => {
    const into = join(root, "restored");
    const restored = await service(dataDir).restore(archive, into);
    expect(restored.files).toBe(4);
    expect(readFileSync(join(into, "uploads", "images", "photo.png"), "utf8")).toBe(`PNG ${MARKER_FILE}`);
    expect(readFileSync(join(into, "documents", "ab", "0123"))).toEqual(
      readFileSync(join(dataDir, "documents", "ab", "0123")),
    );
    expect(existsSync(join(into, "data-key"))).toBe(false);
    const copy = new Database(join(into, "tracewell.db"), { readonly: true });
    const row = copy.query("SELECT name FROM contact_submissions").get() as { name: string };
    expect(createDataCipher([KEY]).decrypt(row.name)).toBe(MARKER_NAME);
    copy.close();
    expect(readdirSync(root).filter((n) => n.startsWith(".verify-"))).toEqual([]);
  });

  test("a restore refuses a folder that is not empty", async () => {
    const into = join(root, "busy");
    mkdirSync(into);
    writeFileSync(join(into, "keep.txt"), "mine");
    await expect(service(dataDir).restore(archive, into)).rejects.toThrow(/not empty/);
    expect(readdirSync(into)).toEqual(["keep.txt"]);
  });

  test("a changed byte, a cut end or another key fails the verify, and a restore places nothing", async () => {
    const bytes = readFileSync(archive);
    const changed = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 2);
    changed[at] = (changed[at] as number) ^ 1;
    writeFileSync(join(root, "changed.twbackup"), changed);
    writeFileSync(join(root, "cut.twbackup"), bytes.subarray(0, bytes.length - 40_000));
    await expect(service(dataDir).verify(join(root, "changed.twbackup"))).rejects.toThrow(ArchiveError);
    await expect(service(dataDir).verify(join(root, "cut.twbackup"))).rejects.toThrow(/ends early/);
    await expect(service(dataDir, [OTHER_KEY]).verify(archive)).rejects.toThrow(/DATA_KEY does not hold/);
    await expect(service(dataDir).restore(join(root, "changed.twbackup"), join(root, "bad"))).rejects.toThrow(
      ArchiveError,
    );
    expect(existsSync(join(root, "bad"))).toBe(false);
  });

  test("an archive whose database the key's proofs do not read fails its verify", async () => {
    // Sealed with a key that opens the archive, but the data inside was written with another one.
    const dir = join(root, "foreign");
    const { db: foreign } = dataFolder("foreign");
    foreign.close();
    rmSync(join(dir, "sealing-certificate.p12.enc"));
    const sealedWithOther = createBackupService({
      settings: service(dir).settings,
      dataDir: dir,
      keys: () => [OTHER_KEY],
      app: { name: "tracewell", version: "test" },
      now: () => new Date(),
      logger: silentLogger,
    });
    await expect(sealedWithOther.backupTo(join(root, "foreign.twbackup"))).rejects.toThrow(/DATA_KEY/);
  });
});
