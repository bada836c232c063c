import * as v from "valibot";

/**
 * The one reading of a date (YYYY-MM-DD) or an instant (a date, a time and its zone) that a client sends in a
 * body, a path or a query, for every route and the screens that check before sending. Date.parse is no judge:
 * it reads 2026-02-30 as March 2 and 24:00 as the next day, and `new Date("2026-13-01")` cannot be written
 * back at all (it throws), so each part is checked against the calendar itself.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Hours 00-23, minutes and seconds 00-59, up to milliseconds, and a zone: Z or an offset of at most 23:59. */
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const LOOSE_DATE = /^\d{4}-\d{2}-\d{2}/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `s` is a day that exists, written YYYY-MM-DD: 2026-02-28 is one, 2026-02-30 and 2026-13-01 are not. */
export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0));
}

/**
 * Whether `s` is an instant as browsers write it (toISOString, or a time with its offset): a real day, a time
 * of day that exists (no 24:00, no minute 60) and its zone; a time without a zone names no instant.
 */
export function isInstant(s: string): boolean {
  const date = INSTANT.exec(s)?.[1];
  return date !== undefined && isCalendarDate(date) && Number.isFinite(Date.parse(s));
}

/** "There is no 2026-02-30 on the calendar": the refusal of a date written right that does not exist. */
export const noSuchDay = (date: string) => `There is no ${date} on the calendar`;

/** The day a value written as a date starts with, when that day does not exist; else undefined. */
function impossibleDay(s: string): string | undefined {
  const date = LOOSE_DATE.exec(s)?.[0];
  return date !== undefined && !isCalendarDate(date) ? date : undefined;
}

/** The message for a value refused as a date or an instant: the day named when it is the day that is wrong. */
export const dateRefusal = (message: string) => (issue: v.CheckIssue<string>) => {
  const day = typeof issue.input === "string" ? impossibleDay(issue.input) : undefined;
  return day ? noSuchDay(day) : message;
};

/**
 * A date field, YYYY-MM-DD, trimmed: `message` when it is missing or not written so, "There is no 2026-02-30
 * on the calendar" when the day does not exist.
 */
export const calendarDate = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.check(isCalendarDate, dateRefusal(message)));

/** An instant field, trimmed, refused as calendarDate is, and answered as its ISO form in UTC. */
export const instant = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check(isInstant, dateRefusal(message)),
    v.transform((s) => new Date(s).toISOString()),
  );
