import pkg from "../../../../package.json";
import type { Config } from "../../../config";
import {
  CLOSURE_MESSAGES,
  type ClosureList,
  type DeskOverview,
  type DeskSettings,
  FAILED_MAIL_MAX,
  FIRST_RESPONSE_DAYS,
  OVERVIEW_WAITING_MAX,
} from "../../../contracts/desk";
import { ConflictError } from "../../../contracts/errors";
import { spanOfDays } from "../../../contracts/firm-calendar";
import { inSlices, type Slicing } from "../../../ops/slices";
import type { DataStore } from "../../../store";
import type { EngagementLookup } from "../../engagements";
import { type BusinessClock, createBusinessClock, describeHours, nextDate } from "../lib/business-clock";
import { deliveryStatus, dueStatus, formatDuration } from "../lib/due-labels";
import { engagedRequests } from "../repo/deliveries";
import { deskClosures, deskDueTimes, type WaitingRow } from "../repo/desk-clock";

/** Nearest-rank percentile of sorted numbers (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

/**
 * The desk's clock over the database: keeps each request's due time current, computes due labels, the
 * morning view's figures and the closures. Everything reads `now` from the injected clock.
 */
export function createDueService(deps: {
  store: DataStore;
  config: Config;
  now: () => Date;
  /** The reports owed, as the portal (which owns the engagements) reads them. */
  engagements: Pick<EngagementLookup, "openDeliveries">;
}) {
  const { now } = deps;
  const closures = deskClosures(deps.store);
  const dueTimes = deskDueTimes(deps.store);
  const engaged = engagedRequests(deps.store.db);

  /**
   * Deliveries the firm owes: engaged requests whose report the portal says is owed (the letter signed and paid,
   * the report not delivered yet), soonest due first. Every place that shows a delivery due (list, detail,
   * dashboard, digest) reads it here: two reads, the portal's and the desk's, whatever the number of requests.
   */
  const deliveries = (opts: { until?: string; submissionIds?: readonly number[] } = {}) => {
    const owed = deps.engagements.openDeliveries(opts);
    const requests = engaged.among(owed.map((d) => d.submissionId));
    return owed.flatMap((d) => {
      const r = requests.get(d.submissionId);
      return r ? [{ ...r, deliveryDueAt: d.deliveryDueAt }] : [];
    });
  };
  let closed = new Set(closures.list().map((c) => c.date));
  const clock: BusinessClock = createBusinessClock(deps.config.desk, () => closed);

  const computeFor = (rows: { id: number; submittedAt: string }[]) =>
    dueTimes.setRespondBy(
      rows.map((r) => ({ id: r.id, respondBy: clock.dueAt(new Date(r.submittedAt)).toISOString() })),
    );

  /** Due times for requests that have none yet (arrived since the last read). Cheap: an indexed scan. */
  const sync = () => computeFor(dueTimes.missing());
  /**
   * What a waiting request's due time depends on besides its arrival (ADR 289): the clock's settings, the closures
   * and the version (its calendar code, its holidays' data). While the recorded basis is this, every waiting
   * request's due time is what the clock says now, and a start has nothing to recompute.
   */
  const basisNow = () =>
    JSON.stringify({ clock: deps.config.desk, closed: [...closed].sort(), version: pkg.version });
  /** Every waiting request again: the settings or the closures changed. Answered ones keep theirs. */
  const recomputeWaiting = () => {
    computeFor(dueTimes.unanswered());
    dueTimes.recordBasis(basisNow(), now().toISOString());
  };
  /** Whether the waiting requests' due times were computed as a whole under the clock as it is now. */
  const dueTimesCurrent = () => dueTimes.basis() === basisNow();

  /**
   * The server's recompute, after it listens: nothing when the due times are current; else the basis is cleared
   * at once (a stop halfway leaves none, so the next start recomputes again), the waiting requests are recomputed
   * a batch at a time between the event loop's turns, and the basis recorded once all are. Until then a waiting
   * request not reached yet shows the due time the earlier clock gave it. Resolves to how many were recomputed.
   */
  async function recomputeWaitingInSlices(slicing: Slicing & { batch?: number } = {}): Promise<number> {
    if (dueTimesCurrent()) return 0;
    const basis = basisNow();
    dueTimes.clearBasis();
    let after = 0;
    let done = 0;
    await inSlices(() => {
      const rows = dueTimes.unansweredAfter(after, slicing.batch ?? 100);
      computeFor(rows);
      done += rows.length;
      after = rows.at(-1)?.id ?? after;
      return rows.length > 0;
    }, slicing);
    // A closure set meanwhile recomputed every waiting request itself and recorded its own basis.
    if (basisNow() === basis) dueTimes.recordBasis(basis, now().toISOString());
    return done;
  }

  /**
   * The due times no request was given (stored before the intake gave them, ADR 308), a batch at a time after
   * the listen, so the desk's first read has none left to compute. Resolves to how many were computed.
   */
  async function fillMissingInSlices(slicing: Slicing & { batch?: number } = {}): Promise<number> {
    let after = 0;
    let done = 0;
    await inSlices(() => {
      const rows = dueTimes.missingAfter(after, slicing.batch ?? 100);
      computeFor(rows);
      done += rows.length;
      after = rows.at(-1)?.id ?? after;
      return rows.length > 0;
    }, slicing);
    return done;
  }

  const settings: DeskSettings = {
    timeZone: deps.config.desk.timeZone,
    businessHours: describeHours(deps.config.desk.hours),
    holidays: deps.config.desk.holidays
      ? [deps.config.desk.holidays.country, deps.config.desk.holidays.state].filter(Boolean).join("-")
      : null,
    slaHours: deps.config.desk.slaHours,
  };

  const waitingRequest = (r: WaitingRow, at: Date) => ({
    ...r,
    due: dueStatus(clock, { ...r, firstResponseAt: null }, at),
  });

  // The dashboard's queue says who is waiting (ADR 128); the digest's list, made from the same rows, does not.
  const named = <T extends { id: number }>(rows: T[]) => {
    const names = dueTimes.namesOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, name: names.get(r.id) ?? "" }));
  };

  return {
    clock,
    settings,
    sync,
    recomputeWaiting,
    dueTimesCurrent,
    recomputeWaitingInSlices,
    fillMissingInSlices,
    /** The label of a request as the list and detail show it. */
    status: (r: Parameters<typeof dueStatus>[1]) => dueStatus(clock, r, now()),

    /** Each of these requests' delivery as the list and detail show it (null: no delivery owed). */
    deliveriesOf<T extends { id: number }>(
      rows: T[],
    ): (T & { delivery: ReturnType<typeof dueStatus> | null })[] {
      const at = now();
      const ids = rows.map((r) => r.id);
      const dueAt =
        ids.length === 0
          ? new Map<number, string>()
          : new Map(deliveries({ submissionIds: ids }).map((d) => [d.id, d.deliveryDueAt] as const));
      return rows.map((r) => {
        const d = dueAt.get(r.id);
        return { ...r, delivery: d ? deliveryStatus(clock, d, at) : null };
      });
    },

    /** Deliveries due by the end of the firm's day `at` falls on (overdue ones included), soonest first. */
    deliveriesDueToday(at: Date) {
      const endOfDay = clock.instant(nextDate(clock.local(at).date), 0).toISOString();
      return deliveries({ until: endOfDay })
        .slice(0, 500)
        .map((r) => ({ ...r, due: deliveryStatus(clock, r.deliveryDueAt, at) }));
    },

    /** Waiting requests due by the end of the firm's day `at` falls on (overdue ones included). */
    dueToday(at: Date) {
      sync();
      const endOfDay = clock.instant(nextDate(clock.local(at).date), 0).toISOString();
      return dueTimes.waiting({ until: endOfDay, limit: 500 }).map((r) => waitingRequest(r, at));
    },

    /** How many waiting requests are past their respond-by time now: the count the dashboard shows. */
    overdueCount(): number {
      sync();
      const at = now();
      return dueTimes.counts(clock.instant(clock.local(at).date, 0).toISOString(), at.toISOString()).overdue;
    },

    overview(): DeskOverview {
      sync();
      const at = now();
      const today = clock.local(at).date;
      const since = clock.instant(today, 0).toISOString();
      const owed = deliveries();
      const counts = {
        ...dueTimes.counts(since, at.toISOString()),
        deliveriesDue: owed.length,
        deliveriesOverdue: owed.filter((d) => d.deliveryDueAt <= at.toISOString()).length,
      };
      const windowStart = new Date(at.getTime() - spanOfDays(FIRST_RESPONSE_DAYS)).toISOString();
      const minutes = dueTimes
        .answeredSince(windowStart)
        .map((r) => clock.businessMinutesBetween(new Date(r.submittedAt), new Date(r.firstResponseAt)))
        .sort((a, b) => a - b);
      const median = percentile(minutes, 0.5);
      const p90 = percentile(minutes, 0.9);
      return {
        now: at.toISOString(),
        waiting: named(dueTimes.waiting({ limit: OVERVIEW_WAITING_MAX }).map((r) => waitingRequest(r, at))),
        counts,
        deliveries: named(
          owed
            .slice(0, OVERVIEW_WAITING_MAX)
            .map((r) => ({ ...r, due: deliveryStatus(clock, r.deliveryDueAt, at) })),
        ),
        firstResponse: {
          days: FIRST_RESPONSE_DAYS,
          answered: minutes.length,
          medianMinutes: median,
          p90Minutes: p90,
          medianLabel: median === null ? null : formatDuration(median),
          p90Label: p90 === null ? null : formatDuration(p90),
        },
        failedMail: dueTimes.failedMail(FAILED_MAIL_MAX).map((m) => ({
          ...m,
          state: m.state === "failed" ? "failed" : "retrying",
        })),
        // The outbox sends only with SMTP_URL set; without it nothing fails, and nothing goes out either.
        mailConfigured: deps.config.smtpUrl !== undefined,
        settings,
      };
    },

    closures: {
      list(): ClosureList {
        const today = clock.local(now()).date;
        return {
          closures: closures.list(),
          settings,
          upcomingHolidays: clock.publicHolidaysBetween(today, nextDate(today, 90)),
        };
      },
      /**
       * false when the date was already closed. Waiting requests' due times follow at once. A closure that
       * leaves a request arriving now, or one waiting, no business hours to be due in is refused (409) and
       * not kept.
       */
      add: deps.store.db.transaction((date: string, note: string): boolean => {
        if (!closures.add({ date, note }, now().toISOString())) return false;
        const before = closed;
        closed = new Set(closures.list().map((c) => c.date));
        try {
          clock.dueAt(now());
          recomputeWaiting();
        } catch (error) {
          closed = before;
          throw error instanceof ConflictError
            ? new ConflictError(CLOSURE_MESSAGES.noOpening, "date")
            : error;
        }
        return true;
      }),
      remove(date: string): boolean {
        if (!closures.remove(date)) return false;
        closed = new Set(closures.list().map((c) => c.date));
        recomputeWaiting();
        return true;
      },
      today: () => clock.local(now()).date,
    },
  };
}

export type DueService = ReturnType<typeof createDueService>;
