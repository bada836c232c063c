import type { Sealed } from "../../../store";
import {
  CREDENTIAL_COLUMNS,
  type CredentialRow,
  credentialOf,
  credentialValues,
  passkeyTables,
  type StoredCredential,
} from "../../auth";

/** A client's passkey (ADR 299): the public half of the credential, bound to one engagement. */
export type ClientPasskey = StoredCredential & {
  id: number;
  engagementId: number;
  /** The signer whose session added it, for whom what it opens acts (ADR 305); null: the requester. */
  signerId: number | null;
};

type Row = CredentialRow & { id: number; engagement_id: number; signer_id: number | null };

const COLUMNS = `id, engagement_id, signer_id, ${CREDENTIAL_COLUMNS}`;

/**
 * The client's passkeys and the challenges of their ceremonies (migration 049), apart from staff's passkeys: a
 * staff credential opens nothing here and a client's nothing in the admin. Names are encrypted at rest. The row's
 * shape, a use and the challenges are the auth feature's one passkey helper, over these tables (ADR 305).
 */
export function portalPasskeys({ db, cipher }: Sealed) {
  const tables = passkeyTables(db, {
    passkeys: "portal_passkeys",
    challenges: "portal_passkey_challenges",
    owner: "engagement_id",
  });
  const toPasskey = (r: Row): ClientPasskey => ({
    id: r.id,
    engagementId: r.engagement_id,
    signerId: r.signer_id,
    ...credentialOf(r, (v) => cipher.decrypt(v)),
  });

  return {
    ofEngagement: (engagementId: number): ClientPasskey[] =>
      (
        db
          .query(`SELECT ${COLUMNS} FROM portal_passkeys WHERE engagement_id = ? ORDER BY id`)
          .all(engagementId) as Row[]
      ).map(toPasskey),

    byCredentialId(credentialId: string): ClientPasskey | null {
      const row = db
        .query(`SELECT ${COLUMNS} FROM portal_passkeys WHERE credential_id = ?`)
        .get(credentialId) as Row | null;
      return row && toPasskey(row);
    },

    /** Stores a new passkey; null when that credential is already stored. */
    insert(p: Omit<ClientPasskey, "id" | "lastUsedAt">): number | null {
      const row = db
        .query(
          `INSERT INTO portal_passkeys (engagement_id, credential_id, public_key, counter, transports, backed_up,
                                        name, created_at, signer_id)
           VALUES ($engagementId, $credentialId, $publicKey, $counter, $transports, $backedUp, $name, $at, $signerId)
           ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
        )
        .get({
          ...credentialValues(p, (v) => cipher.encrypt(v)),
          engagementId: p.engagementId,
          signerId: p.signerId,
        }) as { id: number } | null;
      return row?.id ?? null;
    },

    /** A use: the new counter and the time; false when the counter went back (a clone or a replay), as staff's. */
    recordUse: tables.recordUse,

    remove: (engagementId: number, id: number): boolean =>
      db.query("DELETE FROM portal_passkeys WHERE id = ? AND engagement_id = ?").run(id, engagementId)
        .changes === 1,

    putChallenge: ({
      engagementId,
      ...c
    }: Omit<Parameters<typeof tables.putChallenge>[0], "owner"> & { engagementId: number | null }) =>
      tables.putChallenge({ ...c, owner: engagementId }),

    /** Takes the key's pending challenge out, so it serves one response only. */
    claimChallenge(
      purpose: "register" | "sign_in",
      keyHash: string,
      now: string,
    ): { challenge: string; engagementId: number | null; expired: boolean } | null {
      const pending = tables.claimChallenge(purpose, keyHash, now);
      return (
        pending && { challenge: pending.challenge, engagementId: pending.owner, expired: pending.expired }
      );
    },
  };
}
