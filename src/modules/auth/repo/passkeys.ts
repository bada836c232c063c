import type { Sealed } from "../../../store";

/** An admin's passkey as the server keeps it: the public half of the credential and what was seen of it. */
export type Passkey = {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  backupEligible: boolean;
  backedUp: boolean;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

type Row = {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string;
  backup_eligible: number;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

const COLUMNS =
  "id, user_id, credential_id, public_key, counter, transports, backup_eligible, backed_up, name, created_at, last_used_at";

const parseTransports = (text: string): string[] => {
  try {
    const list = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
};

export type ChallengePurpose = "register" | "sign_in";

/** The passkeys table and the challenges of ceremonies under way (migration 036). Names are encrypted at rest. */
export function passkeysRepo({ db, cipher }: Sealed) {
  const toPasskey = (r: Row): Passkey => ({
    id: r.id,
    userId: r.user_id,
    credentialId: r.credential_id,
    publicKey: new Uint8Array(r.public_key),
    counter: r.counter,
    transports: parseTransports(r.transports),
    backupEligible: r.backup_eligible === 1,
    backedUp: r.backed_up === 1,
    name: cipher.decrypt(r.name),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  });

  return {
    ofUser: (userId: number): Passkey[] =>
      (db.query(`SELECT ${COLUMNS} FROM passkeys WHERE user_id = ? ORDER BY id`).all(userId) as Row[]).map(
        toPasskey,
      ),

    byCredentialId(credentialId: string): Passkey | null {
      const row = db
        .query(`SELECT ${COLUMNS} FROM passkeys WHERE credential_id = ?`)
        .get(credentialId) as Row | null;
      return row && toPasskey(row);
    },

    /** Stores a new passkey; null when that credential is already stored (for anyone). */
    insert(p: Omit<Passkey, "id" | "lastUsedAt">): number | null {
      const row = db
        .query(
          `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, backup_eligible, backed_up,
                                 name, created_at)
           VALUES ($userId, $credentialId, $publicKey, $counter, $transports, $backupEligible, $backedUp, $name, $at)
           ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
        )
        .get({
          userId: p.userId,
          credentialId: p.credentialId,
          publicKey: p.publicKey,
          counter: p.counter,
          transports: JSON.stringify(p.transports),
          backupEligible: p.backupEligible ? 1 : 0,
          backedUp: p.backedUp ? 1 : 0,
          name: cipher.encrypt(p.name),
          at: p.createdAt,
        }) as { id: number } | null;
      return row?.id ?? null;
    },

    /**
     * Records a use: the new counter, the backup state now and the time. False, changing nothing, when the counter
     * has not moved past the last one seen (a cloned authenticator, or a replay); an authenticator that keeps
     * no counter reports 0 every time and is let through while it does. One statement, so two uses at once
     * cannot both pass with the same count.
     */
    recordUse(id: number, counter: number, backedUp: boolean, at: string): boolean {
      return (
        db
          .query(
            `UPDATE passkeys SET counter = $counter, backed_up = $backedUp, last_used_at = $at
             WHERE id = $id AND (counter < $counter OR (counter = 0 AND $counter = 0))`,
          )
          .run({ id, counter, backedUp: backedUp ? 1 : 0, at }).changes === 1
      );
    },

    remove: (userId: number, id: number): boolean =>
      db.query("DELETE FROM passkeys WHERE id = ? AND user_id = ?").run(id, userId).changes === 1,

    /** A new challenge for this key, replacing any earlier one; expired ones of anyone are dropped on the way. */
    putChallenge(c: {
      purpose: ChallengePurpose;
      keyHash: string;
      challenge: string;
      userId: number | null;
      now: string;
      expiresAt: string;
    }): void {
      db.transaction(() => {
        db.query("DELETE FROM passkey_challenges WHERE expires_at <= ?").run(c.now);
        db.query(
          `INSERT OR REPLACE INTO passkey_challenges (purpose, key_hash, challenge, user_id, expires_at)
           VALUES ($purpose, $keyHash, $challenge, $userId, $expiresAt)`,
        ).run({
          purpose: c.purpose,
          keyHash: c.keyHash,
          challenge: c.challenge,
          userId: c.userId,
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
    ): { challenge: string; userId: number | null; expired: boolean } | null {
      const row = db
        .query(
          `DELETE FROM passkey_challenges WHERE purpose = ? AND key_hash = ?
           RETURNING challenge, user_id, expires_at`,
        )
        .get(purpose, keyHash) as { challenge: string; user_id: number | null; expires_at: string } | null;
      return row && { challenge: row.challenge, userId: row.user_id, expired: row.expires_at <= now };
    },
  };
}

/**
 * Removes an admin's passkeys and their pending challenges (a reset of the second factor). Reads no encrypted
 * value: the operator's command runs it without the data key. Returns how many passkeys there were.
 */
export function removeAllPasskeys({ db }: Sealed, userId: number): number {
  db.query("DELETE FROM passkey_challenges WHERE user_id = ?").run(userId);
  return db.query("DELETE FROM passkeys WHERE user_id = ?").run(userId).changes;
}
