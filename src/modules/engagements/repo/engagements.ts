import type { RoundState } from "../../../contracts/lifecycle";
import type { EngagementDraft, EngagementStatus, FeeKind, Payment } from "../../../contracts/portal";
import type { Cadence } from "../../../contracts/subscriptions";
import type { Sealed } from "../../../store";
import type { DocSpec, SignatureField } from "../../signing";
import { engagementEvents } from "./events";
import { engagementSigners } from "./signers";

export type { StoredEvent } from "./events";

/** Where the letter as presented is signed: each party's boxes, and who signs for the firm (as it was printed). */
export type LetterLayout = { fields: SignatureField[]; firm: { party: string; signatory: string } };

/**
 * The letter as it was sent: its bytes, their SHA-256, where it is signed, and the document its PDF was laid out
 * from (what the portal shows as text; null for a letter frozen before it was kept).
 */
export type PresentedLetter = { pdf: Uint8Array; sha256: string; layout: LetterLayout; spec: DocSpec | null };

export type EngagementRow = {
  id: number;
  submissionId: number;
  scope: string;
  feeCents: number;
  feeKind: FeeKind;
  /** A retainer's hourly rate (its letter states it); null for the other fee kinds. */
  hourlyRateCents: number | null;
  turnaroundBusinessDays: number;
  expedite: boolean;
  /** A monthly engagement's subjects (decrypted here) and cadence; null for the other fee kinds. */
  subjects: string[] | null;
  cadence: Cadence | null;
  status: EngagementStatus;
  sentAt: string | null;
  consentedAt: string | null;
  consentSha256: string | null;
  signedAt: string | null;
  signedName: string | null;
  letterSha256: string | null;
  workStartedAt: string | null;
  deliveryDueAt: string | null;
  deliveredAt: string | null;
  /** Who receives a copy of the signed letter (decrypted here); the firm countersigns last when asked. */
  cc: string[];
  countersign: boolean;
  /** What stopped the round (ADR 297); when it expires; when its waiting signer was last mailed. */
  roundState: RoundState | null;
  roundExpiresAt: string | null;
  remindedAt: string | null;
  roundChangedAt: string | null;
  declinedReason: string | null;
  declinedBy: number | null;
  countersignedBy: string | null;
};

const COLUMNS = `id, submission_id AS submissionId, scope, fee_cents AS feeCents, fee_kind AS feeKind,
  turnaround_business_days AS turnaroundBusinessDays, expedite, status,
  sent_at AS sentAt, consented_at AS consentedAt, consent_sha256 AS consentSha256, signed_at AS signedAt,
  signed_name AS signedName, letter_sha256 AS letterSha256, work_started_at AS workStartedAt,
  delivery_due_at AS deliveryDueAt, delivered_at AS deliveredAt, subjects, cadence,
  hourly_rate_cents AS hourlyRateCents, cc, countersign, round_state AS roundState,
  round_expires_at AS roundExpiresAt, reminded_at AS remindedAt, round_changed_at AS roundChangedAt,
  declined_reason AS declinedReason, declined_by AS declinedBy, countersigned_by AS countersignedBy`;

/**
 * The engagement tables. The scope, the typed name, the signed PDF, each event's address, browser and detail,
 * and payment methods are personal data: encrypted on write, decrypted on read. Every portal query names the
 * engagement by the id its session is bound to.
 */
export function engagementsRepo({ db, cipher }: Sealed) {
  const events = engagementEvents({ db, cipher });
  type Stored = Omit<EngagementRow, "subjects" | "cc"> & { subjects: string | null; cc: string | null };
  // Prepared at first use: a test that seeds an earlier release's schema appends events through this repository
  // before the engagement's later columns (subjects, cadence) exist.
  const lazy = <T>(make: () => T) => {
    let made: T | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  const bySubmission = lazy(() =>
    db.prepare<Stored, [number]>(`SELECT ${COLUMNS} FROM engagements WHERE submission_id = ?`),
  );
  const byId = lazy(() => db.prepare<Stored, [number]>(`SELECT ${COLUMNS} FROM engagements WHERE id = ?`));
  const upsert = lazy(() =>
    db.prepare<
      never,
      [number, string, number, string, number, number, string, string | null, string | null, number | null]
    >(
      `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, turnaround_business_days, expedite,
       created_at, updated_at, subjects, cadence, hourly_rate_cents)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10)
     ON CONFLICT (submission_id) DO UPDATE SET scope = ?2, fee_cents = ?3, fee_kind = ?4,
       turnaround_business_days = ?5, expedite = ?6, updated_at = ?7, subjects = ?8, cadence = ?9,
       hourly_rate_cents = ?10`,
    ),
  );
  const paymentsOf = db.prepare<Payment, [number]>(
    `SELECT id, amount_cents AS amountCents, received_on AS receivedOn, method, created_at AS recordedAt
     FROM engagement_payments WHERE engagement_id = ? ORDER BY received_on, id`,
  );
  const insertPayment = db.prepare<{ id: number }, [number, number, string, string, string, string]>(
    `INSERT INTO engagement_payments (engagement_id, amount_cents, received_on, method, recorded_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const signedPdf = db.prepare<{ pdf: string | null }, [number]>(
    "SELECT signed_pdf AS pdf FROM engagements WHERE id = ?",
  );
  const presented = db.prepare<
    { pdf: string | null; layout: string | null; sha256: string | null; spec: string | null },
    [number]
  >(
    "SELECT letter_pdf AS pdf, letter_fields AS layout, letter_sha256 AS sha256, letter_spec AS spec FROM engagements WHERE id = ?",
  );

  const keptText = db.prepare<{ sha256: string | null; spec: string | null }, [number]>(
    "SELECT letter_sha256 AS sha256, letter_spec AS spec FROM engagements WHERE id = ? AND letter_pdf IS NOT NULL",
  );

  const readable = (r: Stored | null): EngagementRow | null =>
    r && {
      ...r,
      cc: r.cc === null ? [] : (JSON.parse(cipher.decrypt(r.cc)) as string[]),
      countersign: Boolean(r.countersign),
      declinedReason: cipher.decryptNullable(r.declinedReason),
      countersignedBy: cipher.decryptNullable(r.countersignedBy),
      subjects: r.subjects === null ? null : (JSON.parse(cipher.decrypt(r.subjects)) as string[]),
      expedite: Boolean(r.expedite),
      scope: cipher.decrypt(r.scope),
      signedName: cipher.decryptNullable(r.signedName),
    };

  return {
    bySubmission: (submissionId: number): EngagementRow | null => readable(bySubmission().get(submissionId)),
    byId: (id: number): EngagementRow | null => readable(byId().get(id)),
    saveDraft(submissionId: number, d: EngagementDraft, at: string) {
      upsert().run(
        submissionId,
        cipher.encrypt(d.scope),
        d.feeCents,
        d.feeKind,
        d.turnaroundBusinessDays,
        d.expedite ? 1 : 0,
        at,
        d.feeKind === "monthly" && d.subjects ? cipher.encrypt(JSON.stringify(d.subjects)) : null,
        d.feeKind === "monthly" ? (d.cadence ?? "quarterly") : null,
        d.feeKind === "retainer" ? (d.hourlyRateCents ?? null) : null,
      );
      db.run("UPDATE engagements SET cc = ?, countersign = ? WHERE submission_id = ?", [
        d.cc?.length ? cipher.encrypt(JSON.stringify(d.cc)) : null,
        d.countersign ? 1 : 0,
        submissionId,
      ]);
    },
    /** A new signing period: the round runs again until `expiresAt` (a first sending, or one after expiry). */
    startRound(id: number, at: string, expiresAt: string) {
      db.run(
        `UPDATE engagements SET round_state = NULL, round_expires_at = ?, reminded_at = ?, round_changed_at = ?,
           declined_reason = NULL, declined_by = NULL WHERE id = ?`,
        [expiresAt, at, at, id],
      );
    },
    /** The waiting signer was mailed (a link of their own, or a reminder): reminders count from now. */
    nudged(id: number, at: string) {
      db.run("UPDATE engagements SET reminded_at = ? WHERE id = ?", [at, id]);
    },
    /** The round stopped: every party signed and the firm countersigns, or it expired. */
    stopRound(id: number, state: "awaiting-countersignature" | "expired", at: string) {
      db.run(
        "UPDATE engagements SET round_state = ?, round_changed_at = ?, updated_at = ? WHERE id = ? AND status = 'sent'",
        [state, at, at, id],
      );
    },
    /** A signer declined, with their reason; answers whether this write declined it (once). */
    decline(id: number, signerId: number, reason: string, at: string): boolean {
      return (
        db.run(
          `UPDATE engagements SET round_state = 'declined', round_changed_at = ?, declined_reason = ?,
             declined_by = ?, updated_at = ? WHERE id = ? AND status = 'sent' AND round_state IS NULL`,
          [at, cipher.encrypt(reason), signerId, at, id],
        ).changes === 1
      );
    },
    countersignedBy(id: number, name: string) {
      db.run("UPDATE engagements SET countersigned_by = ? WHERE id = ?", [cipher.encrypt(name), id]);
    },
    /** Sent letters whose round still runs: what the reminders and expiry job reads. */
    runningRounds: (): number[] =>
      db
        .query<{ id: number }, []>(
          "SELECT id FROM engagements WHERE status = 'sent' AND round_state IS NULL AND round_expires_at IS NOT NULL ORDER BY id",
        )
        .all()
        .map((r) => r.id),
    /**
     * The desk sent the letter: it counts as sent from now (a draft becomes sent). A link sent again once the
     * letter is signed changes nothing here: the letter the client signed was sent when it was.
     */
    markSent(id: number, at: string) {
      db.run(
        `UPDATE engagements SET sent_at = CASE WHEN status IN ('draft', 'sent') THEN ?1 ELSE sent_at END,
           status = CASE WHEN status = 'draft' THEN 'sent' ELSE status END, updated_at = ?1 WHERE id = ?2`,
        [at, id],
      );
    },
    /** The newest link's token while its mail has not been sent (after that only its hash is kept). */
    linkToken(id: number): string | null {
      const row = db
        .query<{ t: string | null }, [number]>(
          "SELECT token AS t FROM portal_links WHERE engagement_id = ? AND token IS NOT NULL ORDER BY id DESC LIMIT 1",
        )
        .get(id);
      return cipher.decryptNullable(row?.t ?? null);
    },
    /**
     * The letter as sent, kept as the client will read it. Written once: a letter already kept is never
     * replaced (only a withdrawal clears it). Answers whether this one was kept.
     */
    freezeLetter(id: number, letter: PresentedLetter, at: string): boolean {
      return (
        db.run(
          `UPDATE engagements SET letter_pdf = ?, letter_fields = ?, letter_sha256 = ?, letter_spec = ?, updated_at = ?
           WHERE id = ? AND letter_pdf IS NULL`,
          [
            cipher.encrypt(Buffer.from(letter.pdf).toString("base64")),
            JSON.stringify(letter.layout),
            letter.sha256,
            letter.spec ? cipher.encrypt(JSON.stringify(letter.spec)) : null,
            at,
            id,
          ],
        ).changes === 1
      );
    },
    presentedLetter(id: number): PresentedLetter | null {
      const row = presented.get(id);
      if (!row?.pdf || !row.layout || !row.sha256) return null;
      return {
        pdf: Buffer.from(cipher.decrypt(row.pdf), "base64"),
        sha256: row.sha256,
        layout: JSON.parse(row.layout) as LetterLayout,
        spec: row.spec ? (JSON.parse(cipher.decrypt(row.spec)) as DocSpec) : null,
      };
    },
    /**
     * The text of the letter as kept, without reading its PDF: the SHA-256 it was kept under and the document it
     * was laid out from (null for a letter kept before that was). Null while no letter is kept.
     */
    letterText(id: number): { sha256: string; spec: DocSpec | null } | null {
      const row = keptText.get(id);
      if (!row?.sha256) return null;
      return {
        sha256: row.sha256,
        spec: row.spec ? (JSON.parse(cipher.decrypt(row.spec)) as DocSpec) : null,
      };
    },
    /** Keeps the text of a letter kept without it, once: only beside the very letter it was written out for. */
    keepLetterText(id: number, sha256: string, spec: DocSpec): void {
      db.run(
        `UPDATE engagements SET letter_spec = ?
         WHERE id = ? AND letter_sha256 = ? AND letter_pdf IS NOT NULL AND letter_spec IS NULL`,
        [cipher.encrypt(JSON.stringify(spec)), id, sha256],
      );
    },
    /**
     * A sent letter back to a draft: its link, its consent and the letter as presented are void (the events keep
     * what happened). Only a letter sent and not signed changes; answers whether it did.
     */
    withdraw(id: number, at: string): boolean {
      return (
        db.run(
          `UPDATE engagements SET status = 'draft', token_hash = NULL, link_token = NULL, link_expires_at = NULL,
             sent_at = NULL, consented_at = NULL, consent_sha256 = NULL, letter_pdf = NULL, letter_fields = NULL,
             letter_sha256 = NULL, letter_spec = NULL, round_state = NULL, round_expires_at = NULL,
             reminded_at = NULL, round_changed_at = NULL, declined_reason = NULL, declined_by = NULL,
             updated_at = ?
           WHERE id = ? AND status = 'sent' AND signed_at IS NULL`,
          [at, id],
        ).changes === 1
      );
    },
    setConsent(id: number, textSha256: string, at: string) {
      db.run("UPDATE engagements SET consented_at = ?, consent_sha256 = ?, updated_at = ? WHERE id = ?", [
        at,
        textSha256,
        at,
        id,
      ]);
    },
    setSigned(id: number, s: { name: string; at: string; letterSha256: string; pdf: Uint8Array }) {
      db.run(
        `UPDATE engagements SET status = 'signed', signed_at = ?, signed_name = ?, letter_sha256 = ?, signed_pdf = ?,
           updated_at = ? WHERE id = ?`,
        [
          s.at,
          cipher.encrypt(s.name),
          s.letterSha256,
          cipher.encrypt(Buffer.from(s.pdf).toString("base64")),
          s.at,
          id,
        ],
      );
    },
    /** The work began; a monthly engagement has no delivery due (its sweeps are its clock). */
    setWorkStarted(id: number, startedAt: string, dueAt: string | null) {
      db.run(
        "UPDATE engagements SET status = 'engaged', work_started_at = ?, delivery_due_at = ?, updated_at = ? WHERE id = ?",
        [startedAt, dueAt, startedAt, id],
      );
    },
    signedPdf(id: number): Buffer | null {
      const stored = signedPdf.get(id)?.pdf ?? null;
      return stored === null ? null : Buffer.from(cipher.decrypt(stored), "base64");
    },
    /** Appends an event to the engagement's chain. */
    ...events,
    payments: (id: number) => paymentsOf.all(id).map((p) => ({ ...p, method: cipher.decrypt(p.method) })),
    /** Records a payment; answers its id. */
    addPayment(
      id: number,
      p: { amountCents: number; receivedOn: string; method: string; by: string; at: string },
    ): number {
      const row = insertPayment.get(id, p.amountCents, p.receivedOn, cipher.encrypt(p.method), p.by, p.at);
      if (!row) throw new Error("payment not recorded");
      return row.id;
    },
  };
}

export type EngagementsRepo = ReturnType<typeof engagementsRepo>;

/**
 * A request's engagement as a data-rights export shows it: every stored value in clear, each event with its
 * address and browser, the payments, and the signed PDF (or the letter as sent, while unsigned) as base64. Null
 * when the request has none.
 */
export function engagementRecord(store: Sealed, submissionId: number) {
  const repo = engagementsRepo(store);
  const e = repo.bySubmission(submissionId);
  if (!e) return null;
  const pdf = repo.signedPdf(e.id);
  const sent = repo.presentedLetter(e.id);
  return {
    ...e,
    events: repo
      .events(e.id)
      .map(({ kind, at, ip, userAgent, detail }) => ({ kind, at, ip, userAgent, detail })),
    payments: repo.payments(e.id),
    // Who was asked to sign, in order, and what each gave (ADR 297).
    signers: engagementSigners(store).of(e.id),
    signedPdfBase64: pdf ? pdf.toString("base64") : null,
    letterAsSentBase64: sent ? Buffer.from(sent.pdf).toString("base64") : null,
  };
}
