import { MONTH_NAMES, WEEKDAY_NAMES } from "./calendar";
import { nextRunAfter, type Schedule } from "./firm-calendar";
import { formatClockTime, zoneLabel } from "./time-format";

/**
 * A schedule in words, as the Backups screen says it: "Every day at 2:30 AM EST" from `30 2 * * *` read on the
 * firm's clock. The zone's label is that of the next run (EST in winter, EDT in summer). What has no short
 * wording (a list of minutes in a few hours, say) is given as its cron fields: never a sentence that is wrong.
 */

const WEEKDAYS = WEEKDAY_NAMES;
const MONTHS = MONTH_NAMES;

const sorted = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);

/** "a", "a and b", "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${n % 10 > 3 ? "th" : suffix}`;
};

/** Whether a set is every value from lo to hi: the field was "*" (or as good as). */
const whole = (set: ReadonlySet<number>, lo: number, hi: number) => set.size === hi - lo + 1;

/** Whether a set is lo, lo+step, ... up to hi, for a step above 1: the field was "*\/step". */
function stepOf(set: ReadonlySet<number>, lo: number, hi: number): number | null {
  const values = sorted(set);
  if (values.length < 2 || values[0] !== lo) return null;
  const step = (values[1] as number) - lo;
  if (step < 2) return null;
  const expected = Math.floor((hi - lo) / step) + 1;
  return values.length === expected && values.every((v, i) => v === lo + i * step) ? step : null;
}

/** The days a schedule runs on: "Every day", "Every weekday (Monday to Friday)", "On the 1st of every month". */
function daysInWords(s: Schedule): string | null {
  const allDates = whole(s.daysOfMonth, 1, 31);
  const allWeekdays = whole(s.weekdays, 0, 6);
  const allMonths = whole(s.months, 1, 12);
  const weekdays = sorted(s.weekdays);
  const dates = sorted(s.daysOfMonth);
  const inMonths = allMonths ? "" : ` in ${listed(sorted(s.months).map((m) => MONTHS[m - 1] as string))}`;
  const weekdayWords =
    weekdays.length === 5 && weekdays.join() === "1,2,3,4,5"
      ? "every weekday (Monday to Friday)"
      : `every ${listed(weekdays.map((d) => WEEKDAYS[d] as string))}`;
  const dateWords = `the ${listed(dates.map(ordinal))} of ${allMonths ? "every month" : "the month"}`;
  if (s.eitherDay) return `On ${dateWords} and ${weekdayWords}${inMonths}`;
  if (allDates && allWeekdays) return allMonths ? "Every day" : `Every day${inMonths}`;
  if (allDates) return `${capital(weekdayWords)}${inMonths}`;
  if (allWeekdays) return `On ${dateWords}${inMonths}`;
  return null;
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** The times of day: "at 2:30 AM", "every hour at 15 minutes past", "every 15 minutes". Null: no short wording. */
function timesInWords(s: Schedule, zone: string): string | null {
  const minutes = sorted(s.minutes);
  const hours = sorted(s.hours);
  const allHours = whole(s.hours, 0, 23);
  if (allHours && whole(s.minutes, 0, 59)) return "every minute";
  const minuteStep = stepOf(s.minutes, 0, 59);
  if (allHours && minuteStep) return `every ${minuteStep} minutes`;
  if (minutes.length !== 1) return null;
  const [minute = 0] = minutes;
  if (allHours) return minute === 0 ? "every hour, on the hour" : `every hour at ${minute} minutes past`;
  const hourStep = stepOf(s.hours, 0, 23);
  const times = hours.map((h) => formatClockTime(h * 60 + minute));
  if (hourStep && times.length > 4)
    return `every ${hourStep} hours from ${times[0]} (${times.length} times a day), ${zone}`;
  if (times.length > 4) return null;
  return `at ${listed(times)} ${zone}`;
}

/**
 * The schedule in words on the firm's clock, `now` choosing the zone's label (the next run's). "Off" for no
 * schedule; a schedule without a short wording is named by its fields: `On the schedule "0 1,13 * * 1-5" (EST)`.
 */
export function scheduleInWords(s: Schedule | null, timeZone: string, now: Date): string {
  if (s === null) return "Off";
  const next = nextRunAfter(s, timeZone, now) ?? now;
  const zone = zoneLabel(timeZone, next);
  const days = daysInWords(s);
  const times = timesInWords(s, zone);
  if (days === null || times === null) return `On the schedule "${s.source}" (${zone})`;
  const everyTime = times.startsWith("every");
  if (!everyTime) return `${days} ${times}`;
  // "Every minute" alone reads better than "Every day every minute"; other days keep both.
  if (days === "Every day") return `${capital(times)}${times.endsWith(zone) ? "" : ` (${zone})`}`;
  return `${days}, ${times}${times.endsWith(zone) ? "" : ` (${zone})`}`;
}
