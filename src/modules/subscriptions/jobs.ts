import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import { calendarJob } from "../desk";
import type { SubscriptionsService } from "./service";

/** The job's name in scheduled_runs, beside the digest's and the purge's. */
export const SUBSCRIPTIONS_JOB = "subscriptions";

/**
 * The subscriptions' daily run (ADR 247): once each of the firm's calendar days, from its first minute, every
 * month that began is charged, every sweep whose date came is owed on its business day and every notice that ran
 * out ends. The day is the desk's clock's (the firm's time zone); the day of the last run is kept in
 * scheduled_runs, and what it raises is unique by its date, so a restart, a second timer or the operator's
 * command on the same day raises nothing twice. After downtime the first run catches up on every day missed.
 */
export function createSubscriptionJobs(deps: {
  store: DataStore;
  service: SubscriptionsService;
  logger: Logger;
  now: () => Date;
}) {
  const { service, logger, now } = deps;

  const calendar = (day: string, dryRun: boolean) => {
    const result = service.runCalendar(day, { dryRun });
    logger.info("subscriptions_run", {
      day,
      dryRun,
      charges: result.charges.length,
      sweeps: result.sweeps.length,
      ended: result.ended.length,
    });
    return result;
  };
  /** Each of the firm's days, once: today's run unless today was run. */
  const job = calendarJob({
    store: deps.store,
    name: SUBSCRIPTIONS_JOB,
    logger,
    now,
    owed: (lastDay) => {
      const today = service.today();
      return lastDay === today ? null : today;
    },
    run: (day) => calendar(day, false),
  });
  const runAndRemember = deps.store.db.transaction((day: string) => {
    const result = calendar(day, false);
    job.remember(day);
    return result;
  });

  return {
    /** Everything due by `day`; a dry run says what would be raised and writes nothing. */
    runFor: (day: string, dryRun = false) => (dryRun ? calendar(day, true) : runAndRemember.immediate(day)),
    /** What the timer does each minute: today's run, once. */
    runIfDue: job.runIfDue,
    start: job.start,
    stop: job.stop,
  };
}

export type SubscriptionJobs = ReturnType<typeof createSubscriptionJobs>;
