import { formatDateTime } from "../../contracts/time-format";
import type { Logger } from "../../log";
import { every } from "../../ops/every";
import { type Cron, cronMatches } from "./model";

/**
 * The schedule: every half minute it asks whether this minute, on the firm's clock, is one BACKUP_SCHEDULE
 * names, and starts one run for it. The clock is injected, so tests walk days in a moment.
 */
export function startSchedule(deps: {
  schedule: Cron | null;
  timeZone: string;
  now: () => Date;
  run: () => Promise<unknown>;
  logger: Pick<Logger, "error">;
  tickMs?: number;
}): () => void {
  if (!deps.schedule) return () => {};
  const schedule = deps.schedule;
  let lastMinute = "";
  const tick = () => {
    const at = deps.now();
    const minute = at.toISOString().slice(0, 16);
    if (minute === lastMinute || !cronMatches(schedule, at, deps.timeZone)) return;
    lastMinute = minute;
    return deps.run();
  };
  return every({ name: "backup_schedule", ms: deps.tickMs ?? 30_000, logger: deps.logger, run: tick });
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
