import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { type DataCipher, DataKeyError, ENCRYPTED_FILES, storedKeyId } from "./cipher";
import { KEY_REFUSAL_HINT } from "./encryption";

/**
 * What the data key does to the encrypted files of the data folder (ENCRYPTED_FILES), as src/db/encryption.ts
 * does to the listed columns: the start checks that the configured keys read them, the rotation re-encrypts
 * them. They are few and small, so the start reads each one every time.
 */

type StoredFile = { path: string; holds: string; stored: string };

const storedFiles = (dataDir: string): StoredFile[] =>
  ENCRYPTED_FILES.flatMap(({ file, holds }) => {
    const path = join(dataDir, file);
    return existsSync(path) ? [{ path, holds, stored: readFileSync(path, "utf8") }] : [];
  });

/** Key ids the data folder's encrypted files were written with, one per file. */
export const storedFileKeyIds = (dataDir: string): string[] =>
  storedFiles(dataDir).flatMap((f) => storedKeyId(f.stored) ?? []);

const ROTATION_HINT =
  "If every other value already uses the new key (a rotation by an earlier version left this file behind), start with both keys (DATA_KEY=new,old) and run `tracewell keys rotate` again.";

/**
 * Refuses (DataKeyError naming DATA_KEY and the file) when an encrypted file of the data folder was written with
 * a key the cipher does not hold, or does not decrypt with it. Reads only.
 */
export function assertKeysReadStoredFiles(dataDir: string, cipher: DataCipher): void {
  for (const { path, holds, stored } of storedFiles(dataDir)) {
    const id = storedKeyId(stored);
    if (id === null) continue;
    if (!cipher.keyIds.includes(id)) {
      throw new DataKeyError(
        `DATA_KEY cannot read ${holds} (${path}): it was written with key ${id}, and the configured key is ${cipher.keyIds.join(", ")}. ${ROTATION_HINT} ${KEY_REFUSAL_HINT}`,
      );
    }
    try {
      cipher.decrypt(stored);
    } catch {
      throw new DataKeyError(
        `DATA_KEY cannot read ${holds} (${path}): written with key ${id}, it does not decrypt (damaged, or a different key). ${KEY_REFUSAL_HINT}`,
      );
    }
  }
}

/**
 * Replaces a file of the data folder at once and durably: written beside it, flushed, then renamed over it, so a
 * reader (a server making its first seal, a rotation) finds the old value or the new one, never half of one.
 */
export function writeFileAtomically(path: string, text: string): void {
  const partial = `${path}.partial`;
  const fd = openSync(partial, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
  const folder = openSync(dirname(path), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

export type FileRotation = {
  /** Files re-encrypted with the newest key. */
  rewritten: string[];
  /** Files still written with another key (a server writing with an older key meanwhile). */
  remaining: string[];
};

/** Re-encrypts every encrypted file of the data folder with the cipher's first key. */
export function rotateStoredFiles(dataDir: string, cipher: DataCipher): FileRotation {
  const [newest] = cipher.keyIds;
  const rewritten: string[] = [];
  for (const { path, holds, stored } of storedFiles(dataDir)) {
    if (storedKeyId(stored) === newest) continue;
    writeFileAtomically(path, cipher.encrypt(cipher.decrypt(stored)));
    rewritten.push(holds);
  }
  const remaining = storedFiles(dataDir)
    .filter((f) => storedKeyId(f.stored) !== newest)
    .map((f) => f.holds);
  return { rewritten, remaining };
}
