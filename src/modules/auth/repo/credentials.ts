import type { Database } from "../../../db/index";

/**
 * What staff passkeys (ADRs 260, 261) and client passkeys (ADR 299) store the same way, written once (ADR 305):
 * the credential's row, its use and the challenges of a ceremony. Each keeps its own tables, so a staff
 * credential opens nothing in the portal and a client's nothing in the admin; the callers name them.
 */

/** The columns both passkey tables share, in the order `credentialOf` reads them. */
export const CREDENTIAL_COLUMNS =
  "credential_id, public_key, counter, transports, backed_up, name, created_at, last_used_at";

/** A stored credential's shared columns as SQLite answers them. */
export type CredentialRow = {
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

/** The public half of a passkey and what was seen of it, as both kinds keep it. */
export type StoredCredential = {
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  backedUp: boolean;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

const parseTransports = (text: string): string[] => {
  try {
    const list = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
};

/** A row's shared columns read back; the name the person gave is sealed at rest and opened by `decrypt`. */
export const credentialOf = (r: CredentialRow, decrypt: (sealed: string) => string): StoredCredential => ({
  credentialId: r.credential_id,
  publicKey: new Uint8Array(r.public_key),
  counter: r.counter,
  transports: parseTransports(r.transports),
  backedUp: r.backed_up === 1,
  name: decrypt(r.name),
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

/** The shared columns' values for an INSERT (named `$credentialId`, `$publicKey`, … `$at`), the name sealed. */
export const credentialValues = (
  c: Omit<StoredCredential, "lastUsedAt">,
  encrypt: (clear: string) => string,
) => ({
  credentialId: c.credentialId,
  publicKey: c.publicKey,
  counter: c.counter,
  transports: JSON.stringify(c.transports),
  backedUp: c.backedUp ? 1 : 0,
  name: encrypt(c.name),
  at: c.createdAt,
});

export type ChallengePurpose = "register" | "sign_in";

/**
 * The writes a passkeys table and its challenges take the same way for both kinds: `passkeys` and `challenges`
 * name the tables, `owner` the column a challenge and a credential are bound by (an account, an engagement).
 */
export function passkeyTables(db: Database, tables: { passkeys: string; challenges: string; owner: string }) {
  const { passkeys, challenges, owner } = tables;
  return {
    /**
     * Records a use: the new counter, the backup state now and the time. False, changing nothing, when the
     * counter has not moved past the last one seen (a cloned authenticator, or a replay); an authenticator that
     * keeps no counter reports 0 every time and is let through while it does. One statement, so two uses at once
     * cannot both pass with the same count.
     */
    recordUse(id: number, counter: number, backedUp: boolean, at: string): boolean {
      return (
        db
          .query(
            `UPDATE ${passkeys} SET counter = $counter, backed_up = $backedUp, last_used_at = $at
             WHERE id = $id AND (counter < $counter OR (counter = 0 AND $counter = 0))`,
          )
          .run({ id, counter, backedUp: backedUp ? 1 : 0, at }).changes === 1
      );
    },

    /** A new challenge for this key, replacing any earlier one; expired ones of anyone are dropped on the way. */
    putChallenge(c: {
      purpose: ChallengePurpose;
      keyHash: string;
      challenge: string;
      owner: number | null;
      now: string;
      expiresAt: string;
    }): void {
      db.transaction(() => {
        db.query(`DELETE FROM ${challenges} WHERE expires_at <= ?`).run(c.now);
        db.query(
          `INSERT OR REPLACE INTO ${challenges} (purpose, key_hash, challenge, ${owner}, expires_at)
           VALUES ($purpose, $keyHash, $challenge, $owner, $expiresAt)`,
        ).run({
          purpose: c.purpose,
          keyHash: c.keyHash,
          challenge: c.challenge,
          owner: c.owner,
          expiresAt: c.expiresAt,
        });
      })();
    },

    /**
     * Takes the key's pending challenge out, so it serves one response only. Null when there is none; `expired`
     * when its time had passed.
     */
    claimChallenge(
      purpose: ChallengePurpose,
      keyHash: string,
      now: string,
    ): { challenge: string; owner: number | null; expired: boolean } | null {
      const row = db
        .query(
          `DELETE FROM ${challenges} WHERE purpose = ? AND key_hash = ?
           RETURNING challenge, ${owner} AS owner, expires_at`,
        )
        .get(purpose, keyHash) as { challenge: string; owner: number | null; expires_at: string } | null;
      return row && { challenge: row.challenge, owner: row.owner, expired: row.expires_at <= now };
    },
  };
}
