import type { Intake, SubmissionStatus } from "../contracts/intake";
import type { Database } from "./index";

export type MailKind = "intake-notification" | "intake-confirmation";

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

export type OutboxRow = {
  id: number;
  submissionId: number;
  kind: MailKind;
  attempts: number;
};

const SUBMISSION_COLUMNS = `id, reference, name, firm, email, phone, role, matter_type AS matterType,
  subject_type AS subjectType, jurisdictions, desired_service AS desiredService, description,
  acknowledgment, submitted_at AS submittedAt, email_sent AS emailSent, email_error AS emailError, status`;

type RawSubmission = Omit<SubmissionRow, "acknowledgment" | "emailSent"> & {
  acknowledgment: number;
  emailSent: number;
};

const toSubmission = (r: RawSubmission): SubmissionRow => ({
  ...r,
  acknowledgment: r.acknowledgment === 1,
  emailSent: r.emailSent === 1,
});

/**
 * The contact_submissions table and its mail outbox. Statements are prepared once per database; a submission
 * and its outbox rows are written in one transaction, so an acknowledged intake always has its mail queued.
 */
export function contactSubmissions(db: Database) {
  const insertSubmission = db.prepare<{ id: number }, Record<string, string | number | null>>(
    `INSERT INTO contact_submissions (reference, name, firm, email, phone, role, matter_type, subject_type,
       jurisdictions, desired_service, description, acknowledgment, submitted_at, email_sent, email_error,
       status, updated_at)
     VALUES ($reference, $name, $firm, $email, $phone, $role, $matterType, $subjectType, $jurisdictions,
       $desiredService, $description, 1, $submittedAt, 0, $emailError, 'new', $submittedAt)
     RETURNING id`,
  );
  const insertOutbox = db.prepare<never, [number, MailKind, string]>(
    "INSERT INTO mail_outbox (submission_id, kind, next_attempt_at) VALUES (?, ?, ?)",
  );
  const selectById = db.prepare<RawSubmission, [number]>(
    `SELECT ${SUBMISSION_COLUMNS} FROM contact_submissions WHERE id = ?`,
  );
  const selectDue = db.prepare<OutboxRow, [string, number]>(
    `SELECT id, submission_id AS submissionId, kind, attempts FROM mail_outbox
     WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const markSent = db.prepare<never, [string, number]>(
    "UPDATE mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?",
  );
  const markAttemptFailed = db.prepare<never, [string, string, string, number]>(
    "UPDATE mail_outbox SET state = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
  );
  const outboxOf = db.prepare<{ kind: MailKind; state: string; lastError: string | null }, [number]>(
    "SELECT kind, state, last_error AS lastError FROM mail_outbox WHERE submission_id = ? ORDER BY id",
  );
  const setMailState = db.prepare<never, [number, string | null, number]>(
    "UPDATE contact_submissions SET email_sent = ?, email_error = ? WHERE id = ?",
  );
  const setEmailError = db.prepare<never, [string | null]>(
    "UPDATE contact_submissions SET email_error = ? WHERE email_sent = 0 AND id IN (SELECT submission_id FROM mail_outbox WHERE state = 'pending')",
  );

  /** Writes a submission and queues its two messages, committed before returning. */
  const create = db.transaction(
    (intake: Intake, meta: { reference: string; submittedAt: string; emailError: string | null }) => {
      const row = insertSubmission.get({
        reference: meta.reference,
        name: intake.name,
        firm: intake.firm ?? null,
        email: intake.email,
        phone: intake.phone,
        role: intake.role,
        matterType: intake.matterType,
        subjectType: intake.subjectType,
        jurisdictions: intake.jurisdictions,
        desiredService: intake.desiredService,
        description: intake.description,
        submittedAt: meta.submittedAt,
        emailError: meta.emailError,
      });
      if (!row) throw new Error("Insert returned no row");
      insertOutbox.run(row.id, "intake-notification", meta.submittedAt);
      insertOutbox.run(row.id, "intake-confirmation", meta.submittedAt);
      return row.id;
    },
  );

  /** emailSent is true once every message of the submission went out; emailError is the latest failure. */
  const refreshMailState = (submissionId: number) => {
    const mails = outboxOf.all(submissionId);
    const allSent = mails.length > 0 && mails.every((m) => m.state === "sent");
    const problems = mails
      .filter((m) => m.state !== "sent" && m.lastError)
      .map((m) => `${m.kind === "intake-notification" ? "Notification" : "Confirmation"}: ${m.lastError}`);
    setMailState.run(allSent ? 1 : 0, allSent ? null : problems.join(" | ") || null, submissionId);
  };

  return {
    create: (...args: Parameters<typeof create>) => create.immediate(...args) as number,
    byId: (id: number) => {
      const r = selectById.get(id);
      return r ? toSubmission(r) : null;
    },
    dueMail: (nowIso: string, limit: number) => selectDue.all(nowIso, limit),
    mailOf: (submissionId: number) => outboxOf.all(submissionId),
    recordSent: db.transaction((mail: OutboxRow, nowIso: string) => {
      markSent.run(nowIso, mail.id);
      refreshMailState(mail.submissionId);
    }),
    recordFailure: db.transaction(
      (mail: OutboxRow, error: string, next: { state: "pending" | "failed"; at: string }) => {
        markAttemptFailed.run(next.state, error, next.at, mail.id);
        refreshMailState(mail.submissionId);
      },
    ),
    /** Marks every unsent submission with why its mail is waiting (e.g. no SMTP server configured). */
    noteMailUnavailable: (reason: string) => setEmailError.run(reason),
  };
}

export type ContactSubmissions = ReturnType<typeof contactSubmissions>;
