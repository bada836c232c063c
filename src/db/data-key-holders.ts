import { hostname } from "node:os";
import type { DataCipher } from "./cipher";
import type { Database } from "./index";

/**
 * Which data keys the servers running on this data folder hold (migration 044, ADR 286). A rotation rewrites every
 * value with the new key: a server still running without it could then read nothing it stored, give up its mail
 * and answer 500. So each server says what it holds here, and `keys rotate` asks first.
 */

/** How often a running server marks its row seen. */
export const HOLDER_BEAT_MS = 30_000;
/** A row not seen for this long is a server that was killed (no stop removed it): it holds nothing any more. */
export const HOLDER_STALE_MS = 90_000;

export type KeyHolder = {
  instance: string;
  pid: number;
  host: string;
  keyIds: string[];
  startedAt: string;
  seenAt: string;
};

const hasTable = (db: Database) =>
  db
    .query("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'data_key_holders'")
    .get() !== null;

/** The servers seen within HOLDER_STALE_MS of `now`, oldest start first. Reads only. */
export function liveKeyHolders(db: Database, now: Date): KeyHolder[] {
  if (!hasTable(db)) return [];
  const since = new Date(now.getTime() - HOLDER_STALE_MS).toISOString();
  return (
    db
      .query(
        `SELECT instance, pid, host, key_ids AS keyIds, started_at AS startedAt, seen_at AS seenAt
         FROM data_key_holders WHERE seen_at >= ? ORDER BY started_at`,
      )
      .all(since) as (Omit<KeyHolder, "keyIds"> & { keyIds: string })[]
  ).map((r) => ({ ...r, keyIds: JSON.parse(r.keyIds) as string[] }));
}

/** Forgets every server: a folder made by a restore runs none of the servers its backup saw. */
export function forgetKeyHolders(db: Database): void {
  if (hasTable(db)) db.query("DELETE FROM data_key_holders").run();
}

/**
 * Records that this server holds the cipher's keys, from now until the returned `stop` (which removes the row).
 * `beat` marks it seen; the server calls it every HOLDER_BEAT_MS. Rows of servers killed long ago are cleared.
 */
export function holdKeys(db: Database, cipher: Pick<DataCipher, "keyIds">, now: () => Date) {
  const instance = crypto.randomUUID();
  const at = now().toISOString();
  db.query("DELETE FROM data_key_holders WHERE seen_at < ?").run(
    new Date(now().getTime() - HOLDER_STALE_MS).toISOString(),
  );
  db.query(
    "INSERT INTO data_key_holders (instance, pid, host, key_ids, started_at, seen_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(instance, process.pid, hostname(), JSON.stringify(cipher.keyIds), at, at);
  const seen = db.query("UPDATE data_key_holders SET seen_at = ? WHERE instance = ?");
  return {
    instance,
    beat: () => {
      seen.run(now().toISOString(), instance);
    },
    stop: () => {
      db.query("DELETE FROM data_key_holders WHERE instance = ?").run(instance);
    },
  };
}

/**
 * Why a rotation to `newKeyId` must wait, or null: the running servers that do not hold that key, each named
 * with what it holds and when it was last seen.
 */
export function serversWithoutKey(db: Database, newKeyId: string, now: Date): KeyHolder[] {
  return liveKeyHolders(db, now).filter((h) => !h.keyIds.includes(newKeyId));
}

/** Whether an owner confirmed that a copy of key `keyId` is kept away from this machine (migration 045). */
export function keyCopyConfirmed(db: Database, keyId: string): { at: string; by: string } | null {
  return (
    (db
      .query('SELECT confirmed_at AS at, confirmed_by AS "by" FROM data_key_copies WHERE key_id = ?')
      .get(keyId) as { at: string; by: string } | null) ?? null
  );
}

/** Records an owner's word that a copy of key `keyId` is kept elsewhere; a second word keeps the first. */
export function confirmKeyCopy(db: Database, keyId: string, by: string, at: Date): void {
  db.query(
    "INSERT INTO data_key_copies (key_id, confirmed_at, confirmed_by) VALUES (?, ?, ?) ON CONFLICT (key_id) DO NOTHING",
  ).run(keyId, at.toISOString(), by);
}
