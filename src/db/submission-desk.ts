import type { SubmissionStatus } from "../contracts/intake";
import type {
  MailState,
  SubmissionDetail,
  SubmissionNote,
  SubmissionSummary,
} from "../contracts/submissions";
import type { Database } from "./index";

/** What the list and the export may be narrowed by; every field is optional. */
export type DeskFilter = {
  q?: string;
  status?: SubmissionStatus;
  service?: string;
  role?: string;
  matterType?: string;
};

const SUMMARY_COLUMNS = `id, reference, name, firm, email, role, matter_type AS matterType,
  desired_service AS desiredService, status, submitted_at AS submittedAt, email_sent AS emailSent`;

const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, phone, subject_type AS subjectType, jurisdictions, description,
  acknowledgment, email_error AS emailError, updated_at AS updatedAt`;

const WHERE = `WHERE ($status IS NULL OR status = $status)
  AND ($service IS NULL OR desired_service = $service)
  AND ($role IS NULL OR role = $role)
  AND ($matterType IS NULL OR matter_type = $matterType)
  AND ($q IS NULL OR name LIKE $q ESCAPE '\\' OR email LIKE $q ESCAPE '\\' OR firm LIKE $q ESCAPE '\\')`;

const NEWEST_FIRST = "ORDER BY submitted_at DESC, id DESC";

type Bindings = Record<string, string | number | null>;

/** "%term%" for LIKE, with the user's own % _ and \ taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const bindings = (f: DeskFilter): Bindings => ({
  status: f.status ?? null,
  service: f.service ?? null,
  role: f.role ?? null,
  matterType: f.matterType ?? null,
  q: f.q ? likePattern(f.q) : null,
});

type RawSummary = Omit<SubmissionSummary, "emailSent"> & { emailSent: number };
type RawDetail = Omit<SubmissionDetail["submission"], "emailSent" | "acknowledgment"> & {
  emailSent: number;
  acknowledgment: number;
};

const toSummary = (r: RawSummary): SubmissionSummary => ({ ...r, emailSent: r.emailSent === 1 });

/** Every field of the submission as stored: the export's rows. */
export type ExportRow = SubmissionDetail["submission"];

/**
 * The submissions desk's reads and writes over contact_submissions, submission_notes and mail_outbox.
 * Intake itself writes through src/db/contact-submissions.ts; this module never creates a submission.
 */
export function submissionDesk(db: Database) {
  const count = db.prepare<{ n: number }, Bindings>(`SELECT count(*) AS n FROM contact_submissions ${WHERE}`);
  const page = db.prepare<RawSummary, Bindings>(
    `SELECT ${SUMMARY_COLUMNS} FROM contact_submissions ${WHERE} ${NEWEST_FIRST} LIMIT $limit OFFSET $offset`,
  );
  const all = db.prepare<RawDetail, Bindings>(
    `SELECT ${DETAIL_COLUMNS} FROM contact_submissions ${WHERE} ${NEWEST_FIRST}`,
  );
  const one = db.prepare<RawDetail, [number]>(
    `SELECT ${DETAIL_COLUMNS} FROM contact_submissions WHERE id = ?`,
  );
  const notesOf = db.prepare<SubmissionNote, [number]>(
    `SELECT id, author, body, created_at AS createdAt FROM submission_notes
     WHERE submission_id = ? ORDER BY created_at, id`,
  );
  const mailOf = db.prepare<MailState, [number]>(
    `SELECT kind, state, attempts, last_error AS lastError, sent_at AS sentAt, next_attempt_at AS nextAttemptAt
     FROM mail_outbox WHERE submission_id = ? AND kind IN ('intake-notification', 'intake-confirmation')
     ORDER BY id`,
  );
  const setStatus = db.prepare<never, [string, string, number]>(
    "UPDATE contact_submissions SET status = ?, updated_at = ? WHERE id = ?",
  );
  const touch = db.prepare<never, [string, number]>(
    "UPDATE contact_submissions SET updated_at = ? WHERE id = ?",
  );
  const insertNote = db.prepare<{ id: number }, [number, string, string, string]>(
    "INSERT INTO submission_notes (submission_id, author, body, created_at) VALUES (?, ?, ?, ?) RETURNING id",
  );
  const remove = db.prepare<never, [number]>("DELETE FROM contact_submissions WHERE id = ?");
  const requeue = db.prepare<never, [string, number]>(
    `UPDATE mail_outbox SET state = 'pending', attempts = 0, next_attempt_at = ?
     WHERE submission_id = ? AND state IN ('failed', 'pending')`,
  );

  const toDetail = (r: RawDetail): ExportRow => ({
    ...r,
    emailSent: r.emailSent === 1,
    acknowledgment: r.acknowledgment === 1,
  });

  return {
    list(filter: DeskFilter, paging: { limit: number; offset: number }) {
      const b = bindings(filter);
      const total = count.get(b)?.n ?? 0;
      const items = page.all({ ...b, limit: paging.limit, offset: paging.offset }).map(toSummary);
      return { total, items };
    },
    exportRows: (filter: DeskFilter) => all.all(bindings(filter)).map(toDetail),
    byId(id: number) {
      const r = one.get(id);
      return r ? toDetail(r) : null;
    },
    notes: (id: number) => notesOf.all(id),
    mail: (id: number) => mailOf.all(id),
    /** Status and/or a note in one transaction; returns the new note's id. */
    update: db.transaction(
      (
        id: number,
        change: { status?: SubmissionStatus; note?: { author: string; body: string } },
        at: string,
      ) => {
        if (change.status) setStatus.run(change.status, at, id);
        else touch.run(at, id);
        return change.note ? insertNote.get(id, change.note.author, change.note.body, at)?.id : undefined;
      },
    ),
    /** The submission, its notes and its queued mail (ON DELETE CASCADE). */
    remove: (id: number) => remove.run(id).changes > 0,
    /** Failed and waiting messages are due again now, with a fresh attempt count. */
    requeueMail: (id: number, at: string) => requeue.run(at, id).changes,
  };
}

export type SubmissionDesk = ReturnType<typeof submissionDesk>;
