import type { Sealed } from "../../../store";

/** A client's passkey (ADR 299): the public half of the credential, bound to one engagement. */
export type ClientPasskey = {
  id: number;
  engagementId: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  backedUp: boolean;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The signer whose session added it, for whom what it opens acts (ADR 305); null: the requester. */
  signerId: number | null;
};

type Row = {
  id: number;
  engagement_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  signer_id: number | null;
};

const COLUMNS =
  "id, engagement_id, credential_id, public_key, counter, transports, backed_up, name, created_at, last_used_at, signer_id";

const parseTransports = (text: string): string[] => {
  try {
    const list = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
};

/**
 * The client's passkeys and the challenges of their ceremonies (migration 049), apart from staff's passkeys: a
 * staff credential opens nothing here and a client's nothing in the admin. Names are encrypted at rest.
 */
export function portalPasskeys({ db, cipher }: Sealed) {
  const toPasskey = (r: Row): ClientPasskey => ({
    id: r.id,
    engagementId: r.engagement_id,
    credentialId: r.credential_id,
    publicKey: new Uint8Array(r.public_key),
    counter: r.counter,
    transports: parseTransports(r.transports),
    backedUp: r.backed_up === 1,
    name: cipher.decrypt(r.name),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    signerId: r.signer_id,
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
          engagementId: p.engagementId,
          credentialId: p.credentialId,
          publicKey: p.publicKey,
          counter: p.counter,
          transports: JSON.stringify(p.transports),
          backedUp: p.backedUp ? 1 : 0,
          name: cipher.encrypt(p.name),
          at: p.createdAt,
          signerId: p.signerId,
        }) as { id: number } | null;
      return row?.id ?? null;
    },

    /** A use: the new counter and the time; false when the counter went back (a clone or a replay), as staff's. */
    recordUse(id: number, counter: number, backedUp: boolean, at: string): boolean {
      return (
        db
          .query(
            `UPDATE portal_passkeys SET counter = $counter, backed_up = $backedUp, last_used_at = $at
             WHERE id = $id AND (counter < $counter OR (counter = 0 AND $counter = 0))`,
          )
          .run({ id, counter, backedUp: backedUp ? 1 : 0, at }).changes === 1
      );
    },

    remove: (engagementId: number, id: number): boolean =>
      db.query("DELETE FROM portal_passkeys WHERE id = ? AND engagement_id = ?").run(id, engagementId)
        .changes === 1,

    putChallenge(c: {
      purpose: "register" | "sign_in";
      keyHash: string;
      challenge: string;
      engagementId: number | null;
      now: string;
      expiresAt: string;
    }): void {
      db.transaction(() => {
        db.query("DELETE FROM portal_passkey_challenges WHERE expires_at <= ?").run(c.now);
        db.query(
          `INSERT OR REPLACE INTO portal_passkey_challenges (purpose, key_hash, challenge, engagement_id, expires_at)
           VALUES ($purpose, $keyHash, $challenge, $engagementId, $expiresAt)`,
        ).run({
          purpose: c.purpose,
          keyHash: c.keyHash,
          challenge: c.challenge,
          engagementId: c.engagementId,
          expiresAt: c.expiresAt,
        });
      })();
    },

    /** Takes the key's pending challenge out, so it serves one response only. */
    claimChallenge(
      purpose: "register" | "sign_in",
      keyHash: string,
      now: string,
    ): { challenge: string; engagementId: number | null; expired: boolean } | null {
      const row = db
        .query(
          `DELETE FROM portal_passkey_challenges WHERE purpose = ? AND key_hash = ?
           RETURNING challenge, engagement_id, expires_at`,
        )
        .get(purpose, keyHash) as {
        challenge: string;
        engagement_id: number | null;
        expires_at: string;
      } | null;
      return (
        row && { challenge: row.challenge, engagementId: row.engagement_id, expired: row.expires_at <= now }
      );
    },
  };
}
