import { forgettingWrite } from "../../../db/forget-deleted";
import { sha256 } from "../../../lib/hash";
import type { Sealed } from "../../../store";

export type PortalLink = {
  id: number;
  engagementId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  voidedAt: string | null;
  /** The signer it was mailed to (ADR 297); null: a link of a letter sent before parties, its requester's. */
  signerId: number | null;
  /** Wrong access codes entered with it, and when the last allowed one locked it (ADR 305). */
  codeFailures: number;
  lockedAt: string | null;
};

/** Why a token opened nothing: no link of ours, or one used, replaced by the desk or past its expiry. */
export type LinkRefusal = "unknown" | "used" | "voided" | "expired" | "locked";

const COLUMNS = `id, engagement_id AS engagementId, created_at AS createdAt, expires_at AS expiresAt,
  used_at AS usedAt, voided_at AS voidedAt, signer_id AS signerId, code_failures AS codeFailures,
  locked_at AS lockedAt`;

/**
 * The e-mailed links that open the portal (ADR 218). Several may be outstanding for one engagement; each opens
 * it once. A link is found only by its token's SHA-256; the token's clear copy (encrypted) is kept for the mail
 * that carries it and wiped as soon as that mail is sent, or the link can no longer open anything.
 */
export function portalLinks({ db, cipher }: Sealed) {
  const insert = db.prepare<{ id: number }, [number, string, string, string, string, number | null]>(
    `INSERT INTO portal_links (engagement_id, token_hash, token, created_at, expires_at, signer_id)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertForMail = db.prepare<{ id: number }, [number, string, string, string, string, number]>(
    `INSERT INTO portal_links (engagement_id, token_hash, token, created_at, expires_at, outbox_id)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  // The row's link that can still open the portal and whose token is still held for its mail.
  const heldForMail = db.prepare<{ id: number; token: string; expiresAt: string }, [number, string]>(
    `SELECT id, token, expires_at AS expiresAt FROM portal_links
     WHERE outbox_id = ?1 AND token IS NOT NULL AND used_at IS NULL AND voided_at IS NULL AND expires_at > ?2
     ORDER BY id DESC LIMIT 1`,
  );
  const voidForMail = db.prepare<never, [string, number]>(
    `UPDATE portal_links SET voided_at = ?1, token = NULL
     WHERE outbox_id = ?2 AND used_at IS NULL AND voided_at IS NULL`,
  );
  const clearForMail = db.prepare<never, [number]>(
    "UPDATE portal_links SET token = NULL WHERE outbox_id = ? AND token IS NOT NULL",
  );
  const byId = db.prepare<PortalLink, [number]>(`SELECT ${COLUMNS} FROM portal_links WHERE id = ?`);
  const byHash = db.prepare<PortalLink, [string]>(`SELECT ${COLUMNS} FROM portal_links WHERE token_hash = ?`);
  // The opening and its check are one statement: of two requests with the same link, one changes the row.
  const use = db.prepare<PortalLink, [string, string]>(
    `UPDATE portal_links SET used_at = ?1, token = NULL
     WHERE token_hash = ?2 AND used_at IS NULL AND voided_at IS NULL AND locked_at IS NULL AND expires_at > ?1
     RETURNING ${COLUMNS}`,
  );
  // A wrong code counts in the statement that checks the link can still take one: the last allowed locks it.
  const failCode = db.prepare<PortalLink, [string, number, number]>(
    `UPDATE portal_links SET code_failures = code_failures + 1,
       locked_at = CASE WHEN code_failures + 1 >= ?3 THEN ?1 ELSE NULL END,
       token = CASE WHEN code_failures + 1 >= ?3 THEN NULL ELSE token END
     WHERE id = ?2 AND used_at IS NULL AND voided_at IS NULL AND locked_at IS NULL AND expires_at > ?1
     RETURNING ${COLUMNS}`,
  );
  const newestOf = db.prepare<PortalLink, [number, number, number]>(
    `SELECT ${COLUMNS} FROM portal_links
     WHERE engagement_id = ?1 AND (signer_id = ?2 OR (?3 = 1 AND signer_id IS NULL)) ORDER BY id DESC LIMIT 1`,
  );
  const voidOpen = db.prepare<never, [string, number]>(
    `UPDATE portal_links SET voided_at = ?1, token = NULL
     WHERE engagement_id = ?2 AND used_at IS NULL AND voided_at IS NULL AND expires_at > ?1`,
  );
  const tokenOf = db.prepare<{ token: string | null }, [number]>(
    "SELECT token FROM portal_links WHERE id = ?",
  );
  const clearToken = db.prepare<never, [number]>(
    "UPDATE portal_links SET token = NULL WHERE id = ? AND token IS NOT NULL",
  );
  const clearSpent = db.prepare<never, [string]>(
    `UPDATE portal_links SET token = NULL
     WHERE token IS NOT NULL AND (used_at IS NOT NULL OR voided_at IS NOT NULL OR expires_at <= ?)`,
  );
  const openUntil = db.prepare<{ until: string | null }, [number, string]>(
    `SELECT max(expires_at) AS until FROM portal_links
     WHERE engagement_id = ?1 AND used_at IS NULL AND voided_at IS NULL AND expires_at > ?2`,
  );
  const usedOf = db.prepare<PortalLink, [number]>(
    `SELECT ${COLUMNS} FROM portal_links WHERE engagement_id = ? AND used_at IS NOT NULL ORDER BY used_at, id`,
  );

  return {
    /** A new link: only its hash is looked up; its token is held for its mail. Answers the link's id. */
    issue(
      engagementId: number,
      token: string,
      at: Date,
      expiresAt: string,
      signerId: number | null = null,
    ): number {
      const row = insert.get(
        engagementId,
        sha256(token),
        cipher.encrypt(token),
        at.toISOString(),
        expiresAt,
        signerId,
      );
      return (row as { id: number }).id;
    },
    /**
     * The link of one queued mail (ADR 306): the one its earlier attempt made, while it can still open the
     * portal, or else a new one, any other of the row's links voided first. Its token is held encrypted for the
     * mail's retries and wiped once it is sent (`mailedFor`), so only the mail that went holds a live link.
     */
    forMail(
      outboxId: number,
      engagementId: number,
      at: Date,
      fresh: () => { token: string; expiresAt: string },
    ): { token: string; expiresAt: string } {
      const held = heldForMail.get(outboxId, at.toISOString());
      if (held) return { token: cipher.decrypt(held.token), expiresAt: held.expiresAt };
      forgettingWrite(db, voidForMail.run(at.toISOString(), outboxId).changes);
      const made = fresh();
      insertForMail.run(
        engagementId,
        sha256(made.token),
        cipher.encrypt(made.token),
        at.toISOString(),
        made.expiresAt,
        outboxId,
      );
      return made;
    },
    /** The mail went: its link's token is wiped, only the hash stays to open it. */
    mailedFor: (outboxId: number) => forgettingWrite(db, clearForMail.run(outboxId).changes),
    /** The mail will not go (given up, or dropped): the link nobody received opens nothing. */
    voidFor: (outboxId: number, at: Date) =>
      forgettingWrite(db, voidForMail.run(at.toISOString(), outboxId).changes),
    byId: (id: number) => byId.get(id),
    /**
     * Uses the link the token names, if it can still open the portal: marked used (its token wiped) in one
     * statement, so only one of two simultaneous openings succeeds. Otherwise answers why it opens nothing.
     */
    use(token: string, at: Date): { link: PortalLink } | { refused: LinkRefusal; link?: PortalLink } {
      const hash = sha256(token);
      const used = use.get(at.toISOString(), hash);
      if (used) return { link: used };
      const link = byHash.get(hash);
      if (!link) return { refused: "unknown" };
      if (link.usedAt) return { refused: "used", link };
      if (link.lockedAt) return { refused: "locked", link };
      return { refused: link.voidedAt ? "voided" : "expired", link };
    },
    /** The link a token names, if it could still open the portal now (not used, replaced, expired or locked). */
    usable(token: string, at: Date): PortalLink | null {
      const link = byHash.get(sha256(token));
      const open =
        link && !link.usedAt && !link.voidedAt && !link.lockedAt && link.expiresAt > at.toISOString();
      return open ? link : null;
    },
    /** A wrong access code entered with the link; the `tries`-th locks it. Null when it could take none. */
    wrongCode: (id: number, at: Date, tries: number): PortalLink | null =>
      failCode.get(at.toISOString(), id, tries),
    /** The newest link mailed to a signer (a requester's include the links that name no signer). */
    newestFor: (engagementId: number, signer: { id: number; requester: boolean }): PortalLink | null =>
      newestOf.get(engagementId, signer.id, signer.requester ? 1 : 0),
    /** The desk's new link replaces the ones not yet opened. */
    voidOutstanding: (engagementId: number, at: Date) =>
      forgettingWrite(db, voidOpen.run(at.toISOString(), engagementId).changes),
    /** The token, for the mail that carries it (rendered when the outbox sends it); null once wiped. */
    tokenOf: (id: number) => cipher.decryptNullable(tokenOf.get(id)?.token ?? null),
    /** After its mail is sent the token is wiped, from the table and from the disk. */
    mailed: (id: number) => forgettingWrite(db, clearToken.run(id).changes),
    /** Wipes the tokens no mail will need: of links used, replaced or expired. */
    clearSpent: (at: Date) => forgettingWrite(db, clearSpent.run(at.toISOString()).changes),
    /** Until when the engagement's latest unopened link works; null when none is outstanding. */
    openUntil: (engagementId: number, at: Date) =>
      openUntil.get(engagementId, at.toISOString())?.until ?? null,
    /** The links that opened the portal, first opened first. */
    used: (engagementId: number) => usedOf.all(engagementId),
  };
}

export type PortalLinks = ReturnType<typeof portalLinks>;
