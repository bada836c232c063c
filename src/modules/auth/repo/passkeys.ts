import type { Sealed } from "../../../store";
import {
  type ChallengePurpose,
  CREDENTIAL_COLUMNS,
  type CredentialRow,
  credentialOf,
  credentialValues,
  passkeyTables,
  type StoredCredential,
} from "./credentials";

/** An admin's passkey as the server keeps it: the public half of the credential and what was seen of it. */
export type Passkey = StoredCredential & { id: number; userId: number; backupEligible: boolean };

type Row = CredentialRow & { id: number; user_id: number; backup_eligible: number };

const COLUMNS = `id, user_id, backup_eligible, ${CREDENTIAL_COLUMNS}`;

export type { ChallengePurpose };

/**
 * The passkeys table and the challenges of ceremonies under way (migration 036). Names are encrypted at rest. The
 * row's shape, a use and the challenges are the auth feature's one passkey helper, shared with client passkeys.
 */
export function passkeysRepo({ db, cipher }: Sealed) {
  const tables = passkeyTables(db, {
    passkeys: "passkeys",
    challenges: "passkey_challenges",
    owner: "user_id",
  });
  const toPasskey = (r: Row): Passkey => ({
    id: r.id,
    userId: r.user_id,
    backupEligible: r.backup_eligible === 1,
    ...credentialOf(r, (v) => cipher.decrypt(v)),
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
          ...credentialValues(p, (v) => cipher.encrypt(v)),
          userId: p.userId,
          backupEligible: p.backupEligible ? 1 : 0,
        }) as { id: number } | null;
      return row?.id ?? null;
    },

    recordUse: tables.recordUse,

    remove: (userId: number, id: number): boolean =>
      db.query("DELETE FROM passkeys WHERE id = ? AND user_id = ?").run(id, userId).changes === 1,

    /** A new challenge for this key, replacing any earlier one; expired ones of anyone are dropped on the way. */
    putChallenge: ({
      userId,
      ...c
    }: Omit<Parameters<typeof tables.putChallenge>[0], "owner"> & { userId: number | null }) =>
      tables.putChallenge({ ...c, owner: userId }),

    /** Takes the key's pending challenge out, so it serves one response only; `expired` when its time had passed. */
    claimChallenge(
      purpose: ChallengePurpose,
      keyHash: string,
      now: string,
    ): { challenge: string; userId: number | null; expired: boolean } | null {
      const pending = tables.claimChallenge(purpose, keyHash, now);
      return pending && { challenge: pending.challenge, userId: pending.owner, expired: pending.expired };
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
