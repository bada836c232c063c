import { DataKeyError } from "../../../db/cipher";
import type { Sealed } from "../../../store";
import { mailOutboxRepo } from "../../mail";

/**
 * The tables behind the desk's business-day clock (ADR 052): due times kept on contact_submissions,
 * closures, the morning view's figures and the last run of each daily job. Only clear columns are read here
 * (reference, service, status, times): no personal data passes through this module.
 */

export type Closure = { date: string; note: string };

export type WaitingRow = {
  id: number;
  reference: string;
  desiredService: string;
  submittedAt: string;
  respondBy: string;
};

export type AnsweredRow = { submittedAt: string; firstResponseAt: string };

export type FailedMailRow = {
  id: number;
  kind: string;
  state: "pending" | "failed";
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  submissionId: number | null;
  reference: string | null;
};

/** Closure dates set by staff. */
export function deskClosures({ db }: Sealed) {
  const all = db.prepare<Closure, []>("SELECT date, note FROM desk_closures ORDER BY date");
  const insert = db.prepare<{ date: string }, [string, string, string]>(
    "INSERT INTO desk_closures (date, note, created_at) VALUES (?, ?, ?) ON CONFLICT (date) DO NOTHING RETURNING date",
  );
  const remove = db.prepare<never, [string]>("DELETE FROM desk_closures WHERE date = ?");
  return {
    list: () => all.all(),
    /** false when the date is already closed. */
    add: (c: Closure, atIso: string) => insert.get(c.date, c.note, atIso) !== null,
    remove: (date: string) => remove.run(date).changes > 0,
  };
}

/** Due times on contact_submissions, and the figures of the desk's morning view. */
export function deskDueTimes({ db, cipher }: Sealed) {
  const missing = db.prepare<{ id: number; submittedAt: string }, []>(
    "SELECT id, submitted_at AS submittedAt FROM contact_submissions WHERE respond_by IS NULL",
  );
  const unanswered = db.prepare<{ id: number; submittedAt: string }, []>(
    "SELECT id, submitted_at AS submittedAt FROM contact_submissions WHERE first_response_at IS NULL",
  );
  // Through contact_submissions_respond_by (respond_by, id): the rows with none, from an id on, a batch at a time.
  const missingAfter = db.prepare<{ id: number; submittedAt: string }, [number, number]>(
    `SELECT id, submitted_at AS submittedAt FROM contact_submissions WHERE respond_by IS NULL AND id > ?
     ORDER BY id LIMIT ?`,
  );
  const unansweredAfter = db.prepare<{ id: number; submittedAt: string }, [number, number]>(
    `SELECT id, submitted_at AS submittedAt FROM contact_submissions
     WHERE first_response_at IS NULL AND id > ? ORDER BY id LIMIT ?`,
  );
  const selectBasis = db.prepare<{ basis: string }, []>("SELECT basis FROM due_times_basis WHERE id = 1");
  const putBasis = db.prepare<never, [string, string]>(
    `INSERT INTO due_times_basis (id, basis, computed_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET basis = excluded.basis, computed_at = excluded.computed_at`,
  );
  const clearBasis = db.prepare<never, []>("DELETE FROM due_times_basis");
  const setRespondBy = db.prepare<never, [string, number]>(
    "UPDATE contact_submissions SET respond_by = ? WHERE id = ?",
  );
  const waiting = db.prepare<WaitingRow, [string | null, number]>(
    `SELECT id, reference, desired_service AS desiredService, submitted_at AS submittedAt, respond_by AS respondBy
     FROM contact_submissions
     WHERE first_response_at IS NULL AND respond_by IS NOT NULL AND (?1 IS NULL OR respond_by <= ?1)
     ORDER BY respond_by, id LIMIT ?2`,
  );
  const namesOf = db.prepare<{ id: number; name: string }, [string]>(
    "SELECT id, name FROM contact_submissions WHERE id IN (SELECT value FROM json_each(?))",
  );
  const counts = db.prepare<
    { newToday: number; waiting: number; overdue: number },
    { since: string; now: string }
  >(
    `SELECT
       (SELECT count(*) FROM contact_submissions WHERE submitted_at >= $since) AS newToday,
       (SELECT count(*) FROM contact_submissions WHERE first_response_at IS NULL) AS waiting,
       (SELECT count(*) FROM contact_submissions WHERE first_response_at IS NULL AND respond_by <= $now) AS overdue`,
  );
  // A time kept from a status change (ADR 108) says nothing of when the client heard: not a figure.
  const answered = db.prepare<AnsweredRow, [string]>(
    `SELECT submitted_at AS submittedAt, first_response_at AS firstResponseAt FROM contact_submissions
     WHERE first_response_at IS NOT NULL AND first_response_by IS NOT 'status-change' AND submitted_at >= ?
     ORDER BY submitted_at`,
  );
  const referenceOf = db.prepare<{ reference: string }, [number]>(
    "SELECT reference FROM contact_submissions WHERE id = ?",
  );
  // The mail itself is the mail feature's; the desk adds the reference of the request it is about.
  const outbox = mailOutboxRepo({ db, cipher });

  const write = db.transaction((rows: { id: number; respondBy: string }[]) => {
    for (const r of rows) setRespondBy.run(r.respondBy, r.id);
  });

  // A name written with a key this server does not hold must not take the whole dashboard down with it: the
  // mail list beside it says why, and the request's own page answers 503 naming DATA_KEY (ADR 286).
  const readableName = (stored: string) => {
    try {
      return cipher.decrypt(stored);
    } catch (error) {
      if (error instanceof DataKeyError) return "(unreadable with this server's data key)";
      throw error;
    }
  };

  return {
    /** Requests with no due time yet (new since the last read, or from before the clock). */
    missing: () => missing.all(),
    /** The next `limit` requests with no due time after id `afterId`: one slice of the start's catch-up. */
    missingAfter: (afterId: number, limit: number) => missingAfter.all(afterId, limit),
    /** Every request still waiting for its first response. */
    unanswered: () => unanswered.all(),
    /** The next `limit` waiting requests after id `afterId`, by id: one slice of a recompute after the start. */
    unansweredAfter: (afterId: number, limit: number) => unansweredAfter.all(afterId, limit),
    /** What the waiting requests' due times were last computed under as a whole (migration 046), or null. */
    basis: () => selectBasis.get()?.basis ?? null,
    recordBasis: (basis: string, atIso: string) => putBasis.run(basis, atIso),
    /** Until a recompute is whole, no basis is true of every row. */
    clearBasis: () => clearBasis.run(),
    setRespondBy: (rows: { id: number; respondBy: string }[]) => {
      if (rows.length > 0) write(rows);
    },
    /** Waiting requests by due time, those due by `until` only when given. */
    waiting: (opts: { until?: string; limit: number }) => waiting.all(opts.until ?? null, opts.limit),
    /**
     * The names of these requests, for the dashboard's queue (staff who are signed in). The morning digest, an
     * e-mail, never asks for them (ADR 054).
     */
    namesOf: (ids: readonly number[]): Map<number, string> =>
      new Map(namesOf.all(JSON.stringify(ids)).map((r) => [r.id, readableName(r.name)] as const)),
    counts: (since: string, now: string) =>
      counts.get({ since, now }) ?? { newToday: 0, waiting: 0, overdue: 0 },
    answeredSince: (since: string) => answered.all(since),
    /** Mail given up, or retrying after a failed attempt, newest first. */
    /** last_error is stored encrypted (it can quote an address). */
    failedMail: (limit: number): FailedMailRow[] =>
      outbox.troubled(limit).map((m) => ({
        id: m.id,
        kind: m.kind,
        // Only failed mail and mail retrying are troubled: never a sent one.
        state: m.state as FailedMailRow["state"],
        attempts: m.attempts,
        lastError: m.lastError,
        nextAttemptAt: m.nextAttemptAt,
        submissionId: m.submissionId,
        reference: m.submissionId === null ? null : (referenceOf.get(m.submissionId)?.reference ?? null),
      })),
  };
}

/** When each daily job last ran, by the firm's calendar date. */
export function scheduledRuns({ db }: Sealed) {
  const get = db.prepare<{ lastDay: string; lastRunAt: string }, [string]>(
    "SELECT last_day AS lastDay, last_run_at AS lastRunAt FROM scheduled_runs WHERE job = ?",
  );
  const put = db.prepare<never, [string, string, string]>(
    `INSERT INTO scheduled_runs (job, last_day, last_run_at) VALUES (?, ?, ?)
     ON CONFLICT (job) DO UPDATE SET last_day = excluded.last_day, last_run_at = excluded.last_run_at`,
  );
  return {
    last: (job: string) => get.get(job),
    record: (job: string, day: string, atIso: string) => put.run(job, day, atIso),
  };
}

export type DeskDueTimes = ReturnType<typeof deskDueTimes>;
export type DeskClosures = ReturnType<typeof deskClosures>;
