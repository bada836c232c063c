import { allowed } from "../../contracts/lifecycle";
import { ConflictError } from "../../http/errors";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import { calendarJob } from "../desk";
import { engagementLifecycle } from "../portal";
import { endOfPreviousMonth, firstBusinessDayOfMonth, monthlyRunOwed } from "./model";
import type { FirmCalendar, Issued, StatementsService } from "./service";

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
};

/**
 * The monthly statements (issue 30, ADR 255): on the firm's first business day of each month (the desk's business
 * clock: weekends, public holidays and the firm's closures skipped), every engagement with ledger entries through
 * the end of the month before that no statement showed gets its next statement. The day of the last run is kept
 * in scheduled_runs, and a statement states each entry once, so a restart, a second timer or the operator's
 * command on the same day issues nothing twice; a server down on that day runs it when it next starts.
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

  /** The run the month of `asOf` owes (none before its first business day); a dry run writes nothing. */
  async function runFor(asOf: string, dryRun = false): Promise<MonthlyRun> {
    const day = firstBusinessDayOfMonth(asOf, calendar.isBusinessDay);
    if (!day || asOf < day) return { day: null, through: null, issued: [], due: [] };
    const through = endOfPreviousMonth(day);
    const due = deps.engagementIds().filter((id) => stated(id) && service.hasNew(id, through));
    const issued: Issued[] = [];
    if (!dryRun) {
      for (const engagementId of due) {
        const engagement = service.engagementRef(engagementId);
        if (!engagement) continue;
        try {
          issued.push(await service.issue(engagement, through, { by: "schedule" }));
        } catch (error) {
          // Staff issued it meanwhile: the entries are stated, which is what the run is for.
          if (!(error instanceof ConflictError)) throw error;
        }
      }
      job.remember(day);
    }
    logger.info("statements_run", { day, through, dryRun, due: due.length, issued: issued.length });
    return { day, through, issued, due };
  }

  /** The month's run, once, from its first business day. */
  const job = calendarJob({
    store: deps.store,
    name: STATEMENTS_JOB,
    logger,
    now,
    owed: (lastDay) => monthlyRunOwed(service.today(), lastDay, calendar.isBusinessDay),
    run: (day) => runFor(day),
  });

  return {
    runFor,
    /** What the timer does each minute. */
    runIfDue: async (): Promise<MonthlyRun | null> => job.runIfDue(),
    start: job.start,
    stop: job.stop,
  };
}

export type StatementJobs = ReturnType<typeof createStatementJobs>;
