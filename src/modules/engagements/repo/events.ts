import type { EngagementEvent } from "../../../contracts/portal";
import { sha256 } from "../../../lib/hash";
import type { Sealed } from "../../../store";

export type StoredEvent = EngagementEvent & {
  id: number;
  ip: string | null;
  userAgent: string | null;
  detail: string | null;
  prevHash: string;
  hash: string;
};

const GENESIS = "0".repeat(64);

/** What an event's hash covers: everything it says and the hash before it, so no event can change or go unseen. */
const eventHash = (e: Omit<StoredEvent, "id" | "hash">) =>
  sha256(JSON.stringify([e.prevHash, e.kind, e.at, e.ip, e.userAgent, e.detail]));

/**
 * An engagement's events, a hash chain: each event's address, browser and detail are personal data, encrypted on
 * write and decrypted on read. The table has not changed since the portal began, so this reads any release's file.
 */
export function engagementEvents({ db, cipher }: Sealed) {
  const eventsOf = db.prepare<StoredEvent, [number]>(
    `SELECT id, kind, at, ip, user_agent AS userAgent, detail, prev_hash AS prevHash, hash
     FROM engagement_events WHERE engagement_id = ? ORDER BY id`,
  );
  const lastHash = db.prepare<{ hash: string }, [number]>(
    "SELECT hash FROM engagement_events WHERE engagement_id = ? ORDER BY id DESC LIMIT 1",
  );
  const insertEvent = db.prepare<
    never,
    [number, string, string, string | null, string | null, string | null, string, string]
  >(
    `INSERT INTO engagement_events (engagement_id, kind, at, ip, user_agent, detail, prev_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const readableEvent = (e: StoredEvent): StoredEvent => ({
    ...e,
    ip: cipher.decryptNullable(e.ip),
    userAgent: cipher.decryptNullable(e.userAgent),
    detail: cipher.decryptNullable(e.detail),
  });
  return {
    addEvent(
      id: number,
      e: { kind: string; at: string; ip?: string | null; userAgent?: string | null; detail?: string | null },
    ) {
      const plain = {
        kind: e.kind,
        at: e.at,
        ip: e.ip ?? null,
        userAgent: e.userAgent ?? null,
        detail: e.detail ?? null,
        prevHash: lastHash.get(id)?.hash ?? GENESIS,
      };
      insertEvent.run(
        id,
        plain.kind,
        plain.at,
        cipher.encryptNullable(plain.ip),
        cipher.encryptNullable(plain.userAgent),
        cipher.encryptNullable(plain.detail),
        plain.prevHash,
        eventHash(plain),
      );
    },
    events: (id: number) => eventsOf.all(id).map(readableEvent),
    /** Whether the events are whole: each links to the one before and hashes to what it says. */
    chainIntact(id: number): boolean {
      let prev = GENESIS;
      for (const e of eventsOf.all(id).map(readableEvent)) {
        if (e.prevHash !== prev || eventHash(e) !== e.hash) return false;
        prev = e.hash;
      }
      return true;
    },
  };
}
