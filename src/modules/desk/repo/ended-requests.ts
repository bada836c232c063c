import { addDays, firmToday } from "../../../contracts/firm-calendar";
import type { SubmissionStatus } from "../../../contracts/intake";
import type { Database } from "../../../db/index";

/** An ended request as retention and data-rights receipts name it: clear columns only, nothing personal. */
export type EndedRequest = {
  id: number;
  reference: string;
  status: SubmissionStatus;
  receivedAt: string;
  lastChangeAt: string;
  deleteOn: string;
};

export type IntakeFacts = { id: number; reference: string; status: SubmissionStatus; receivedAt: string };

/**
 * What the privacy feature asks of the desk's requests: which ended requests reach the end of their retention
 * by a date, and the clear facts of an intake that a receipt names. Only clear columns are read, so the
 * retention dry run needs no data key.
 */
export function endedRequests(db: Database) {
  // The day a request's retention ends: the firm's day of its last status change plus the days its rule keeps
  // (ADR 280). Notes and replies move updated_at, not status_changed_at (ADR 103).
  const selectDue = db.prepare<
    Omit<EndedRequest, "deleteOn">,
    { unengaged: number; engaged: number; until: string }
  >(
    // Each rule reads a range of the (status, status_changed_at) index, ending where its days reach `until`, so
    // the daily purge and the start's first one cost what they delete, not every ended request ever kept. The
    // range is a UTC one, a day wider than the firm's ("changed before two days after until minus the days"):
    // the firm's day of an instant is never more than a day before its UTC day. The firm's day decides below.
    `SELECT id, reference, status, submitted_at AS receivedAt,
       COALESCE(status_changed_at, submitted_at) AS lastChangeAt
     FROM contact_submissions
     WHERE (status = 'engaged' AND status_changed_at < date($until, '-' || $engaged || ' days', '+2 days'))
        OR (status = 'declined' AND status_changed_at < date($until, '-' || $unengaged || ' days', '+2 days'))
        OR (status = 'closed' AND status_changed_at < date($until, '-' || $unengaged || ' days', '+2 days'))
        OR (status IN ('declined', 'closed', 'engaged') AND status_changed_at IS NULL)`,
  );

  const facts = db.prepare<IntakeFacts, [number]>(
    "SELECT id, reference, status, submitted_at AS receivedAt FROM contact_submissions WHERE id = ?",
  );
  return {
    /** Requests whose retention ends on or before `until` (a day of the firm's calendar), soonest first. */
    dueBy(
      until: string,
      p: { unengagedDays: number; engagedDays: number },
      timeZone: string,
    ): EndedRequest[] {
      return selectDue
        .all({ unengaged: p.unengagedDays, engaged: p.engagedDays, until })
        .map((r) => ({
          ...r,
          deleteOn: addDays(
            firmToday(r.lastChangeAt, timeZone),
            r.status === "engaged" ? p.engagedDays : p.unengagedDays,
          ),
        }))
        .filter((r) => r.deleteOn <= until)
        .sort((a, b) => (a.deleteOn === b.deleteOn ? a.id - b.id : a.deleteOn < b.deleteOn ? -1 : 1));
    },
    /** The clear facts of these intakes (no personal data), those that still exist. */
    intakeFacts: (ids: readonly number[]) =>
      ids.map((id) => facts.get(id)).filter((f): f is IntakeFacts => f !== null),
  };
}
