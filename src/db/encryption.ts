import {
  type DataCipher,
  DataKeyError,
  ENCRYPTED_COLUMNS,
  ENCRYPTED_PREFIX,
  type EncryptedTable,
  isEncrypted,
  storedKeyId,
} from "./cipher";
import type { Database } from "./index";

/**
 * What the data key does to the stored values as a whole: check that the configured keys read them, encrypt
 * values stored in clear by earlier versions, re-encrypt everything with the newest key. Each walks
 * ENCRYPTED_COLUMNS, limited to the tables and columns this database has (a check runs before migrations).
 */

const onColumn = (sql: string, column: string) => sql.replaceAll("$col", `"${column}"`);

/** The listed tables and columns present in this database's schema. */
export function encryptedColumnsPresent(db: Database): EncryptedTable[] {
  const present: EncryptedTable[] = [];
  for (const t of ENCRYPTED_COLUMNS) {
    const names = new Set(
      (db.query(`SELECT name FROM pragma_table_info(?)`).all(t.table) as { name: string }[]).map(
        (c) => c.name,
      ),
    );
    if (names.size === 0) continue;
    present.push({
      ...t,
      columns: t.columns.filter((c) => names.has(c)),
      emailHashes: t.emailHashes?.filter((h) => names.has(h.column) && names.has(h.of)),
    });
  }
  return present;
}

export type StoredValues = {
  /** Values per key id they were written with. */
  byKey: Map<string, number>;
  /** Values stored in clear (by a version before encryption at rest). */
  clear: number;
};

/** Counts by key id and clear values in one scan per table (the first characters of each value suffice). */
export function storedValues(db: Database): StoredValues {
  const byKey = new Map<string, number>();
  let clear = 0;
  const head = ENCRYPTED_PREFIX.length + 33;
  for (const t of encryptedColumnsPresent(db)) {
    if (t.columns.length === 0) continue;
    const select = db.query(
      `SELECT ${t.columns.map((c, i) => `substr("${c}", 1, ${head}) AS c${i}`).join(", ")} FROM "${t.table}"`,
    );
    for (const row of select.iterate() as IterableIterator<Record<string, string | null>>) {
      for (let i = 0; i < t.columns.length; i++) {
        const value = row[`c${i}`];
        if (value === null || value === undefined) continue;
        const id = storedKeyId(value);
        if (id === null) clear++;
        else byKey.set(id, (byKey.get(id) ?? 0) + 1);
      }
    }
  }
  return { byKey, clear };
}

/** One stored value written with `keyId`, to prove the configured key of that id really reads it. */
export function sampleOf(db: Database, keyId: string): string | null {
  const prefix = `${ENCRYPTED_PREFIX}${keyId}:`;
  for (const t of encryptedColumnsPresent(db)) {
    for (const c of t.columns) {
      const row = db
        .query(onColumn(`SELECT $col AS v FROM "${t.table}" WHERE substr($col, 1, ?1) = ?2 LIMIT 1`, c))
        .get(prefix.length, prefix) as { v: string } | null;
      if (row) return row.v;
    }
  }
  return null;
}

export const KEY_REFUSAL_HINT =
  "Set DATA_KEY to the key these values were written with (or restore DATA_DIR/data-key); while rotating, list every key in use, newest first. Nothing was changed.";

/**
 * Refuses (DataKeyError naming DATA_KEY) when some stored value was written with a key the cipher does not
 * hold, or a key of the same id does not decrypt it. Reads only.
 */
export function assertKeysReadStoredValues(db: Database, cipher: DataCipher): StoredValues {
  const values = storedValues(db);
  const missing = [...values.byKey.keys()].filter((id) => !cipher.keyIds.includes(id));
  if (missing.length) {
    throw new DataKeyError(
      `DATA_KEY cannot read the stored personal data: values were written with key ${missing.join(", ")}, and the configured key is ${cipher.keyIds.join(", ")}. ${KEY_REFUSAL_HINT}`,
    );
  }
  for (const id of values.byKey.keys()) {
    const sample = sampleOf(db, id);
    try {
      if (sample) cipher.decrypt(sample);
    } catch {
      throw new DataKeyError(
        `DATA_KEY cannot read the stored personal data: a value written with key ${id} does not decrypt (damaged data, or a different key). ${KEY_REFUSAL_HINT}`,
      );
    }
  }
  return values;
}

/**
 * Rewrites every value of a listed column that `needsWork` selects, `batch` rows per short write transaction,
 * so a server using the same file keeps serving in between. Returns how many values were rewritten.
 */
function rewriteValues(
  db: Database,
  cipher: DataCipher,
  needsWork: (stored: string) => boolean,
  batch: number,
): number {
  let rewritten = 0;
  for (const t of encryptedColumnsPresent(db)) {
    const columns = t.columns;
    const hashes = t.emailHashes ?? [];
    if (columns.length === 0) continue;
    const select = db.query(
      `SELECT "${t.id}" AS rowId, ${[...columns, ...hashes.map((h) => h.column)].map((c) => `"${c}"`).join(", ")}
       FROM "${t.table}" WHERE "${t.id}" > ? ORDER BY "${t.id}" LIMIT ?`,
    );
    const updates = new Map(
      [...columns, ...hashes.map((h) => h.column)].map((c) => [
        c,
        db.query(`UPDATE "${t.table}" SET "${c}" = ? WHERE "${t.id}" = ?`),
      ]),
    );
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const done = db
        .transaction(() => {
          const rows = select.all(after, batch) as ({ rowId: number } & Record<
            string,
            string | number | null
          >)[];
          for (const row of rows) {
            for (const c of columns) {
              const stored = row[c];
              if (typeof stored !== "string" || !needsWork(stored)) continue;
              updates.get(c)?.run(cipher.encrypt(cipher.decrypt(stored)), row.rowId);
              rewritten++;
            }
            for (const h of hashes) {
              const source = row[h.of];
              if (typeof source !== "string") continue;
              const plain = cipher.decrypt(source);
              const hash = h.hash ? h.hash(cipher, plain) : cipher.emailHash(plain);
              if (row[h.column] !== hash) updates.get(h.column)?.run(hash, row.rowId);
            }
          }
          const last = rows.at(-1);
          if (last) after = last.rowId;
          return rows.length < batch;
        })
        .immediate();
      if (done) break;
    }
  }
  return rewritten;
}

/**
 * Encrypts values stored in clear by an earlier version (and fills their e-mail hashes); returns how many.
 * `counted`: the census of the stored values, when one was just taken of this same schema (it reads every value).
 */
export function encryptClearValues(
  db: Database,
  cipher: DataCipher,
  counted?: StoredValues,
  batch = 500,
): number {
  if ((counted ?? storedValues(db)).clear === 0) return 0;
  db.query("UPDATE data_at_rest SET scrub_pending = 1").run();
  return rewriteValues(db, cipher, (v) => !isEncrypted(v), batch);
}

/**
 * Fills the keyed hashes (ENCRYPTED_COLUMNS' `emailHashes`) of rows stored before their hash column existed,
 * so exact look-ups (data requests, the conflict pre-screen) find them too; returns how many were filled.
 */
export function fillMissingHashes(db: Database, cipher: DataCipher): number {
  let filled = 0;
  db.transaction(() => {
    for (const t of encryptedColumnsPresent(db)) {
      for (const h of t.emailHashes ?? []) {
        const rows = db
          .query(`SELECT "${t.id}" AS rowId, "${h.of}" AS source FROM "${t.table}"
                  WHERE "${h.column}" IS NULL AND "${h.of}" IS NOT NULL`)
          .all() as { rowId: number; source: string }[];
        const update = db.query(`UPDATE "${t.table}" SET "${h.column}" = ? WHERE "${t.id}" = ?`);
        for (const r of rows) {
          const plain = cipher.decrypt(r.source);
          update.run(h.hash ? h.hash(cipher, plain) : cipher.emailHash(plain), r.rowId);
        }
        filled += rows.length;
      }
    }
  }).immediate();
  return filled;
}

/**
 * When owed (after an upgrade from clear values), rewrites the whole file so deleted and replaced clear text
 * leaves no trace in free pages, then empties the WAL. Takes a moment on a large file; done once.
 */
export function scrubIfPending(db: Database, at: Date): boolean {
  const state = db.query("SELECT scrub_pending AS pending FROM data_at_rest").get() as {
    pending: number;
  } | null;
  if (!state || state.pending === 0) return false;
  db.exec("VACUUM");
  db.query("UPDATE data_at_rest SET scrub_pending = 0, scrubbed_at = ?").run(at.toISOString());
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return true;
}

export type RotationResult = {
  /** Values re-encrypted with the newest key. */
  rewritten: number;
  /** Values still written with another key (a server writing with an older key meanwhile), or in clear. */
  remaining: number;
  /** Whether the WAL could be emptied (a busy server may hold it open). */
  walEmptied: boolean;
};

/**
 * Re-encrypts every stored value with the cipher's first key and recomputes the keyed e-mail hashes, in short
 * transactions, safe while a server (configured with the same keys) keeps serving on the file.
 */
export function rotateStoredValues(db: Database, cipher: DataCipher, batch = 200): RotationResult {
  const [newest] = cipher.keyIds;
  const rewritten = rewriteValues(db, cipher, (v) => storedKeyId(v) !== newest, batch);
  const after = storedValues(db);
  const remaining =
    after.clear + [...after.byKey].reduce((n, [id, count]) => n + (id === newest ? 0 : count), 0);
  const checkpoint = db.query("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number };
  return { rewritten, remaining, walEmptied: checkpoint.busy === 0 };
}
