import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json";
import type { Config } from "../config";
import { createDataCipher, DataKeyError } from "../db/cipher";
import { keysCoverRecord, recordKeysInUse } from "../db/data-keys-in-use";
import { assertKeysReadStoredFiles, storedFileKeyIds } from "../db/encrypted-files";
import {
  assertKeysReadStoredValues,
  encryptClearValues,
  fillMissingHashes,
  KEY_REFUSAL_HINT,
  scrubIfPending,
  storedValues,
} from "../db/encryption";
import {
  assertSchemaKnown,
  configureForgetting,
  type Database,
  forgetDeleted,
  latestSchema,
  migrate,
  openDatabaseFile,
} from "../db/index";
import { type Logger, silentLogger } from "../log";
import { snapshotBeforeUpgrade, upgradeSnapshotDir } from "../modules/backups";
import { createSubmissionSearch } from "../modules/desk";
import { DATA_KEY_FILE, loadDataKeys } from "../secrets";
import { type Clock, type DataStore, systemClock } from "../store";
import { assertDataDirWritable } from "./data-dir";
import { type StartSteps, untimed } from "./start-steps";

export const DATABASE_FILE = "tracewell.db";

/**
 * Opens the data folder's database with its data key, in the order that loses nothing:
 * 1. the key: DATA_KEY, else DATA_DIR/data-key, else a new one (unless `makeKey` is false: only the server's
 *    start makes one), but never a new one over encrypted values;
 * 2. every key id found in the stored values must be configured and decrypt (reads only, before migrations):
 *    read from the record of the keys in use when it is covered, else counted in every stored value; and every
 *    encrypted file of the data folder (the sealing certificate) must decrypt, read each time;
 * 3. migrations, and the key this process writes with joins the record; 4. values stored in clear by earlier versions are encrypted and the file is rewritten so no
 * clear copy survives (once); 5. a WAL the last run left with frames in it (stopped while a reader held the
 * file, or killed) may hold values deleted then: it is written back and emptied, or retried (forgetDeleted).
 * Throws DataKeyError (its message names DATA_KEY) with nothing written when the key does not fit.
 */
export function openDataStore(
  config: Config,
  opts: {
    logger?: Logger;
    clock?: Clock;
    makeKey?: boolean;
    steps?: StartSteps;
    /** Told of the database as soon as the file is open, before anything reads it (the start counts its reads). */
    opened?: (db: Database) => void;
  } = {},
): DataStore {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? silentLogger;
  assertDataDirWritable(config.dataDir);
  const { time } = opts.steps ?? untimed;
  const file = join(config.dataDir, DATABASE_FILE);
  const leftWal = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
  const db = time("openFile", () => openDatabaseFile(file));
  opts.opened?.(db);
  configureForgetting(db, { logger });
  try {
    // A database a newer version wrote is refused before any check or write (its message names both versions).
    const schema = assertSchemaKnown(db);
    const keyFile = join(config.dataDir, DATA_KEY_FILE);
    if (!config.dataKeys?.length && !existsSync(keyFile)) {
      const held =
        [...storedValues(db).byKey.values()].reduce((a, b) => a + b, 0) +
        storedFileKeyIds(config.dataDir).length;
      if (held > 0) {
        throw new DataKeyError(
          `DATA_KEY is not set and ${keyFile} does not exist, but the data folder holds ${held} encrypted values: a new key would not read them, so none was made. ${KEY_REFUSAL_HINT}`,
        );
      }
      if (opts.makeKey === false) {
        throw new DataKeyError(
          `DATA_KEY is not set and ${keyFile} does not exist. This command needs the data key and makes none (the server's first start does): run it with the server's environment, which sets DATA_KEY.`,
        );
      }
    }
    const makesKey = !config.dataKeys?.length && !existsSync(keyFile);
    const keys = loadDataKeys(config);
    const cipher = createDataCipher(keys);
    // A key made here is the only key to the data: the operator must learn where it is before anything depends
    // on it (ADR 286). Its path and id only, never the key.
    if (makesKey)
      logger.warn("data_key_created", {
        file: keyFile,
        keyId: cipher.keyIds[0],
        hint: "This key alone reads the data and every backup: keep a copy off this machine (a password manager), or move it to DATA_KEY in the service's environment",
      });
    // The census reads every stored value (seconds over 100,000 requests): the record of the keys in use spares
    // it at an ordinary start, and whatever the record does not settle goes to the census as before (ADR 135).
    const counted = time("keyCheck", () =>
      keysCoverRecord(db, cipher) ? null : assertKeysReadStoredValues(db, cipher),
    );
    time("keyCheckFiles", () => assertKeysReadStoredFiles(config.dataDir, cipher));
    // Before an upgrade changes the file, a copy of it as it was, beside the backups (ADR 243).
    if (schema > 0 && schema < latestSchema()) {
      const snapshot = snapshotBeforeUpgrade({
        databaseFile: file,
        dir: upgradeSnapshotDir(process.env, config.dataDir),
        schema,
        at: clock(),
        dataKey: keys[0] as Uint8Array,
        app: { name: pkg.name, version: pkg.version },
      });
      logger.info("upgrade_snapshot", { file: snapshot, fromSchema: schema, toSchema: latestSchema() });
    }
    const migrated = time("migrate", () => migrate(db));
    // Clear values and missing hashes come only from earlier versions: looked for after a census or an upgrade,
    // the census taken again only if migrations changed what there is to count.
    if (counted || migrated > 0) {
      const encrypted = encryptClearValues(db, cipher, migrated === 0 && counted ? counted : undefined);
      const filled = fillMissingHashes(db, cipher);
      if (encrypted || filled) logger.info("data_encrypted", { values: encrypted, emailHashes: filled });
    }
    time("recordKeys", () => recordKeysInUse(db, cipher, counted));
    if (time("scrub", () => scrubIfPending(db, clock()))) logger.info("data_file_rewritten");
    if (leftWal) time("forgetDeleted", () => forgetDeleted(db));
    return { db, cipher, search: createSubmissionSearch({ db, cipher }), clock };
  } catch (error) {
    db.close();
    throw error;
  }
}
