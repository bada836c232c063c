import type { SignerDraft, SignerRole } from "../../../contracts/portal";
import type { Sealed } from "../../../store";

/** One signer of an engagement as stored, in clear; `email` null: the request's own address (the requester). */
export type SignerRow = {
  id: number;
  engagementId: number;
  position: number;
  role: SignerRole;
  name: string;
  email: string | null;
  consentedAt: string | null;
  consentSha256: string | null;
  signedAt: string | null;
  typedName: string | null;
  signedIp: string | null;
  signedUserAgent: string | null;
  /** How they were authenticated, as their certificate line says it. */
  authentication: string | null;
  /** The firm tells them an access code by phone (ADR 305); only its hash is stored, read by `accessCodeHash`. */
  hasAccessCode: boolean;
};

/** A signer of a draft as stored: the access code's hash (null: none; undefined: keep the one they had). */
export type SignerToStore = Omit<SignerDraft, "accessCode"> & { accessCodeHash?: string | null };

const COLUMNS = `id, engagement_id AS engagementId, position, role, name, email, consented_at AS consentedAt,
  consent_sha256 AS consentSha256, signed_at AS signedAt, typed_name AS typedName, signed_ip AS signedIp,
  signed_user_agent AS signedUserAgent, authentication, access_code_hash IS NOT NULL AS hasAccessCode`;

/**
 * The signers of each engagement, in order (ADR 297). Names, addresses, the typed names, the visitor's address
 * and browser and the authentication told are personal: encrypted on write, decrypted on read.
 */
export function engagementSigners({ db, cipher }: Sealed) {
  const of = db.prepare<SignerRow, [number]>(
    `SELECT ${COLUMNS} FROM engagement_signers WHERE engagement_id = ? ORDER BY position`,
  );
  const byId = db.prepare<SignerRow, [number]>(`SELECT ${COLUMNS} FROM engagement_signers WHERE id = ?`);
  const insert = db.prepare<never, [number, number, string, string, string | null, string | null]>(
    "INSERT INTO engagement_signers (engagement_id, position, role, name, email, access_code_hash) VALUES (?, ?, ?, ?, ?, ?)",
  );
  // A signer changed in place keeps their id: the links, sessions, devices and passkeys made for them stay theirs.
  const update = db.prepare<never, [string, string, string | null, string | null, number, number]>(
    `UPDATE engagement_signers SET role = ?1, name = ?2, email = ?3,
       access_code_hash = CASE WHEN ?5 = 1 THEN access_code_hash ELSE ?4 END WHERE id = ?6`,
  );
  const trim = db.prepare<never, [number, number]>(
    "DELETE FROM engagement_signers WHERE engagement_id = ? AND position > ?",
  );
  const codeHash = db.prepare<{ hash: string | null }, [number]>(
    "SELECT access_code_hash AS hash FROM engagement_signers WHERE id = ?",
  );
  const readable = (r: SignerRow | null): SignerRow | null =>
    r && {
      ...r,
      hasAccessCode: Boolean(r.hasAccessCode),
      name: cipher.decrypt(r.name),
      email: cipher.decryptNullable(r.email),
      typedName: cipher.decryptNullable(r.typedName),
      signedIp: cipher.decryptNullable(r.signedIp),
      signedUserAgent: cipher.decryptNullable(r.signedUserAgent),
      authentication: cipher.decryptNullable(r.authentication),
    };
  const enc = (s: string | null) => (s === null ? null : cipher.encrypt(s));

  return {
    of: (engagementId: number): SignerRow[] => of.all(engagementId).map((r) => readable(r) as SignerRow),
    byId: (id: number): SignerRow | null => readable(byId.get(id)),
    /**
     * The draft's signers replace those stored, place by place: only a draft's (a sent letter's parties are
     * frozen with it). A signer whose access code is left out keeps theirs while their role and address stay.
     */
    replace(engagementId: number, signers: readonly SignerToStore[]) {
      const stored = of.all(engagementId).map((r) => readable(r) as SignerRow);
      signers.forEach((s, i) => {
        const email = s.email ?? null;
        const code = s.accessCodeHash;
        const there = stored.find((r) => r.position === i + 1);
        if (!there) {
          insert.run(engagementId, i + 1, s.role, cipher.encrypt(s.name), enc(email), code ?? null);
          return;
        }
        const same = there.role === s.role && (there.email ?? null) === email;
        const keep = code === undefined && same ? 1 : 0;
        update.run(s.role, cipher.encrypt(s.name), enc(email), code ?? null, keep, there.id);
      });
      trim.run(engagementId, signers.length);
    },
    /** The hash of the signer's access code, or null when the firm gave them none. */
    accessCodeHash: (id: number): string | null => codeHash.get(id)?.hash ?? null,
    /** Copies consent and a signature recorded on the engagement itself (a letter sent before parties). */
    adopt(id: number, consentedAt: string | null, consentSha256: string | null, signedAt: string | null) {
      db.run(
        "UPDATE engagement_signers SET consented_at = ?, consent_sha256 = ?, signed_at = ? WHERE id = ?",
        [consentedAt, consentSha256, signedAt, id],
      );
    },
    setConsent(id: number, sha: string, at: string) {
      db.run(
        "UPDATE engagement_signers SET consented_at = ?, consent_sha256 = ? WHERE id = ? AND consented_at IS NULL",
        [at, sha, id],
      );
    },
    /** The signer's signature; answers whether it was recorded (once: a second is refused by the write). */
    setSigned(
      id: number,
      s: { at: string; typedName: string; ip: string; userAgent: string; authentication: string },
    ): boolean {
      return (
        db.run(
          `UPDATE engagement_signers SET signed_at = ?, typed_name = ?, signed_ip = ?, signed_user_agent = ?,
             authentication = ? WHERE id = ? AND signed_at IS NULL`,
          [s.at, cipher.encrypt(s.typedName), enc(s.ip), enc(s.userAgent), enc(s.authentication), id],
        ).changes === 1
      );
    },
    /** A withdrawn letter: every consent and signature given on it is void (the events keep what happened). */
    voidRound(engagementId: number) {
      db.run(
        `UPDATE engagement_signers SET consented_at = NULL, consent_sha256 = NULL, signed_at = NULL,
           typed_name = NULL, signed_ip = NULL, signed_user_agent = NULL, authentication = NULL
         WHERE engagement_id = ?`,
        [engagementId],
      );
    },
  };
}

export type EngagementSigners = ReturnType<typeof engagementSigners>;
