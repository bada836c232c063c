import { MONTH_SHORT, WEEKDAY_NAMES } from "./calendar";

/**
 * The one way a date or a time is shown to a person, on the server (pages, mails, PDFs) and in the browser
 * alike (ADR 266): days as "27 Nov 2026", times as "10:00 AM EST" on the firm's clock with its zone's label,
 * and, for a client whose zone differs, their own time beside it. Machine formats (YYYY-MM-DD in the API, ISO
 * in JSON and in datetime attributes) are not shown to people and stay as they are.
 *
 * Every Intl.DateTimeFormat of the product is built here (src/contracts/one-time-formatter.test.ts), so a
 * screen cannot fall back to the browser's zone or its locale's way of writing a time.
 */

const cache = new Map<string, Intl.DateTimeFormat>();
/** Building a formatter costs far more than using one, and a list asks for dozens at a time. */
function intl(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/** True when `name` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name === "") return false;
  try {
    intl("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock fields of an instant in a zone, as numbers (hours 0-23; weekday 0 = Sunday). */
export function wallClock(at: Date | string | number, timeZone: string) {
  const parts: Record<string, string> = {};
  // The business clock reads it many times a request: one formatter per zone, found without building a key.
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = intl("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    wallFormats.set(timeZone, format);
  }
  for (const p of format.formatToParts(toDate(at))) if (p.type !== "literal") parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? ""),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone: a machine format, for stores and comparisons. */
export function dayIn(at: Date | string | number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** A GMT offset that names no zone ("GMT+1", "GMT-5", "GMT+5:30"); "GMT" alone is London's winter name. */
const OFFSET_NAME = /^(GMT|UTC)[+-−]/;
/**
 * The locales whose short zone names are tried in turn: en-US names the American zones (EST, EDT, PST, MST),
 * en-GB the European ones (CET, CEST, BST), en-AU the Australian ones (AEST, AEDT), en-IN India's (IST).
 */
const NAMING_LOCALES = ["en-US", "en-GB", "en-AU", "en-IN"];

/**
 * The label of a zone at an instant: its abbreviation as Intl writes it in the first of NAMING_LOCALES that
 * has one ("EST" in winter and "EDT" in summer for America/New_York, "CET"/"CEST" for Europe/Berlin), else
 * its offset from GMT ("GMT+9" for Asia/Tokyo), which every locale writes the same.
 */
export function zoneLabel(timeZone: string, at: Date | string | number): string {
  const d = toDate(at);
  let fallback = "";
  for (const locale of NAMING_LOCALES) {
    const name =
      intl(locale, { timeZone, timeZoneName: "short" })
        .formatToParts(d)
        .find((p) => p.type === "timeZoneName")?.value ?? "";
    if (!fallback) fallback = name;
    if (name && !OFFSET_NAME.test(name)) return name;
  }
  return fallback || timeZone;
}

/** "27 Nov 2026" from a day written YYYY-MM-DD (a due date, a charge day): no zone, since a day has none. */
export function formatDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return day;
  return `${d} ${MONTH_SHORT[m - 1]} ${y}`;
}

/** "Nov 2026" from a day written YYYY-MM-DD: the month a charge or a period falls in. */
export function formatMonth(day: string): string {
  const [y, m] = day.slice(0, 10).split("-").map(Number);
  if (!y || !m) return day;
  return `${MONTH_SHORT[m - 1]} ${y}`;
}

/** "27 Nov 2026": the day an instant falls on in the zone. */
export const formatDate = (at: Date | string | number, timeZone: string) => formatDay(dayIn(at, timeZone));

/** Seconds are shown only where a record is evidence (the audit log, a signature's certificate). */
type Precision = { seconds?: boolean };

const twelve = (hour: number, minute: number, second?: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)}${second === undefined ? "" : `:${pad(second)}`} ${hour < 12 ? "AM" : "PM"}`;

/**
 * "9:00 AM" from minutes after midnight: a time in a weekly schedule (business hours), which is no instant and
 * so has no zone label of its own; the zone is named beside it.
 */
export const formatClockTime = (minutes: number) => twelve(Math.floor(minutes / 60) % 24, minutes % 60);

/** "10:00 AM" without a label: only beside a label already given. */
function clock(at: Date, timeZone: string, precision: Precision = {}): string {
  const w = wallClock(at, timeZone);
  return twelve(w.hour, w.minute, precision.seconds ? w.second : undefined);
}

/** "10:00 AM EST" (or "10:00:07 AM EST"): the time of an instant in the zone, with the zone's label. */
export function formatTime(at: Date | string | number, timeZone: string, precision: Precision = {}): string {
  const d = toDate(at);
  return `${clock(d, timeZone, precision)} ${zoneLabel(timeZone, d)}`;
}

/** "27 Nov 2026, 10:00 AM EST". */
export function formatDateTime(
  at: Date | string | number,
  timeZone: string,
  precision: Precision = {},
): string {
  const d = toDate(at);
  return `${formatDate(d, timeZone)}, ${formatTime(d, timeZone, precision)}`;
}

type WeekdayStyle = "short" | "long";
const DAY_MS = 86_400_000;
/** Days from one YYYY-MM-DD to another: calendar days, whatever the zone's DST does between them. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / DAY_MS);

/** "Tue", or "Tuesday" in long: the weekday of a day written YYYY-MM-DD. */
export function formatWeekday(day: string, style: WeekdayStyle = "short"): string {
  const name = WEEKDAY_NAMES[new Date(`${day.slice(0, 10)}T00:00:00Z`).getUTCDay()] ?? "";
  return style === "long" ? name : name.slice(0, 3);
}

/** "Tue 17 Nov 2026", or "Tuesday, 17 Nov 2026" in long: a day with its weekday, where the week matters. */
export function formatWeekdayDay(day: string, style: WeekdayStyle = "short"): string {
  return `${formatWeekday(day, style)}${style === "long" ? "," : ""} ${formatDay(day)}`;
}

/** "Tue 17 Nov 2026, 10:00 AM EST" (or "Tuesday, 17 Nov 2026, 10:00 AM EST"): a due time, a slot. */
export function formatWeekdayDateTime(
  at: Date | string | number,
  timeZone: string,
  style: WeekdayStyle = "short",
): string {
  const d = toDate(at);
  return `${formatWeekdayDay(dayIn(d, timeZone), style)}, ${formatTime(d, timeZone)}`;
}

/**
 * An instant as read on `now`'s day in the zone, for a badge: "10:00 AM EST" today, "tomorrow 10:00 AM EST",
 * "yesterday 5:00 PM EST", "Fri 3:00 PM EST" within a week either way, and "Mon 28 Dec 2026, 4:00 PM EST"
 * further off. Always with the zone's label: "until Sunday 3:00 PM" says nothing of whose Sunday.
 */
export function formatWhen(
  at: Date | string | number,
  timeZone: string,
  now: Date | string | number,
  style: WeekdayStyle = "short",
): string {
  const d = toDate(at);
  const day = dayIn(d, timeZone);
  const days = daysBetween(dayIn(now, timeZone), day);
  const time = formatTime(d, timeZone);
  if (days === 0) return time;
  if (days === 1) return `tomorrow ${time}`;
  if (days === -1) return `yesterday ${time}`;
  if (Math.abs(days) < 7) return `${formatWeekday(day, style)} ${time}`;
  return formatWeekdayDateTime(d, timeZone, style);
}

/**
 * The client's own time, for beside the firm's: "4:00 PM CET your time", or with the day when it falls on
 * another day there ("28 Nov 2026, 1:00 AM JST your time"); empty when the client's zone is the firm's or not
 * known (a page the server renders knows only the firm's).
 */
export function clientTime(
  at: Date | string | number,
  firmZone: string,
  clientZone: string | null | undefined,
): string {
  if (!clientZone || clientZone === firmZone || !isTimeZone(clientZone)) return "";
  const d = toDate(at);
  if (zoneLabel(clientZone, d) === zoneLabel(firmZone, d) && clock(d, clientZone) === clock(d, firmZone))
    return "";
  const sameDay = dayIn(d, clientZone) === dayIn(d, firmZone);
  return `${sameDay ? formatTime(d, clientZone) : formatDateTime(d, clientZone)} your time`;
}

/** "10:00 AM EST (4:00 PM CET your time)": the firm's time, and the client's beside it when it differs. */
export function formatTimeFor(
  at: Date | string | number,
  firmZone: string,
  clientZone?: string | null,
): string {
  const mine = clientTime(at, firmZone, clientZone);
  return `${formatTime(at, firmZone)}${mine ? ` (${mine})` : ""}`;
}

/** "27 Nov 2026, 10:00 AM EST (4:00 PM CET your time)". */
export function formatDateTimeFor(
  at: Date | string | number,
  firmZone: string,
  clientZone?: string | null,
): string {
  const mine = clientTime(at, firmZone, clientZone);
  return `${formatDateTime(at, firmZone)}${mine ? ` (${mine})` : ""}`;
}

/** The zone this browser or process runs in, "" when Intl cannot say: only for a client's own time. */
export function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}
