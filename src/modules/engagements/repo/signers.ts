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
};

const COLUMNS = `id, engagement_id AS engagementId, position, role, name, email, consented_at AS consentedAt,
  consent_sha256 AS consentSha256, signed_at AS signedAt, typed_name AS typedName, signed_ip AS signedIp,
  signed_user_agent AS signedUserAgent, authentication`;

/**
 * The signers of each engagement, in order (ADR 297). Names, addresses, the typed names, the visitor's address
 * and browser and the authentication told are personal: encrypted on write, decrypted on read.
 */
export function engagementSigners({ db, cipher }: Sealed) {
  const of = db.prepare<SignerRow, [number]>(
    `SELECT ${COLUMNS} FROM engagement_signers WHERE engagement_id = ? ORDER BY position`,
  );
  const byId = db.prepare<SignerRow, [number]>(`SELECT ${COLUMNS} FROM engagement_signers WHERE id = ?`);
  const insert = db.prepare<never, [number, number, string, string, string | null]>(
    "INSERT INTO engagement_signers (engagement_id, position, role, name, email) VALUES (?, ?, ?, ?, ?)",
  );
  const clear = db.prepare<never, [number]>("DELETE FROM engagement_signers WHERE engagement_id = ?");
  const readable = (r: SignerRow | null): SignerRow | null =>
    r && {
      ...r,
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
    /** The draft's signers replace those stored: only a draft's (a sent letter's parties are frozen with it). */
    replace(engagementId: number, signers: readonly SignerDraft[]) {
      clear.run(engagementId);
      signers.forEach((s, i) => {
        insert.run(engagementId, i + 1, s.role, cipher.encrypt(s.name), enc(s.email ?? null));
      });
    },
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
