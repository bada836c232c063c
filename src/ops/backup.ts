import { Database } from "bun:sqlite";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const UPLOADS_DIR = "uploads";
/** The portal's sealed documents (ADR 145): copied as they are, so a backup holds them only sealed. */
export const DOCUMENTS_DIR = "documents";

export type BackupResult = {
  database: string;
  uploads: string | undefined;
  documents: string | undefined;
  bytes: number;
};

/**
 * An online, consistent copy of the database: `VACUUM INTO` reads one snapshot while the server keeps
 * serving and writing, and produces a compact file that needs no WAL beside it. Uploaded files are copied to
 * `<file>.uploads/` next to it, the portal's sealed documents to `<file>.documents/`. An existing target is never overwritten. While it copies, its snapshot keeps
 * the older pages of anything the server deletes meanwhile on disk (and in the copy); the server empties the
 * WAL once it ends (ADR 105).
 */
export function backup(databaseFile: string, dataDir: string, target: string): BackupResult {
  const out = resolve(target);
  if (existsSync(out)) throw new Error(`${out} already exists; choose a new file name`);
  if (!existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}; check DATA_DIR`);
  mkdirSync(dirname(out), { recursive: true });
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(out);
  } finally {
    db.close();
  }
  const check = new Database(out, { readonly: true });
  try {
    const result = (check.query("PRAGMA integrity_check").get() as { integrity_check: string })
      .integrity_check;
    if (result !== "ok") throw new Error(`The backup failed its integrity check: ${result}`);
  } finally {
    check.close();
  }
  const copyFolder = (name: string) => {
    const from = join(dataDir, name);
    if (!existsSync(from)) return undefined;
    const to = `${out}.${name}`;
    cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
    return to;
  };
  const uploads = copyFolder(UPLOADS_DIR);
  const documents = copyFolder(DOCUMENTS_DIR);
  return { database: out, uploads, documents, bytes: Bun.file(out).size };
}
