import { type DataCipher, DataKeyError } from "./cipher";
import { KEY_REFUSAL_HINT, type StoredValues, sampleOf } from "./encryption";
import type { Database } from "./index";

/**
 * The record of the data keys stored values may have been written with (migration 018, ADR 135). It spares the
 * start the census of every stored value (ADR 082) and never decides a refusal alone: a record the configured
 * keys do not cover sends the start back to the census, which refuses (or accepts) exactly as before.
 */

/** What each key's proof decrypts to. */
const PROOF = "tracewell data key in use";

type Recorded = { keyId: string; proof: string | null };

/** The record, or null when this database has none yet (before migration 018, or not filled since). */
function recorded(db: Database): Recorded[] | null {
  const table = db
    .query("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'data_keys_in_use'")
    .get();
  if (!table) return null;
  const rows = db.query("SELECT key_id AS keyId, proof FROM data_keys_in_use").all() as Recorded[];
  return rows.length ? rows : null;
}

const undecryptable = (keyId: string) =>
  new DataKeyError(
    `DATA_KEY cannot read the stored personal data: a value written with key ${keyId} does not decrypt (damaged data, or a different key). ${KEY_REFUSAL_HINT}`,
  );

/**
 * Whether the record shows the configured keys read everything stored, without reading a stored value: every
 * recorded key is configured and decrypts its proof (a key known only from stored values decrypts one of
 * them). False when there is no record, it names a key not configured, or a key none of whose values is left:
 * the census decides then. Throws
 * DataKeyError when a configured key of a recorded id does not decrypt. Reads only.
 */
export function keysCoverRecord(db: Database, cipher: DataCipher): boolean {
  const record = recorded(db);
  if (!record || record.some((r) => !cipher.keyIds.includes(r.keyId))) return false;
  for (const { keyId, proof } of record) {
    const sample = proof ?? sampleOf(db, keyId);
    // A key known only from values no longer stored: the census takes it off the record.
    if (sample === null) return false;
    let plain: string;
    try {
      plain = cipher.decrypt(sample);
    } catch {
      throw undecryptable(keyId);
    }
    if (proof !== null && plain !== PROOF) throw undecryptable(keyId);
  }
  return true;
}

/**
 * Records the key this process writes with, before it writes anything. After a census (`found`), the record
 * becomes what the census found plus that key: keys no value uses any more leave it.
 */
export function recordKeysInUse(db: Database, cipher: DataCipher, found: StoredValues | null): void {
  const [writing] = cipher.keyIds as [string];
  const known = new Set((recorded(db) ?? []).map((r) => r.keyId));
  const inUse = found ? new Set([...found.byKey.keys(), writing]) : new Set([...known, writing]);
  const stale = [...known].filter((id) => !inUse.has(id));
  const missing = [...inUse].filter((id) => !known.has(id));
  if (stale.length === 0 && missing.length === 0) return;
  db.transaction(() => {
    const remove = db.query("DELETE FROM data_keys_in_use WHERE key_id = ?");
    for (const id of stale) remove.run(id);
    const add = db.query("INSERT INTO data_keys_in_use (key_id, proof) VALUES (?, ?)");
    for (const id of missing) add.run(id, id === writing ? cipher.encrypt(PROOF) : null);
  }).immediate();
}
