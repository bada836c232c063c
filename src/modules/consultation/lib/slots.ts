import {
  CONSULTATION_BUSINESS_DAYS,
  CONSULTATION_LEAD_BUSINESS_MINUTES,
  CONSULTATION_MINUTES,
} from "../../../contracts/consultation";
import { addDays, weekdayOf } from "../../../contracts/firm-calendar";
import {
  dayIn,
  formatDay,
  formatTime,
  formatWeekday,
  formatWeekdayDay,
  isTimeZone as isZone,
} from "../../../contracts/time-format";

/**
 * What the consultation needs of the firm's business clock (the desk's, with its hours, public holidays and
 * closures): given by the app, so this feature computes its slots on the very calendar the desk works by.
 */
export type ConsultationClock = {
  settings: { timeZone: string; hours: ReadonlyArray<{ open: number; close: number } | null> };
  addBusinessMinutes(from: Date, minutes: number): Date;
  instant(date: string, minutes: number): Date;
  local(at: Date): { date: string; weekday: number; minutes: number };
  isBusinessDay(date: string): boolean;
};

const MINUTE_MS = 60_000;
/** Calendar days looked through for the ten business days (a long run of closures still ends). */
const MAX_CALENDAR_DAYS = 120;

/** A slot of the grid: its start instant and the firm's calendar date. */
export type GridSlot = { startMs: number; date: string };

/**
 * Every 15-minute slot a client may book at `now`, free or not (ADR 171): within business hours on the next
 * ten business days, counted from the day of the earliest bookable instant, which is `now` plus two business
 * hours. Slots start on the quarter hours from opening and end by closing.
 */
export function slotGrid(clock: ConsultationClock, now: Date): GridSlot[] {
  const earliest = clock.addBusinessMinutes(now, CONSULTATION_LEAD_BUSINESS_MINUTES).getTime();
  const out: GridSlot[] = [];
  let date = clock.local(new Date(earliest)).date;
  let days = 0;
  for (let i = 0; i < MAX_CALENDAR_DAYS && days < CONSULTATION_BUSINESS_DAYS; i++, date = addDays(date, 1)) {
    if (!clock.isBusinessDay(date)) continue;
    days++;
    const hours = clock.settings.hours[weekdayOf(date)];
    if (!hours) continue;
    for (let m = hours.open; m + CONSULTATION_MINUTES <= hours.close; m += CONSULTATION_MINUTES) {
      const startMs = clock.instant(date, m).getTime();
      if (startMs >= earliest) out.push({ startMs, date });
    }
  }
  return out;
}

export const slotEnd = (startMs: number) => startMs + CONSULTATION_MINUTES * MINUTE_MS;

/** True when `name` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  return isZone(name);
}

/** Labels of an instant in a zone: "Monday, 30 Nov 2026", "11:00 AM EST", and both in short. */
export function labels(ms: number, timeZone: string) {
  const day = dayIn(ms, timeZone);
  const time = formatTime(ms, timeZone);
  return {
    day: formatWeekdayDay(day, "long"),
    time,
    short: `${formatWeekday(day)} ${formatDay(day).replace(/ \d{4}$/, "")}, ${time}`,
  };
}

/** "Monday, 30 Nov 2026, 11:00 AM EST" in a zone. */
export const longLabel = (ms: number, timeZone: string) => {
  const l = labels(ms, timeZone);
  return `${l.day}, ${l.time}`;
};
