import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { closeSync, cpSync, existsSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { DOCUMENTS_DIR, UPLOADS_DIR } from "../../../ops/backup";
import type { Manifest, ManifestFile } from "../lib/container";
import { DATABASE_IN_ARCHIVE } from "../model";

/**
 * Backups written by releases before the sealed archive (built up to 26 November 2026): `tracewell backup
 * <file>` wrote the database as a plain SQLite file (`VACUUM INTO`; personal data in it already encrypted
 * column by column with the data key), the uploads beside it in `<file>.uploads/` and the sealed documents in
 * `<file>.documents/`. `backup verify` and `restore` read them too (issue 43: "backups written by earlier
 * releases restore"), through the same checks as an archive: they are placed in a folder, given a manifest of
 * what was found, and handed to checkExtracted.
 */
const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");

/** Whether a local file is such a backup (a database file, not a sealed archive). */
export function isEarlierReleaseBackup(source: string): boolean {
  if (source.startsWith("s3://") || !existsSync(source) || !statSync(source).isFile()) return false;
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  const fd = openSync(source, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(SQLITE_MAGIC);
}

/** A file's size and SHA-256, read a MiB at a time: an earlier release's documents folder may hold gigabytes. */
function digestOf(path: string): { size: number; sha256: string } {
  const hash = createHash("sha256");
  const chunk = Buffer.alloc(1024 * 1024);
  const fd = openSync(path, "r");
  let size = 0;
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      hash.update(chunk.subarray(0, read));
      size += read;
    }
  } finally {
    closeSync(fd);
  }
  return { size, sha256: hash.digest("hex") };
}

function filesUnder(root: string, dir: string): ManifestFile[] {
  const out: ManifestFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(root, path));
    else if (entry.isFile()) out.push({ path: relative(root, path), ...digestOf(path) });
  }
  return out;
}

/**
 * Copies such a backup into `dir` (empty) as a data folder: the database, then its two folders when they are
 * there. The manifest states what was copied; its time is the file's, as the earlier release recorded none.
 */
export function placeEarlierReleaseBackup(
  source: string,
  dir: string,
  app: { name: string; version: string },
): Manifest {
  cpSync(source, join(dir, DATABASE_IN_ARCHIVE));
  for (const [suffix, folder] of [
    [".uploads", UPLOADS_DIR],
    [".documents", DOCUMENTS_DIR],
  ] as const) {
    if (existsSync(`${source}${suffix}`))
      cpSync(`${source}${suffix}`, join(dir, folder), { recursive: true });
  }
  const db = new Database(join(dir, DATABASE_IN_ARCHIVE), { readonly: true });
  let schemaVersion: number;
  try {
    schemaVersion = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  } finally {
    db.close();
  }
  return {
    t: "manifest",
    format: 1,
    app: app.name,
    appVersion: app.version,
    schemaVersion,
    createdAt: statSync(source).mtime.toISOString(),
    files: filesUnder(dir, dir),
  };
}
