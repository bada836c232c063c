import type { DueStatus } from "../../../contracts/desk";
import type { Database } from "../../../db/index";
import type { BusinessClock } from "../lib/business-clock";
import { dueStatus } from "../lib/due-labels";

export type DeliveryRow = {
  id: number;
  reference: string;
  desiredService: string;
  deliveryDueAt: string;
};

/**
 * Deliveries the firm owes: engaged requests whose work clock runs (the letter signed and paid) and whose report
 * is not delivered yet. A delivered report, or a request moved on from engaged (closed, declined), owes nothing
 * any more. Every place that shows a delivery due (list, detail, dashboard, digest) reads it here, through the
 * due service. Dates and references only: nothing personal.
 */
export function deliveriesRepo(db: Database) {
  const open = db.prepare<DeliveryRow, [string | null, number]>(
    `SELECT s.id, s.reference, s.desired_service AS desiredService, e.delivery_due_at AS deliveryDueAt
     FROM engagements e JOIN contact_submissions s ON s.id = e.submission_id
     WHERE e.delivery_due_at IS NOT NULL AND e.delivered_at IS NULL AND s.status = 'engaged' AND (?1 IS NULL OR e.delivery_due_at <= ?1)
     ORDER BY e.delivery_due_at, s.id LIMIT ?2`,
  );
  const of = db.prepare<{ id: number; deliveryDueAt: string }, [string]>(
    `SELECT s.id, e.delivery_due_at AS deliveryDueAt
     FROM engagements e JOIN contact_submissions s ON s.id = e.submission_id
     WHERE e.delivery_due_at IS NOT NULL AND e.delivered_at IS NULL AND s.status = 'engaged' AND s.id IN (SELECT value FROM json_each(?))`,
  );
  const counts = db.prepare<{ due: number; overdue: number }, [string]>(
    `SELECT count(*) AS due, coalesce(sum(e.delivery_due_at <= ?), 0) AS overdue
     FROM engagements e JOIN contact_submissions s ON s.id = e.submission_id
     WHERE e.delivery_due_at IS NOT NULL AND e.delivered_at IS NULL AND s.status = 'engaged'`,
  );
  return {
    /** Open deliveries soonest due first, those due by `until` only when given. */
    open: (opts: { until?: string; limit: number }) => open.all(opts.until ?? null, opts.limit),
    /** The delivery due time of each of these requests that owes one. */
    dueTimesOf: (ids: readonly number[]): Map<number, string> =>
      ids.length === 0
        ? new Map()
        : new Map(of.all(JSON.stringify(ids)).map((r) => [r.id, r.deliveryDueAt] as const)),
    counts: (now: string) => counts.get(now) ?? { due: 0, overdue: 0 },
  };
}

/** A delivery against its due time, in the words first responses use: "due tomorrow 10:00", "overdue by 2 business hours". */
export const deliveryStatus = (clock: BusinessClock, deliveryDueAt: string, now: Date): DueStatus =>
  dueStatus(clock, { submittedAt: deliveryDueAt, respondBy: deliveryDueAt, firstResponseAt: null }, now);
