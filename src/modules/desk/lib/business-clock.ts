import Holidays from "date-holidays";
import { WEEKDAY_SHORT } from "../../../contracts/calendar";
import { ConflictError } from "../../../contracts/errors";
import {
  addDays,
  dayNumber,
  dayOfNumber,
  instantAt,
  wallTime,
  weekdayOf,
} from "../../../contracts/firm-calendar";
import { formatClockTime } from "../../../contracts/time-format";

/**
 * The desk's business-day clock: business hours in the firm's time zone, public holidays from date-holidays
 * (substitute days included, observances not) and closures set by staff. Every due time and business duration
 * the desk shows or sends is computed here, from an instant the caller passes in (an injected clock).
 */

const MINUTE_MS = 60_000;
/** How far the clock looks for the next opening before it gives up (a calendar with no business days). */
const MAX_DAYS = 3 * 366;

import type { ClockSettings, HolidayRegion, WeeklyHours } from "../../../contracts/business-hours";

export type { ClockSettings, HolidayRegion, WeeklyHours } from "../../../contracts/business-hours";
export { parseBusinessHours, parseHolidayRegion } from "../../../contracts/business-hours";

/** "Mon-Fri 9:00 AM-5:00 PM": the setting as staff read it on the settings panel, on the one 12-hour clock. */
export function describeHours(hours: WeeklyHours): string {
  const groups: string[] = [];
  // Monday first, as people read a week.
  const order = [1, 2, 3, 4, 5, 6, 0];
  let i = 0;
  while (i < order.length) {
    const d = order[i] as number;
    const h = hours[d];
    if (!h) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < order.length) {
      const next = hours[order[j + 1] as number];
      if (!next || next.open !== h.open || next.close !== h.close) break;
      j++;
    }
    const from = WEEKDAY_SHORT[d];
    const to = WEEKDAY_SHORT[order[j] as number];
    groups.push(`${from}${j > i ? `-${to}` : ""} ${formatClockTime(h.open)}-${formatClockTime(h.close)}`);
    i = j + 1;
  }
  return groups.join(", ");
}

/** Calendar dates and wall times in one IANA zone: the firm's calendar (ADR 280). */
function zone(timeZone: string) {
  return {
    /** Local date "YYYY-MM-DD", weekday and minutes after midnight at an instant. */
    local(ms: number) {
      const w = wallTime(ms, timeZone);
      return { date: w.day, weekday: w.weekday, minutes: w.minutes };
    },
    /** The instant a local wall time occurs (in a spring-forward gap: the first minute after it). */
    instant: (date: string, minutes: number): number => instantAt(date, minutes, timeZone).getTime(),
  };
}

/** The calendar date `days` (one unless told) after "YYYY-MM-DD". */
export const nextDate = (date: string, days = 1) => addDays(date, days);

const dateOfDay = dayOfNumber;

type Opening = { start: number; end: number };

export type PublicHoliday = { date: string; name: string };

/** Public holidays of a region by year, substitute days included, observances and optional days not. */
function holidayCalendar(region: HolidayRegion | null) {
  const hd = region ? new Holidays(region.country, region.state ?? "", { types: ["public"] }) : null;
  const byYear = new Map<number, PublicHoliday[]>();
  const year = (y: number): PublicHoliday[] => {
    let list = byYear.get(y);
    if (!list) {
      list = hd
        ? (hd.getHolidays(y, "en") ?? [])
            .filter((h) => h.type === "public")
            .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
        : [];
      byYear.set(y, list);
    }
    return list;
  };
  return {
    on: (date: string) => year(Number(date.slice(0, 4))).find((h) => h.date === date),
    between(from: string, to: string): PublicHoliday[] {
      const out: PublicHoliday[] = [];
      for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
        out.push(...year(y).filter((h) => h.date >= from && h.date <= to));
      }
      return out;
    },
  };
}

export type BusinessClock = ReturnType<typeof createBusinessClock>;

/**
 * A clock over the settings and the firm's closures (read each time, so a closure added in the admin applies
 * at once). Instants are Date objects; durations are whole business minutes.
 */
export function createBusinessClock(
  settings: ClockSettings,
  closures: () => ReadonlySet<string> = () => new Set(),
) {
  const z = zone(settings.timeZone);
  const holidays = holidayCalendar(settings.holidays);

  // Intl's zone arithmetic costs microseconds a call and a long overdue request spans months of days: each
  // day's date and hours are computed once, keyed by day number (days since 1970-01-01). Closures are looked up
  // on every call, so a change applies at once.
  const dayCache = new Map<number, { date: string; hours: Opening | null }>();

  /** The day's date and opening interval as instants, ignoring closures (null: weekend or public holiday). */
  function dayOf(day: number): { date: string; hours: Opening | null } {
    let known = dayCache.get(day);
    if (known === undefined) {
      const date = dateOfDay(day);
      const h = settings.hours[weekdayOf(date)];
      known = {
        date,
        hours:
          !h || holidays.on(date) ? null : { start: z.instant(date, h.open), end: z.instant(date, h.close) },
      };
      if (dayCache.size > 20_000) dayCache.clear();
      dayCache.set(day, known);
    }
    return known;
  }

  /** The day's opening interval as instants, or null when the firm is closed that day. */
  function openingOn(date: string): Opening | null {
    return closures().has(date) ? null : dayOf(dayNumber(date)).hours;
  }

  /**
   * Calls `visit` with each opening interval from the local day of `fromMs` on, in order, until it returns
   * false. A plain loop over day numbers: this runs for every row of the desk's list.
   */
  function eachOpening(fromMs: number, visit: (o: Opening) => boolean): void {
    const closed = closures();
    const first = dayNumber(z.local(fromMs).date);
    for (let day = first; day < first + MAX_DAYS; day++) {
      const { date, hours } = dayOf(day);
      if (hours && hours.end > fromMs && !closed.has(date) && !visit(hours)) return;
    }
  }

  /** The instant `minutes` business minutes after `from`; arrivals outside hours count from the next opening. */
  function addBusinessMinutes(from: Date, minutes: number): Date {
    let left = minutes * MINUTE_MS;
    const fromMs = from.getTime();
    let result: number | undefined;
    eachOpening(fromMs, (o) => {
      const start = Math.max(o.start, fromMs);
      if (start + left <= o.end) {
        result = start + left;
        return false;
      }
      left -= o.end - start;
      return true;
    });
    // A state staff can reach (closures over every business day), not a defect: 409 with a message.
    if (result === undefined) {
      throw new ConflictError("The business calendar has no opening hours in the next three years");
    }
    return new Date(result);
  }

  /** Whole business minutes between two instants (0 when `to` is not after `from`). */
  function businessMinutesBetween(from: Date, to: Date): number {
    const a = from.getTime();
    const b = to.getTime();
    if (b <= a) return 0;
    let ms = 0;
    eachOpening(a, (o) => {
      if (o.start >= b) return false;
      ms += Math.min(o.end, b) - Math.max(o.start, a);
      return true;
    });
    return Math.floor(ms / MINUTE_MS);
  }

  return {
    settings,
    /** When a request that arrived at `arrival` must have had its first response. */
    dueAt: (arrival: Date) => addBusinessMinutes(arrival, settings.slaHours * 60),
    addBusinessMinutes,
    businessMinutesBetween,
    /** The firm's calendar date and wall time at an instant. */
    local: (at: Date) => z.local(at.getTime()),
    /** The instant of a wall time on a firm calendar date. */
    instant: (date: string, minutes: number) => new Date(z.instant(date, minutes)),
    /** Whether the firm is open at an instant. */
    isOpenAt(at: Date) {
      const o = openingOn(z.local(at.getTime()).date);
      return o !== null && at.getTime() >= o.start && at.getTime() < o.end;
    },
    /** Whether the firm opens at all on this date (business weekday, no public holiday, no closure). */
    isBusinessDay: (date: string) => openingOn(date) !== null,
    publicHoliday: (date: string) => holidays.on(date),
    publicHolidaysBetween: holidays.between,
  };
}
