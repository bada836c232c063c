import Holidays from "date-holidays";
import { WEEKDAY_SHORT } from "./calendar";

/**
 * The firm's business-hours settings as the configuration reads them (BUSINESS_HOURS, HOLIDAYS, FIRM_TIME_ZONE,
 * the response promise): parsed here, below every feature, so the configuration reads no feature to check them
 * (the desk's business clock computes with them).
 */

/** Opening minutes after local midnight per weekday (0 = Sunday); null = closed all day. */
export type WeeklyHours = ReadonlyArray<{ open: number; close: number } | null>;

export type HolidayRegion = { country: string; state?: string };

export type ClockSettings = {
  timeZone: string;
  hours: WeeklyHours;
  /** null: no public holidays (HOLIDAYS=none). */
  holidays: HolidayRegion | null;
  slaHours: number;
};

/** "HH:MM" → minutes after midnight; "24:00" is the end of the day. */
function parseTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/**
 * BUSINESS_HOURS: one or more groups separated by commas, each "<days> HH:MM-HH:MM", days being one day or a
 * range: "Mon-Fri 09:00-17:00" or "Mon-Thu 08:30-17:30, Fri 08:30-13:00". Returns a message when it is wrong.
 */
export function parseBusinessHours(text: string): WeeklyHours | string {
  const week: ({ open: number; close: number } | null)[] = [null, null, null, null, null, null, null];
  const groups = text
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  if (groups.length === 0) return 'must name days and hours, such as "Mon-Fri 09:00-17:00"';
  for (const group of groups) {
    const m = /^([A-Za-z]{3})(?:\s*-\s*([A-Za-z]{3}))?\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(group);
    if (!m) return `"${group}" is not like "Mon-Fri 09:00-17:00"`;
    const day = (name: string) =>
      WEEKDAY_SHORT.findIndex((d) => d.toLowerCase() === name.toLowerCase()) as number | -1;
    const first = day(m[1] ?? "");
    const last = m[2] ? day(m[2]) : first;
    if (first < 0 || last < 0)
      return `"${group}" names an unknown day (use Mon, Tue, Wed, Thu, Fri, Sat, Sun)`;
    const open = parseTime(m[3] ?? "");
    const close = parseTime(m[4] ?? "");
    if (open === null || close === null)
      return `"${group}" has a time that is not HH:MM between 00:00 and 24:00`;
    if (close <= open) return `"${group}" closes before it opens`;
    for (let i = 0, d = first; i < 7; i++, d = (d + 1) % 7) {
      if (week[d]) return `"${group}" gives ${WEEKDAY_SHORT[d]} hours twice`;
      week[d] = { open, close };
      if (d === last) break;
    }
  }
  return week;
}

/** HOLIDAYS: "US", "US-NY" (a country or country-state known to date-holidays) or "none". */
export function parseHolidayRegion(text: string): HolidayRegion | null | string {
  const value = text.trim();
  if (value.toLowerCase() === "none") return null;
  const m = /^([A-Za-z]{2})(?:-([A-Za-z0-9]{1,3}))?$/.exec(value);
  if (!m) return 'must be a country code such as "US", a country and state such as "US-NY", or "none"';
  const country = (m[1] ?? "").toUpperCase();
  const state = m[2]?.toUpperCase();
  const hd = new Holidays();
  if (!(country in hd.getCountries())) return `"${country}" is not a country date-holidays knows`;
  if (state && !(state in (hd.getStates(country) ?? {}))) {
    return `"${state}" is not a state or region of ${country} that date-holidays knows`;
  }
  return state ? { country, state } : { country };
}
