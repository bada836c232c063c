import { DataKeyError } from "../../../db/cipher";
import type { Sealed } from "../../../store";

/** One queued e-mail: what it is about, never what it says (rendered at send time). */
export type OutboxRow = {
  id: number;
  kind: string;
  submissionId: number | null;
  refId: number | null;
  dedupeKey: string | null;
  attempts: number;
};

export type MailDelivery = {
  id: number;
  kind: string;
  state: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
  createdAt: string;
};

export type EnqueueMail = {
  kind: string;
  submissionId?: number | null;
  refId?: number | null;
  /** A second mail with the same key is not queued (e.g. "digest:2026-11-23"). */
  dedupeKey?: string | null;
  /** When it is due; now by default. */
  at: string;
};

const ROW = `id, kind, submission_id AS submissionId, ref_id AS refId, dedupe_key AS dedupeKey, attempts`;
const DELIVERY = `id, kind, state, attempts, last_error AS lastError, sent_at AS sentAt,
  next_attempt_at AS nextAttemptAt, created_at AS createdAt, key_wait AS keyWait`;

/** What the error column of a mail written under a key this server does not hold says instead of failing. */
export const UNREADABLE_ERROR = "(written with a data key this server does not hold)";

/** The mail_outbox table: queue, due rows, delivery results. last_error is encrypted: it can quote an address. */
export function mailOutboxRepo({ db, cipher }: Sealed) {
  /** An error stored under a key this server does not hold reads as such: the dashboard must not fail on it. */
  const errorText = (stored: string | null) => {
    try {
      return cipher.decryptNullable(stored);
    } catch (error) {
      if (error instanceof DataKeyError) return UNREADABLE_ERROR;
      throw error;
    }
  };
  /** A mail waiting for a data key says why as its error (key ids only): what the dashboard shows. */
  const readable = <T extends MailDelivery>(row: T & { keyWait?: string | null }): T => {
    const { keyWait, ...d } = row;
    return { ...(d as unknown as T), lastError: keyWait ?? errorText(d.lastError) };
  };
  const insert = db.prepare<{ id: number }, [string, number | null, number | null, string | null, string]>(
    `INSERT INTO mail_outbox (kind, submission_id, ref_id, dedupe_key, next_attempt_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  const selectDue = db.prepare<OutboxRow, [string, number, string | null]>(
    `SELECT ${ROW} FROM mail_outbox WHERE state = 'pending' AND next_attempt_at <= ?1
       AND (?3 IS NULL OR kind = ?3)
     ORDER BY next_attempt_at, id LIMIT ?2`,
  );
  const selectDelivery = db.prepare<MailDelivery, [number]>(
    `SELECT ${DELIVERY} FROM mail_outbox WHERE id = ?`,
  );
  const markSent = db.prepare<never, [string, number]>(
    "UPDATE mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL, key_wait = NULL WHERE id = ?",
  );
  const markAttemptFailed = db.prepare<never, [string, string, string, number]>(
    "UPDATE mail_outbox SET state = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = ?, key_wait = NULL WHERE id = ?",
  );
  // Its attempts uncounted and its state pending: a key this server lacks is not the mail's fault (ADR 286).
  const markKeyWait = db.prepare<never, [string, string, number]>(
    "UPDATE mail_outbox SET key_wait = ?, next_attempt_at = ? WHERE id = ? AND state = 'pending'",
  );
  const keyWaitCount = db.prepare<{ n: number }, []>(
    "SELECT count(*) AS n FROM mail_outbox WHERE state = 'pending' AND key_wait IS NOT NULL",
  );
  const keyWaitsDue = db.prepare<never, [string]>(
    "UPDATE mail_outbox SET next_attempt_at = ? WHERE state = 'pending' AND key_wait IS NOT NULL",
  );
  const remove = db.prepare<never, [number]>("DELETE FROM mail_outbox WHERE id = ?");
  const ofSubmission = db.prepare<MailDelivery, [number]>(
    `SELECT ${DELIVERY} FROM mail_outbox WHERE submission_id = ? ORDER BY id`,
  );
  const ofRef = db.prepare<MailDelivery, [string, number]>(
    `SELECT ${DELIVERY} FROM mail_outbox WHERE kind = ? AND ref_id = ? ORDER BY id`,
  );
  const selectTroubled = db.prepare<MailDelivery & { submissionId: number | null }, [number]>(
    `SELECT ${DELIVERY}, submission_id AS submissionId FROM mail_outbox
     WHERE state = 'failed' OR (state = 'pending' AND (attempts > 0 OR key_wait IS NOT NULL))
     ORDER BY state = 'failed' DESC, id DESC LIMIT ?`,
  );
  const requeueSubmission = db.prepare<never, [string, number]>(
    `UPDATE mail_outbox SET state = 'pending', attempts = 0, next_attempt_at = ?
     WHERE submission_id = ? AND state IN ('failed', 'pending')`,
  );
  const latestOfRefs = db.prepare<MailDelivery & { refId: number }, [string, string]>(
    `SELECT ${DELIVERY}, ref_id AS refId FROM mail_outbox
     WHERE id IN (SELECT max(id) FROM mail_outbox WHERE kind = ?1 AND ref_id IN (SELECT value FROM json_each(?2))
       GROUP BY ref_id)`,
  );

  // Through the request's index (`+state` keeps the planner off the due index, which reads every pending row),
  // over a window of ids: a window costs its own rows whatever the rest of the outbox holds.
  const pendingSubmissionsIn = db.prepare<{ id: number }, [number, number]>(
    `SELECT DISTINCT submission_id AS id FROM mail_outbox
     WHERE submission_id > ?1 AND submission_id <= ?2 AND +state = 'pending' ORDER BY submission_id`,
  );
  const lastSubmission = db.prepare<{ id: number | null }, []>(
    "SELECT max(submission_id) AS id FROM mail_outbox",
  );

  // The first sent row its state's index finds: the outbox keeps every mail sent, so no sort over them all.
  const anySent = db.prepare<{ sent: number }, []>(
    "SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'sent') AS sent",
  );
  const stateCounts = db.prepare<{ state: "pending" | "failed"; n: number }, []>(
    "SELECT state, count(*) AS n FROM mail_outbox WHERE state IN ('pending', 'failed') GROUP BY state",
  );

  return {
    /** How many mails wait to go and how many were given up. */
    counts: () => {
      const found = { pending: 0, failed: 0 };
      for (const r of stateCounts.all()) found[r.state] = r.n;
      return found;
    },
    /** Whether any mail has been sent. */
    anySent: () => anySent.get()?.sent === 1,
    /** Queues a mail; null when one with the same dedupe key is already queued or sent. */
    enqueue: (m: EnqueueMail): number | null =>
      insert.get(m.kind, m.submissionId ?? null, m.refId ?? null, m.dedupeKey ?? null, m.at)?.id ?? null,
    /** Pending mail due by `nowIso`, oldest first; of one kind only when `kind` is given. */
    due: (nowIso: string, limit: number, kind?: string) => selectDue.all(nowIso, limit, kind ?? null),
    delivery: (id: number) => {
      const found = selectDelivery.get(id);
      return found && readable(found);
    },
    recordSent: (mail: OutboxRow, nowIso: string) => markSent.run(nowIso, mail.id),
    recordFailure: (mail: OutboxRow, error: string, next: { state: "pending" | "failed"; at: string }) =>
      markAttemptFailed.run(next.state, cipher.encrypt(error), next.at, mail.id),
    /** A mail that cannot be written with the keys this server holds: pending, tried again at `at`. */
    recordKeyWait: (mail: OutboxRow, reason: string, at: string) => markKeyWait.run(reason, at, mail.id),
    /** How many mails wait for a data key. */
    keyWaits: () => keyWaitCount.get()?.n ?? 0,
    /** Every mail waiting for a data key is due at `atIso`: a server started with other keys tries them now. */
    keyWaitsDueAt: (atIso: string) => keyWaitsDue.run(atIso),
    /** A mail whose subject is gone (deleted before it was sent): nothing left to say. */
    drop: (mail: OutboxRow) => remove.run(mail.id),
    forSubmission: (submissionId: number) => ofSubmission.all(submissionId).map(readable),
    forRef: (kind: string, refId: number) => ofRef.all(kind, refId).map(readable),
    /** Mail given up, or retrying after a failed attempt, newest first (given up before retrying). */
    troubled: (limit: number) => selectTroubled.all(limit).map(readable),
    /** Queues a request's unsent mail again, due at `atIso`, its attempts counted afresh. */
    retryForSubmission: (submissionId: number, atIso: string) => requeueSubmission.run(atIso, submissionId),
    /** The newest mail of `kind` about each of these refs (a reply's mail, say), by ref id. */
    latestForRefs: (kind: string, refIds: readonly number[]): Map<number, MailDelivery> =>
      refIds.length === 0
        ? new Map()
        : new Map(
            latestOfRefs.all(kind, JSON.stringify(refIds)).map(({ refId, ...d }) => [refId, readable(d)]),
          ),
    /** The requests with mail still waiting to go whose ids are above `afterId` and at most `upTo`. */
    pendingSubmissionIdsIn: (afterId: number, upTo: number) =>
      pendingSubmissionsIn.all(afterId, upTo).map((r) => r.id),
    /** The highest request id any mail names (0 when none). */
    lastSubmissionId: () => lastSubmission.get()?.id ?? 0,
  };
}

export type MailOutboxRepo = ReturnType<typeof mailOutboxRepo>;
