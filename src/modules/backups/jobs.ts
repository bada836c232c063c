import { lastRunAtOrBefore, runKey, type Schedule } from "../../contracts/firm-calendar";
import { formatDateTime } from "../../contracts/time-format";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import { calendarJob } from "../desk";

/** The backup schedule's name in scheduled_runs (and in the log's `backup_schedule_error`). */
export const BACKUP_JOB = "backup_schedule";

/**
 * The schedule (ADR 280) on the calendar job of ADR 275: each turn asks the firm's calendar for the latest time
 * BACKUP_SCHEDULE names at or before now, and runs it when scheduled_runs remembers an earlier one. So a time the
 * clock skips runs at the first minute after the change, a repeated hour runs once, a restart in the same minute
 * finds the run remembered, and a run missed while the server was stopped is run when it starts (once: only the
 * latest missed). A schedule never run before (a new data folder, or one from before ADR 280) counts from the
 * last backup recorded, else from the server's start: a new install is not backed up the moment it starts.
 */
export function backupSchedule(deps: {
  store: DataStore;
  schedule: Schedule | null;
  timeZone: string;
  now: () => Date;
  run: () => Promise<unknown>;
  logger: Logger;
  /** When the last backup recorded ran (ISO 8601), null when none did. */
  lastBackupAt: () => string | null;
  /** When this server started. */
  since: Date;
  tickMs?: number;
}) {
  const { schedule, timeZone } = deps;
  const latestKey = (at: Date) => {
    const latest = schedule ? lastRunAtOrBefore(schedule, timeZone, at) : null;
    return latest ? runKey(latest) : "";
  };
  return calendarJob({
    store: deps.store,
    name: BACKUP_JOB,
    logger: deps.logger,
    now: deps.now,
    tickMs: deps.tickMs ?? 30_000,
    owed: (last) => {
      const due = latestKey(deps.now());
      const done = last ?? latestKey(new Date(deps.lastBackupAt() ?? deps.since));
      return due !== "" && due > done ? due : null;
    },
    // The run starts once the job's transaction has committed: the archive's snapshot of the database is taken
    // with no write transaction held. It is remembered when it ends, so a run cut off by a stop is run again.
    run: async () => {
      await null;
      return deps.run();
    },
  });
}

/** Why the backups need an operator now, or null: the last run failed, or none succeeded for 26 hours. */
export function backupWarning(deps: {
  scheduled: boolean;
  last: { at: string; ok: boolean; error: string | null } | null;
  lastGoodAt: string | null;
  now: Date;
  staleAfterMs: number;
  /** When this server started: a new schedule is not stale before it could have run. */
  since: Date;
  /** The firm's time zone: staff read every time in it, with its name. */
  timeZone: string;
}): string | null {
  const when = (iso: string) => formatDateTime(iso, deps.timeZone);
  if (deps.last && !deps.last.ok)
    return `The last backup, at ${when(deps.last.at)}, failed: ${deps.last.error}`;
  if (!deps.scheduled) return null;
  const from = deps.lastGoodAt ? new Date(deps.lastGoodAt) : deps.since;
  if (deps.now.getTime() - from.getTime() > deps.staleAfterMs)
    return deps.lastGoodAt
      ? `No backup has succeeded since ${when(deps.lastGoodAt)}, more than 26 hours ago`
      : "No backup has succeeded in the 26 hours since the server started";
  return null;
}
