import { dayIn, wallClock } from "./time-format";

/**
 * The firm's calendar (ADR 280): days written YYYY-MM-DD, the firm's today, months, the instant a wall time on
 * the firm's clock names, and schedules in cron's five fields. Pure functions of what they are given (an instant
 * from an injected clock, an IANA zone): no clock is read here, and Intl is the only zone data. Date arithmetic
 * lives here and nowhere else (src/contracts/one-calendar.test.ts); the desk's business clock builds business
 * hours, holidays and closures on top of it.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// ---- Days ---------------------------------------------------------------------------------------------------

/**
 * `n` days as a span of time in milliseconds (n × 24 hours): for lifetimes and windows that are lengths of time
 * (a link that lasts 7 days, the last 30 days of figures, a certificate's ten years), not days of the calendar,
 * which a clock change makes 23 or 25 hours long. A day on the calendar is addDays.
 */
export const spanOfDays = (n: number) => n * DAY_MS;

/** "YYYY-MM-DD" as a day number (days since 1970-01-01). A calendar day has no zone, so UTC is only the ruler. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
/** The day a day number names. */
export const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The day `n` calendar days after `day` (before it when negative), whatever a clock change does between. */
export const addDays = (day: string, n: number) => dayOfNumber(dayNumber(day) + n);
/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
/** The weekday of a day, 0 = Sunday. */
export const weekdayOf = (day: string) => (((dayNumber(day) + 4) % 7) + 7) % 7;
/** The days of a month (1-12) of a year. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const pad = (n: number) => String(n).padStart(2, "0");
/** The day of a year, a month (1-12) and a day of the month. */
export const dayOf = (year: number, month: number, dayOfMonth: number) =>
  `${year}-${pad(month)}-${pad(dayOfMonth)}`;

/**
 * The same day of the month `months` later, or that month's last day when it is shorter: 31 January and one
 * month is 28 February, two months is 31 March (always counted from the day given, so nothing drifts).
 */
export function addMonths(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.slice(0, 10).split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return dayOf(year, month, Math.min(d, daysInMonth(year, month)));
}

/**
 * The `n`th day after `day` on which the firm opens (`isBusinessDay`: its weekends, public holidays and closures),
 * `n` ≥ 1. A calendar closed for more than a year past `day` is one nobody works to: the count stops there.
 */
export function addBusinessDays(day: string, n: number, isBusinessDay: (day: string) => boolean): string {
  let at = day;
  for (let left = n, i = 0; left > 0 && i < 400 + n; i++) {
    at = addDays(at, 1);
    if (isBusinessDay(at)) left--;
  }
  return at;
}

/** The first day of the month `day` falls in. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
/** The last day of the month `day` falls in. */
export const monthEnd = (day: string) => addDays(addMonths(monthStart(day), 1), -1);

// ---- The firm's clock ---------------------------------------------------------------------------------------

/** The firm's today at `now`: the day its clock reads in its zone, not the UTC date. */
export const firmToday = (now: Date | string | number, timeZone: string) => dayIn(now, timeZone);

/** The firm's day, weekday and minutes after its midnight at an instant. */
export function wallTime(at: Date | string | number, timeZone: string) {
  const w = wallClock(at, timeZone);
  return { day: dayOf(w.year, w.month, w.day), weekday: w.weekday, minutes: w.hour * 60 + w.minute };
}

/** The wall clock at an instant, written as if it were UTC: its difference to the instant is the zone's offset. */
function wallMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}
const offsetAt = (ms: number, timeZone: string) => {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallMs(whole, timeZone) - whole;
};

/**
 * The instant a wall time (`minutes` after midnight) on `day` names on the zone's clock. A time the clock shows
 * twice (the hour repeated when it falls back) is its first showing; a time the clock skips (the hour lost when
 * it springs forward) is the first minute that exists after it: 02:30 on New York's spring-forward Sunday is
 * 03:00 EDT. So each wall time names exactly one instant, and later wall times never name earlier instants.
 */
export function instantAt(day: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + minutes * MINUTE_MS;
  // No zone changes its offset twice within two days: the offsets a day either side are the two in play.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const shown = [wall - before, wall - after]
    .filter((t) => wallMs(t, timeZone) === wall)
    .sort((a, b) => a - b);
  if (shown[0] !== undefined) return new Date(shown[0]);
  // Skipped: the clock changed between `wall - after` (still on the old offset) and `wall - before`.
  let lo = wall - after;
  let hi = wall - before;
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}

/** The instant the firm's day begins (its midnight, or the first minute after it where midnight is skipped). */
export const startOfDay = (day: string, timeZone: string) => instantAt(day, 0, timeZone);

// ---- Schedules (cron's five fields) -------------------------------------------------------------------------

/**
 * A schedule in cron's five fields (minute hour day-of-month month day-of-week), read on the firm's clock. When
 * both day fields are restricted (neither starts with "*"), a day is named by either of them, as cron reads
 * them: `0 3 1 * 1` runs on the 1st and on every Monday.
 */
export type Schedule = {
  source: string;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Both day fields restricted: a day matches either (cron's rule), else it must match both. */
  eitherDay: boolean;
};

/** A schedule that cannot be read; the message names the field ('minute field "61" is outside 0-59'). */
export class ScheduleError extends Error {
  override name = "ScheduleError";
}

const FIELDS = [
  { name: "minute", lo: 0, hi: 59 },
  { name: "hour", lo: 0, hi: 23 },
  { name: "day of month", lo: 1, hi: 31 },
  { name: "month", lo: 1, hi: 12 },
  { name: "day of week", lo: 0, hi: 7 },
] as const;

/** Reads five cron fields: numbers, ranges, lists, steps and "*" (7 is Sunday too). Throws ScheduleError. */
export function parseSchedule(source: string): Schedule {
  const parts = source.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new ScheduleError(`has ${parts.length} fields, not five (minute hour day month weekday)`);
  const sets = parts.map((part, i) => {
    const { name, lo, hi } = FIELDS[i] as (typeof FIELDS)[number];
    const set = new Set<number>();
    for (const item of part.split(",")) {
      const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
      if (!m) throw new ScheduleError(`${name} field "${part}" is not understood`);
      const from = m[1] === "*" ? lo : Number(m[2]);
      const to = m[1] === "*" ? hi : m[3] !== undefined ? Number(m[3]) : m[4] ? hi : from;
      const step = m[4] ? Number(m[4]) : 1;
      if (from < lo || to > hi || from > to || step < 1)
        throw new ScheduleError(`${name} field "${part}" is outside ${lo}-${hi}`);
      for (let v = from; v <= to; v += step) set.add(i === 4 && v === 7 ? 0 : v);
    }
    return set;
  });
  const [minutes, hours, daysOfMonth, months, weekdays] = sets as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  // As cron (Vixie's, the one crontab(5) describes) decides it: a field that starts with "*" is unrestricted.
  const eitherDay = !parts[2]?.startsWith("*") && !parts[4]?.startsWith("*");
  return { source: parts.join(" "), minutes, hours, daysOfMonth, months, weekdays, eitherDay };
}

/** Whether the schedule runs on a day at all (its month, and its day of the month or of the week). */
export function scheduleNamesDay(s: Schedule, day: string): boolean {
  const [, month = 0, date = 0] = day.split("-").map(Number);
  if (!s.months.has(month)) return false;
  const byDate = s.daysOfMonth.has(date);
  const byWeekday = s.weekdays.has(weekdayOf(day));
  return s.eitherDay ? byDate || byWeekday : byDate && byWeekday;
}

/** Whether a wall time's minute is one the schedule names (a time of day, not yet an instant). */
const namesMinute = (s: Schedule, minutes: number) =>
  s.hours.has(Math.floor(minutes / 60)) && s.minutes.has(minutes % 60);

/** How far a schedule is searched for a run: `0 0 29 2 *` runs once in four years; one that never runs gives up. */
const SEARCH_DAYS = 4 * 366 + 7;
/** More than any clock change: a wall time this far past now's cannot name an instant before it. */
const SHIFT_MINUTES = 180;
/** How far today's wall times may stray from now's: SHIFT_MINUTES near a clock change, else not at all. */
const slack = (now: Date, timeZone: string) => {
  const ms = now.getTime();
  const span = SHIFT_MINUTES * MINUTE_MS;
  return offsetAt(ms - span, timeZone) === offsetAt(ms + span, timeZone) ? 0 : SHIFT_MINUTES;
};

/**
 * The latest instant at or before `now` that the schedule names on the zone's clock, or null when none in four
 * years. Each named wall time runs at the one instant instantAt gives it, so a time the clock skips runs at the
 * first minute after the change (and several skipped times run there once), and a repeated hour runs once.
 */
export function lastRunAtOrBefore(s: Schedule, timeZone: string, now: Date): Date | null {
  const { day: today, minutes: nowMinutes } = wallTime(now, timeZone);
  const times = [...s.hours].flatMap((h) => [...s.minutes].map((m) => h * 60 + m)).sort((a, b) => b - a);
  const stray = slack(now, timeZone);
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = addDays(today, -i);
    if (!scheduleNamesDay(s, day)) continue;
    for (const minutes of times) {
      if (i === 0 && minutes > nowMinutes + stray) continue;
      const at = instantAt(day, minutes, timeZone);
      if (at.getTime() <= now.getTime()) return at;
    }
  }
  return null;
}

/** The first instant after `after` that the schedule names on the zone's clock, or null when none in four years. */
export function nextRunAfter(s: Schedule, timeZone: string, after: Date): Date | null {
  const { day: today, minutes: fromMinutes } = wallTime(after, timeZone);
  const times = [...s.hours].flatMap((h) => [...s.minutes].map((m) => h * 60 + m)).sort((a, b) => a - b);
  const stray = slack(after, timeZone);
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = addDays(today, i);
    if (!scheduleNamesDay(s, day)) continue;
    for (const minutes of times) {
      if (i === 0 && minutes < fromMinutes - stray) continue;
      const at = instantAt(day, minutes, timeZone);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  return null;
}

/** Whether the schedule names the wall-clock minute of `at` (a time of day it lists, on a day it runs). */
export const scheduleNamesMinuteOf = (s: Schedule, at: Date, timeZone: string) => {
  const w = wallTime(at, timeZone);
  return scheduleNamesDay(s, w.day) && namesMinute(s, w.minutes);
};

/** A run's key: the minute it runs at, in UTC ("2026-03-08T07:00Z"), which sorts as the runs do. */
export const runKey = (at: Date) => `${at.toISOString().slice(0, 16)}Z`;
