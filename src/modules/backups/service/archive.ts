import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { mkdir, mkdtemp, open, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createDataCipher, ENCRYPTED_FILES } from "../../../db/cipher";
import { keysCoverRecord } from "../../../db/data-keys-in-use";
import { assertKeysReadStoredFiles } from "../../../db/encrypted-files";
import { assertKeysReadStoredValues } from "../../../db/encryption";
import { ArchiveError, createArchiveSealer, openArchive } from "../lib/archive-cipher";
import { type FileHead, type Manifest, type ManifestFile, readRecords, recordHead } from "../lib/container";
import { DATABASE_IN_ARCHIVE, FOLDERS_IN_ARCHIVE } from "../model";

const CHUNK = 1024 * 1024;

type Source = { path: string; name: string; size: number };

/** Every file of a folder, with its path relative to the data folder. */
function walk(dataDir: string, folder: string): Source[] {
  const root = join(dataDir, folder);
  if (!existsSync(root)) return [];
  const out: Source[] = [];
  const visit = (rel: string) => {
    for (const entry of readdirSync(join(dataDir, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile())
        out.push({ path: join(dataDir, child), name: child, size: statSync(join(dataDir, child)).size });
    }
  };
  visit(folder);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What a backup holds: the database's snapshot, every uploaded image and file, the portal's sealed documents
 * and every encrypted file of the data folder (the sealing certificate). Never the data key, never the session
 * secret (a restored server makes a new one: everyone signs in again).
 */
export function sourcesOf(dataDir: string, snapshot: string): Source[] {
  return [
    { path: snapshot, name: DATABASE_IN_ARCHIVE, size: statSync(snapshot).size },
    ...FOLDERS_IN_ARCHIVE.flatMap((folder) => walk(dataDir, folder)),
    ...ENCRYPTED_FILES.flatMap(({ file }) => {
      const path = join(dataDir, file);
      return existsSync(path) ? [{ path, name: file, size: statSync(path).size }] : [];
    }),
  ];
}

/**
 * An online, consistent snapshot: `VACUUM INTO` reads one snapshot while the server keeps serving and writing,
 * into a compact file that needs no WAL beside it.
 */
export function snapshotDatabase(databaseFile: string, target: string): number {
  if (!existsSync(databaseFile)) throw new ArchiveError(`No database at ${databaseFile}; check DATA_DIR`);
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    return (copy.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  } finally {
    copy.close();
  }
}

export type Written = { file: string; bytes: number; manifest: Manifest };

/**
 * Writes one sealed archive of the data folder to `out` (never over an existing file): written beside it as
 * `.partial`, flushed and renamed, so a half-written archive never looks like a backup.
 */
export async function writeArchive(opts: {
  databaseFile: string;
  dataDir: string;
  dataKey: Uint8Array;
  out: string;
  app: { name: string; version: string };
  now: Date;
}): Promise<Written> {
  const { out } = opts;
  if (existsSync(out)) throw new ArchiveError(`${out} already exists; choose a new file name`);
  await mkdir(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const snapshot = `${out}.snapshot`;
  rmSync(snapshot, { force: true });
  const fd = openSync(partial, "w", 0o600);
  let closed = false;
  try {
    const schemaVersion = snapshotDatabase(opts.databaseFile, snapshot);
    const sealer = createArchiveSealer(opts.dataKey, (bytes) => {
      writeSync(fd, bytes);
    });
    const files: ManifestFile[] = [];
    const buffer = Buffer.alloc(CHUNK);
    for (const source of sourcesOf(opts.dataDir, snapshot)) {
      const hash = createHash("sha256");
      sealer.push(recordHead({ t: "file", path: source.name, size: source.size }));
      const input = await open(source.path, "r");
      try {
        // Exactly the size the record announced: a file that shrank meanwhile fails the backup out loud.
        let left = source.size;
        while (left > 0) {
          const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, left), null);
          if (bytesRead === 0) throw new ArchiveError(`${source.name} changed while it was backed up`);
          const chunk = buffer.subarray(0, bytesRead);
          hash.update(chunk);
          sealer.push(chunk);
          left -= bytesRead;
        }
      } finally {
        await input.close();
      }
      files.push({ path: source.name, size: source.size, sha256: hash.digest("hex") });
    }
    const manifest: Manifest = {
      t: "manifest",
      format: 1,
      app: opts.app.name,
      appVersion: opts.app.version,
      schemaVersion,
      createdAt: opts.now.toISOString(),
      files,
    };
    sealer.push(recordHead(manifest));
    sealer.end();
    fsyncSync(fd);
    closeSync(fd);
    closed = true;
    await rename(partial, out);
    return { file: out, bytes: statSync(out).size, manifest };
  } catch (error) {
    if (!closed) closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(snapshot, { force: true });
  }
}

/**
 * Opens an archive into `dir` (which must exist and be empty), each file's SHA-256 and size checked against the
 * manifest, and nothing in the folder that the manifest does not list. Returns the manifest.
 */
export async function extractArchive(
  source: AsyncIterator<Uint8Array>,
  keys: readonly Uint8Array[],
  dir: string,
): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const onFile = async (head: FileHead, chunks: AsyncGenerator<Buffer>) => {
    if (seen.has(head.path)) throw new ArchiveError(`The archive holds ${head.path} twice`);
    const path = join(dir, head.path);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const hash = createHash("sha256");
    const output = await open(path, "wx", 0o600);
    let size = 0;
    try {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        await output.write(chunk);
      }
      await output.sync();
    } finally {
      await output.close();
    }
    seen.set(head.path, { size, sha256: hash.digest("hex") });
  };
  const manifest = await readRecords(openArchive(source, keys), onFile);
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const f of manifest.files) {
    const got = seen.get(f.path);
    if (!got) throw new ArchiveError(`The archive lacks ${f.path}, which its manifest lists`);
    if (got.size !== f.size || got.sha256 !== f.sha256)
      throw new ArchiveError(`${f.path} does not match its SHA-256 in the manifest`);
  }
  for (const path of seen.keys())
    if (!listed.has(path))
      throw new ArchiveError(`The archive holds ${path}, which its manifest does not list`);
  if (!listed.has(DATABASE_IN_ARCHIVE)) throw new ArchiveError("The archive holds no database");
  return manifest;
}

export type Checked = { integrity: "ok"; schemaVersion: number; files: number; bytes: number };

/**
 * What a restored folder must pass before anything is placed or a backup is called good: the database's
 * `PRAGMA integrity_check`, its schema version as the manifest states, and the data key's proofs: the
 * configured keys read every stored value and every encrypted file.
 */
export function checkExtracted(dir: string, manifest: Manifest, keys: readonly Uint8Array[]): Checked {
  const db = new Database(join(dir, DATABASE_IN_ARCHIVE), { readonly: true });
  try {
    const rows = db.query("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const result = rows.map((r) => r.integrity_check).join("; ");
    if (result !== "ok") throw new ArchiveError(`The database failed its integrity check: ${result}`);
    const version = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
    if (version !== manifest.schemaVersion)
      throw new ArchiveError(
        `The database is at schema ${version}, the manifest says ${manifest.schemaVersion}`,
      );
    const cipher = createDataCipher(keys);
    if (!keysCoverRecord(db, cipher)) assertKeysReadStoredValues(db, cipher);
    assertKeysReadStoredFiles(dir, cipher);
  } finally {
    db.close();
  }
  return {
    integrity: "ok",
    schemaVersion: manifest.schemaVersion,
    files: manifest.files.length,
    bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
  };
}

/** A new empty folder beside `near` (same disk, so a restore's rename is one step), readable by this user only. */
export async function tempFolderBeside(near: string, label: string): Promise<string> {
  await mkdir(near, { recursive: true, mode: 0o700 });
  return mkdtemp(join(near, `.${label}-`));
}

/**
 * The database alone, as one sealed archive, written synchronously: the copy a start takes before it migrates
 * (ADR 243). Sealed like every backup, so an upgrade that scrubs data leaves no clear copy of it behind.
 */
export function sealDatabaseSync(opts: {
  databaseFile: string;
  dataKey: Uint8Array;
  out: string;
  app: { name: string; version: string };
  now: Date;
}): void {
  const snapshot = `${opts.out}.snapshot`;
  const partial = `${opts.out}.partial`;
  rmSync(snapshot, { force: true });
  try {
    const schemaVersion = snapshotDatabase(opts.databaseFile, snapshot);
    const size = statSync(snapshot).size;
    const fd = openSync(partial, "w", 0o600);
    const input = openSync(snapshot, "r");
    try {
      const sealer = createArchiveSealer(opts.dataKey, (bytes) => {
        writeSync(fd, bytes);
      });
      const hash = createHash("sha256");
      sealer.push(recordHead({ t: "file", path: DATABASE_IN_ARCHIVE, size }));
      const buffer = Buffer.alloc(CHUNK);
      for (let left = size; left > 0; ) {
        const read = readSync(input, buffer, 0, Math.min(CHUNK, left), null);
        if (read === 0) throw new ArchiveError("The database's copy ended early");
        hash.update(buffer.subarray(0, read));
        sealer.push(buffer.subarray(0, read));
        left -= read;
      }
      sealer.push(
        recordHead({
          t: "manifest",
          format: 1,
          app: opts.app.name,
          appVersion: opts.app.version,
          schemaVersion,
          createdAt: opts.now.toISOString(),
          files: [{ path: DATABASE_IN_ARCHIVE, size, sha256: hash.digest("hex") }],
        }),
      );
      sealer.end();
      fsyncSync(fd);
    } finally {
      closeSync(input);
      closeSync(fd);
    }
    renameSync(partial, opts.out);
  } finally {
    rmSync(snapshot, { force: true });
    rmSync(partial, { force: true });
  }
}
