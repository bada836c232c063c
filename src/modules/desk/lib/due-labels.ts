import type { DueStatus, FirstResponseBy } from "../../../contracts/desk";
import { formatWeekdayDateTime, formatWhen } from "../../../contracts/time-format";
import type { BusinessClock } from "./business-clock";

const HOUR = 60;

/** "1 h 40 m", "45 m", "3 h": a duration in whole minutes. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / HOUR);
  const m = minutes % HOUR;
  if (h === 0) return `${m} m`;
  return m === 0 ? `${h} h` : `${h} h ${m} m`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Wed 18 Nov 2026, 10:00 AM EST": a firm-time instant written out in full, by the one formatter (ADR 266). */
export const firmDateTime = (clock: BusinessClock, at: Date): string =>
  formatWeekdayDateTime(at, clock.settings.timeZone);

/** "10:00 AM EST", "tomorrow 10:00 AM EST", "Mon 4:30 PM EST" or "Mon 30 Nov 2026, 4:30 PM EST", from `now`. */
export const firmWhen = (clock: BusinessClock, at: Date, now: Date): string =>
  formatWhen(at, clock.settings.timeZone, now);

/**
 * Where a request stands against its due time, in the words the desk shows: "due in 3 h", "due tomorrow
 * 10:00 AM EST", "overdue by 2 business hours", "answered in 1 h 40 m" (business time from arrival).
 */
export function dueStatus(
  clock: BusinessClock,
  r: {
    submittedAt: string;
    respondBy: string;
    firstResponseAt: string | null;
    firstResponseBy?: FirstResponseBy | null;
  },
  now: Date,
): DueStatus {
  const due = new Date(r.respondBy);
  const dueText = firmDateTime(clock, due);
  if (r.firstResponseAt && r.firstResponseBy === "status-change") {
    // Moved on before responses were recorded (ADR 108): when the client heard is not known.
    return { state: "answered", label: "response not recorded", dueText, late: false };
  }
  if (r.firstResponseAt) {
    const answered = new Date(r.firstResponseAt);
    const minutes = clock.businessMinutesBetween(new Date(r.submittedAt), answered);
    const late = answered.getTime() > due.getTime();
    const label =
      minutes > 0
        ? `answered in ${formatDuration(minutes)}`
        : clock.isOpenAt(answered)
          ? "answered in under a minute"
          : "answered before business hours began";
    return { state: "answered", label, dueText, late };
  }
  if (now.getTime() < due.getTime()) {
    const sameDay = clock.local(due).date === clock.local(now).date;
    if (sameDay) {
      const left = Math.floor((due.getTime() - now.getTime()) / 60_000);
      const label = left >= HOUR ? `due in ${Math.floor(left / HOUR)} h` : `due in ${Math.max(left, 1)} m`;
      return { state: "waiting", label, dueText, late: false };
    }
    return {
      state: "waiting",
      label: `due ${firmWhen(clock, due, now)}`,
      dueText,
      late: false,
    };
  }
  const over = clock.businessMinutesBetween(due, now);
  const label =
    over >= HOUR
      ? `overdue by ${plural(Math.floor(over / HOUR), "business hour")}`
      : over > 0
        ? `overdue by ${plural(over, "business minute")}`
        : `overdue since ${firmWhen(clock, due, now)}`;
  return { state: "overdue", label, dueText, late: false };
}

/** A delivery against its due time, in the words first responses use: "due tomorrow 10:00 AM EST", "overdue by 2 business hours". */
export const deliveryStatus = (clock: BusinessClock, deliveryDueAt: string, now: Date): DueStatus =>
  dueStatus(clock, { submittedAt: deliveryDueAt, respondBy: deliveryDueAt, firstResponseAt: null }, now);
