import { ConflictError } from "../../contracts/errors";
import { allowed } from "../../contracts/lifecycle";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { FirmCalendar } from "../desk";
import { calendarJob } from "../desk";
import { engagementLifecycle } from "../engagements";
import { endOfPreviousMonth, firstBusinessDayOfMonth, monthlyRunOwed } from "./model";
import type { Issued, StatementsService } from "./service";

/** The job's name in scheduled_runs, beside the digest's and the subscriptions'. */
export const STATEMENTS_JOB = "statements";

export type MonthlyRun = {
  /** The month's first business day, the day the run is for; null when `asOf` is before it. */
  day: string | null;
  /** The last day the statements cover: the end of the month before. */
  through: string | null;
  issued: Issued[];
  /** Engagements that have something to state (what a dry run lists, and what a real run issued). */
  due: number[];
  /** Engagements the run could not state, and why: logged, kept for the dashboard, tried again the next day. */
  failed: Failed[];
};

export type Failed = { engagementId: number; reason: string };

/** What an error says of itself, for the log and the dashboard (its kind and message, never its stack). */
const reasonOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `Thrown: ${String(error)}`;

/**
 * The monthly statements (issue 30, ADR 255): on the firm's first business day of each month (the desk's business
 * clock: weekends, public holidays and the firm's closures skipped), every engagement with ledger entries through
 * the end of the month before that no statement showed gets its next statement. The day of the last run is kept
 * in scheduled_runs, and a statement states each entry once, so a restart, a second timer or the operator's
 * command on the same day issues nothing twice; a server down on that day runs it when it next starts.
 *
 * An engagement the run cannot state (ADR 282) stops nothing: the failure is logged with the engagement and why,
 * kept (statement_failures), the others get theirs and the day is recorded done. On each later day the failed
 * ones are tried again, once a day, until a statement is issued for them.
 */
export function createStatementJobs(deps: {
  store: DataStore;
  service: StatementsService;
  calendar: FirmCalendar;
  /** Engagements with ledger entries: the ones a run looks at. */
  engagementIds: () => readonly number[];
  logger: Logger;
  now: () => Date;
}) {
  const { service, calendar, logger, now } = deps;
  const lifecycle = engagementLifecycle(deps.store);
  /** The lifecycle table states money owed whatever became of the request (ADR 278); the run asks it all the same. */
  const stated = (id: number) => {
    const state = lifecycle.ofEngagement(id);
    return state === null || allowed(state, "statement");
  };

  /** Whether an engagement has something to state through `through`; a failure to tell is a failure to state. */
  function hasNew(engagementId: number, through: string, failed: Failed[], dryRun: boolean): boolean {
    try {
      return service.hasNew(engagementId, through);
    } catch (error) {
      fail(engagementId, through, error, failed, dryRun);
      return false;
    }
  }

  function fail(engagementId: number, through: string, error: unknown, failed: Failed[], dryRun: boolean) {
    const reason = reasonOf(error);
    logger.error("statement_failed", { engagementId, through, reason, dryRun });
    if (!dryRun) service.recordFailure(engagementId, { throughOn: through, reason });
    failed.push({ engagementId, reason });
  }

  /** Issues the next statement of each engagement through `through`, one failure stopping none of the others. */
  async function issueEach(ids: readonly number[], through: string, failed: Failed[]): Promise<Issued[]> {
    const issued: Issued[] = [];
    for (const engagementId of ids) {
      const engagement = service.engagementRef(engagementId);
      if (!engagement) {
        service.clearFailure(engagementId);
        continue;
      }
      try {
        issued.push(await service.issue(engagement, through, { by: "schedule" }));
      } catch (error) {
        // Staff issued it meanwhile: the entries are stated, which is what the run is for.
        if (error instanceof ConflictError) service.clearFailure(engagementId);
        else fail(engagementId, through, error, failed, false);
      }
    }
    return issued;
  }

  /** The run the month of `asOf` owes (none before its first business day); a dry run writes nothing. */
  async function runFor(asOf: string, dryRun = false): Promise<MonthlyRun> {
    const day = firstBusinessDayOfMonth(asOf, calendar.isBusinessDay);
    if (!day || asOf < day) return { day: null, through: null, issued: [], due: [], failed: [] };
    const through = endOfPreviousMonth(day);
    const failed: Failed[] = [];
    const due = deps.engagementIds().filter((id) => stated(id) && hasNew(id, through, failed, dryRun));
    const issued = dryRun ? [] : await issueEach(due, through, failed);
    if (!dryRun) job.remember(day);
    logger.info("statements_run", {
      day,
      through,
      dryRun,
      due: due.length,
      issued: issued.length,
      failed: failed.length,
    });
    return { day, through, issued, due, failed };
  }

  /**
   * A later day's retry of the engagements whose statement failed on an earlier day, each through the day it was
   * to cover: what has nothing left to state (staff issued it, or it is gone) is cleared.
   */
  async function retryFailed(day: string): Promise<MonthlyRun> {
    const failed: Failed[] = [];
    const issued: Issued[] = [];
    const retried = service.failures().filter((f) => f.failedOn < day);
    for (const f of retried) {
      if (!hasNew(f.engagementId, f.throughOn, failed, false)) {
        if (!failed.some((x) => x.engagementId === f.engagementId)) service.clearFailure(f.engagementId);
        continue;
      }
      issued.push(...(await issueEach([f.engagementId], f.throughOn, failed)));
    }
    logger.info("statements_retried", {
      day,
      retried: retried.length,
      issued: issued.length,
      failed: failed.length,
    });
    return { day, through: null, issued, due: retried.map((f) => f.engagementId), failed };
  }

  /** The failed statements due a retry today: those last tried on an earlier day. */
  const retryOwed = (today: string) => (service.failures().some((f) => f.failedOn < today) ? today : null);

  /** The month's run, once, from its first business day; on the days after, a retry of what failed. */
  const job = calendarJob({
    store: deps.store,
    name: STATEMENTS_JOB,
    logger,
    now,
    owed: (lastDay) => {
      const today = service.today();
      return monthlyRunOwed(today, lastDay, calendar.isBusinessDay) ?? retryOwed(today);
    },
    run: (day) =>
      day === firstBusinessDayOfMonth(day, calendar.isBusinessDay) ? runFor(day) : retryFailed(day),
  });

  return {
    runFor,
    retryFailed,
    /** What the timer does each minute. */
    runIfDue: async (): Promise<MonthlyRun | null> => job.runIfDue(),
    start: job.start,
    stop: job.stop,
  };
}

export type StatementJobs = ReturnType<typeof createStatementJobs>;
