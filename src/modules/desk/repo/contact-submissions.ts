import type { Intake, SubmissionStatus } from "../../../contracts/intake";
import type { VisitSource } from "../../../contracts/visit-source";
import { type DataCipher, firmHash } from "../../../db/cipher";
import type { Indexed } from "../../../store";
import { mailOutboxRepo } from "../../mail";

export type MailKind = "intake-notification" | "intake-confirmation";
export const INTAKE_MAIL_KINDS: readonly MailKind[] = ["intake-notification", "intake-confirmation"];

export type SubmissionRow = {
  id: number;
  reference: string;
  name: string;
  firm: string | null;
  email: string;
  phone: string;
  role: string;
  matterType: string;
  subjectType: string;
  jurisdictions: string;
  desiredService: string;
  description: string;
  acknowledgment: boolean;
  submittedAt: string;
  emailSent: boolean;
  emailError: string | null;
  status: SubmissionStatus;
};

const SUBMISSION_COLUMNS = `id, reference, name, firm, email, phone, role, matter_type AS matterType,
  subject_type AS subjectType, jurisdictions, desired_service AS desiredService, description,
  acknowledgment, submitted_at AS submittedAt, email_sent AS emailSent, email_error AS emailError, status`;

type RawSubmission = Omit<SubmissionRow, "acknowledgment" | "emailSent"> & {
  acknowledgment: number;
  emailSent: number;
};

const toSubmission = (cipher: DataCipher, r: RawSubmission): SubmissionRow => ({
  ...r,
  name: cipher.decrypt(r.name),
  firm: cipher.decryptNullable(r.firm),
  email: cipher.decrypt(r.email),
  phone: cipher.decrypt(r.phone),
  jurisdictions: cipher.decrypt(r.jurisdictions),
  description: cipher.decrypt(r.description),
  emailError: cipher.decryptNullable(r.emailError),
  acknowledgment: r.acknowledgment === 1,
  emailSent: r.emailSent === 1,
});

/**
 * The contact_submissions table and its two intake mails. Statements are prepared once per database; a
 * submission and its outbox rows are written in one transaction, so an acknowledged intake always has its mail
 * queued.
 */
export function contactSubmissions({ db, cipher, search }: Indexed) {
  const insertSubmission = db.prepare<{ id: number }, Record<string, string | number | null>>(
    `INSERT INTO contact_submissions (reference, name, firm, email, phone, role, matter_type, subject_type,
       jurisdictions, desired_service, description, acknowledgment, submitted_at, email_sent, email_error,
       status, updated_at, email_hash, firm_hash, landing_page, referrer_host, respond_by)
     VALUES ($reference, $name, $firm, $email, $phone, $role, $matterType, $subjectType, $jurisdictions,
       $desiredService, $description, 1, $submittedAt, 0, $emailError, 'new', $submittedAt, $emailHash,
       $firmHash, $landingPage, $referrerHost, $respondBy)
     RETURNING id`,
  );
  // The request's mail is queued and read through the mail feature, in the request's own transaction.
  const outbox = mailOutboxRepo({ db, cipher });
  const selectIdsByEmailHash = db.prepare<{ id: number }, [string]>(
    `SELECT id FROM contact_submissions WHERE email_hash IN (SELECT value FROM json_each(?))
     ORDER BY submitted_at, id`,
  );
  const selectById = db.prepare<RawSubmission, [number]>(
    `SELECT ${SUBMISSION_COLUMNS} FROM contact_submissions WHERE id = ?`,
  );
  const selectIdByReference = db.prepare<{ id: number }, [string]>(
    "SELECT id FROM contact_submissions WHERE reference = ?",
  );
  const selectStatus = db.prepare<{ status: SubmissionStatus }, [number]>(
    "SELECT status FROM contact_submissions WHERE id = ?",
  );
  const outboxOf = (submissionId: number) =>
    outbox
      .forSubmission(submissionId)
      .filter((m) => (INTAKE_MAIL_KINDS as readonly string[]).includes(m.kind));
  const setMailState = db.prepare<never, [number, string | null, number]>(
    "UPDATE contact_submissions SET email_sent = ?, email_error = ? WHERE id = ?",
  );
  const setEmailError = db.prepare<never, [string | null, string]>(
    "UPDATE contact_submissions SET email_error = ? WHERE email_sent = 0 AND id IN (SELECT value FROM json_each(?))",
  );

  const unsentErrors = db.prepare<{ id: number; error: string | null }, [string]>(
    `SELECT id, email_error AS error FROM contact_submissions
     WHERE email_sent = 0 AND id IN (SELECT value FROM json_each(?))`,
  );
  /**
   * One batch of the note that mail cannot go: the requests with mail waiting among ids `afterId` + 1 to
   * `afterId` + `span`, those whose stored reason is not this one already (a restart without mail rewrites
   * nothing). The last id of the window, or null once past every request any mail names.
   */
  const noteMailUnavailableAfter = db.transaction((reason: string, afterId: number, span: number) => {
    if (afterId >= outbox.lastSubmissionId()) return null;
    const upTo = afterId + span;
    const ids = outbox.pendingSubmissionIdsIn(afterId, upTo);
    const stale = ids.length
      ? unsentErrors
          .all(JSON.stringify(ids))
          .filter((r) => r.error === null || cipher.decrypt(r.error) !== reason)
          .map((r) => r.id)
      : [];
    if (stale.length > 0) setEmailError.run(cipher.encrypt(reason), JSON.stringify(stale));
    return upTo;
  });

  /** Writes a submission and queues its two messages, committed before returning. */
  const create = db.transaction(
    (
      intake: Intake,
      meta: {
        reference: string;
        submittedAt: string;
        emailError: string | null;
        source?: VisitSource;
        /**
         * The due time the desk's clock gives it (the intake's receipt says the same). Without it the desk's
         * next read or the start's catch-up computes it (ADR 308).
         */
        respondBy?: string | null;
      },
    ) => {
      const row = insertSubmission.get({
        reference: meta.reference,
        name: cipher.encrypt(intake.name),
        firm: cipher.encryptNullable(intake.firm),
        email: cipher.encrypt(intake.email),
        phone: cipher.encrypt(intake.phone),
        role: intake.role,
        matterType: intake.matterType,
        subjectType: intake.subjectType,
        jurisdictions: cipher.encrypt(intake.jurisdictions),
        desiredService: intake.desiredService,
        description: cipher.encrypt(intake.description),
        submittedAt: meta.submittedAt,
        respondBy: meta.respondBy ?? null,
        emailError: cipher.encryptNullable(meta.emailError),
        emailHash: cipher.emailHash(intake.email),
        firmHash: firmHash(cipher, intake.firm ?? null),
        landingPage: meta.source?.landingPage ?? null,
        referrerHost: meta.source?.referrerHost ?? null,
      });
      if (!row) throw new Error("Insert returned no row");
      for (const kind of INTAKE_MAIL_KINDS) {
        outbox.enqueue({ kind, submissionId: row.id, dedupeKey: `${kind}:${row.id}`, at: meta.submittedAt });
      }
      search.put(
        row.id,
        {
          name: intake.name,
          email: intake.email,
          firm: intake.firm ?? null,
          phone: intake.phone,
          reference: meta.reference,
          jurisdictions: intake.jurisdictions,
          description: intake.description,
        },
        meta.submittedAt,
      );
      return row.id;
    },
  );

  /** emailSent is true once every message of the submission went out; emailError is the latest failure. */
  const refreshMailState = (submissionId: number) => {
    const mails = outboxOf(submissionId);
    const allSent = mails.length > 0 && mails.every((m) => m.state === "sent");
    const problems = mails
      .filter((m) => m.state !== "sent" && m.lastError)
      .map((m) => `${m.kind === "intake-notification" ? "Notification" : "Confirmation"}: ${m.lastError}`);
    const error = allSent ? null : problems.join(" | ") || null;
    setMailState.run(allSent ? 1 : 0, cipher.encryptNullable(error), submissionId);
  };

  return {
    create: (...args: Parameters<typeof create>) => create.immediate(...args) as number,
    byId: (id: number) => {
      const r = selectById.get(id);
      return r ? toSubmission(cipher, r) : null;
    },
    /** The request's status alone (nothing to decrypt), for the lifecycle's checks; null when it is gone. */
    statusOf: (id: number): SubmissionStatus | null => selectStatus.get(id)?.status ?? null,
    /** The request a reference names (as a client quotes it, or a processor reports it), or null. */
    idByReference: (reference: string) => selectIdByReference.get(reference)?.id ?? null,
    /** Recomputes emailSent/emailError from the submission's intake mails after a delivery attempt. */
    refreshMailState,
    /** Every submission from this address, oldest first: exact match through the keyed hash. */
    idsByEmail: (email: string) =>
      selectIdsByEmailHash.all(JSON.stringify(cipher.emailHashes(email))).map((r) => r.id),
    /**
     * Marks the unsent submissions among the `span` ids after `afterId` with why their mail is waiting (no SMTP
     * server configured): the start does every one, a window at a time.
     */
    noteMailUnavailableAfter: (reason: string, afterId: number, span: number): number | null =>
      noteMailUnavailableAfter(reason, afterId, span),
  };
}

export type ContactSubmissions = ReturnType<typeof contactSubmissions>;
