import type { Logger } from "../../log";
import { every } from "../../ops/every";
import type { DataStore } from "../../store";
import { scheduledRuns } from "../desk";
import type { SubscriptionsService } from "./service";

/** The job's name in scheduled_runs, beside the digest's and the purge's. */
export const SUBSCRIPTIONS_JOB = "subscriptions";
const TICK_MS = 60_000;

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
  const runs = scheduledRuns(deps.store);
  const record = deps.store.db.transaction((day: string, dryRun: boolean) => {
    const result = service.runCalendar(day, { dryRun });
    if (!dryRun) runs.record(SUBSCRIPTIONS_JOB, day, now().toISOString());
    return result;
  });

  /** Everything due by `day`; a dry run says what would be raised and writes nothing. */
  function runFor(day: string, dryRun = false) {
    const result = record(day, dryRun);
    logger.info("subscriptions_run", {
      day,
      dryRun,
      charges: result.charges.length,
      sweeps: result.sweeps.length,
      ended: result.ended.length,
    });
    return result;
  }

  /** What the timer does each minute: today's run, once. */
  function runIfDue() {
    const day = service.today();
    if (runs.last(SUBSCRIPTIONS_JOB)?.lastDay === day) return null;
    return runFor(day);
  }

  let stopTimer: (() => void) | undefined;

  return {
    runFor,
    runIfDue,
    start() {
      stopTimer ??= every({ name: "subscriptions", ms: TICK_MS, logger, run: runIfDue });
    },
    stop() {
      stopTimer?.();
      stopTimer = undefined;
    },
  };
}

export type SubscriptionJobs = ReturnType<typeof createSubscriptionJobs>;
