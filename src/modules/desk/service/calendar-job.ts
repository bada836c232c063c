import type { Logger } from "../../../log";
import { every } from "../../../ops/every";
import type { DataStore } from "../../../store";
import { scheduledRuns } from "../repo/desk-clock";

/** How often a calendar job asks whether its day has come. */
const TICK_MS = 60_000;

/**
 * The one way a job falls due on the firm's calendar (the morning digest, the subscriptions' day, the month's
 * statements; the backup schedule, whose "day" is the minute a run is for, ADR 280): each minute the job says
 * which day a run is owed for, given the last day scheduled_runs remembers (a server down on that day is owed it
 * when it next starts), and that day is run and remembered.
 *
 * A run that is all database work is asked, run and remembered in one immediate transaction: a second timer, or the
 * operator's command while the server runs, waits for the first and then finds the day done, so it is done once
 * and the second neither repeats it nor fails. A run that awaits (the statements render PDFs) cannot hold the
 * database meanwhile: its day is remembered once it ends, and each piece of it must be refused when raced (a
 * statement's number is unique per engagement).
 */
export function calendarJob<T>(deps: {
  store: DataStore;
  /** The job's name in scheduled_runs, and in the log's `<name>_error` unless `logAs` says otherwise. */
  name: string;
  logAs?: string;
  logger: Logger;
  now: () => Date;
  /** How often it asks (a minute unless told). */
  tickMs?: number;
  /** The day a run is owed for now, given the last day run (null: never), or null when none is owed. */
  owed: (lastDay: string | null) => string | null;
  run: (day: string) => T;
}) {
  const { name, now } = deps;
  const runs = scheduledRuns(deps.store);
  const lastDay = () => runs.last(name)?.lastDay ?? null;
  const remember = (day: string) => runs.record(name, day, now().toISOString());

  const owedAndRun = deps.store.db.transaction((): { day: string; result: T } | null => {
    const day = deps.owed(lastDay());
    if (day === null) return null;
    const result = deps.run(day);
    if (!(result instanceof Promise)) remember(day);
    return { day, result };
  });

  /** The run owed now, once; null when none is. */
  function runIfDue(): T | null {
    const ran = owedAndRun.immediate();
    if (!ran) return null;
    const { day, result } = ran;
    if (result instanceof Promise)
      return result.then((value) => {
        remember(day);
        return value;
      }) as T;
    return result;
  }

  let stopTimer: (() => void) | undefined;
  return {
    runIfDue,
    /** A run made otherwise (the operator's command for a day): remembered as the timer's own would be. */
    remember,
    lastDay,
    start() {
      stopTimer ??= every({
        name: deps.logAs ?? name,
        ms: deps.tickMs ?? TICK_MS,
        logger: deps.logger,
        run: runIfDue,
      });
    },
    stop() {
      stopTimer?.();
      stopTimer = undefined;
    },
  };
}
