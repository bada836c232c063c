/**
 * Time worked as staff type it (ADR 292): "1:30" (hours and minutes), "1.5 h", "1 h 30 min", "90 min" or a bare
 * "90" (minutes), read as whole minutes. One pure function, so the desk's field, its message and the tests agree
 * on what a duration is; the API takes the minutes it answers. Decimal hours must come to whole minutes ("1.33 h"
 * is 79.8 minutes and is refused rather than rounded: the entry bills exactly what it says).
 */

/** The most one entry records: a day's work. */
export const DURATION_MAX_MINUTES = 24 * 60;

export const DURATION_MESSAGES = {
  format: "Time must be hours and minutes (1:30), hours (1.5 h) or minutes (90 min)",
  clock: "Minutes after the colon must be 00 to 59 (1:30 is an hour and a half)",
  whole: (text: string) => `${text} is not a whole number of minutes: type it as hours and minutes (1:20)`,
  range: `Time must be from 1 minute to ${DURATION_MAX_MINUTES / 60} hours`,
} as const;

export type DurationRead = { ok: true; minutes: number } | { ok: false; message: string };

const HOURS = "(?:h|hr|hrs|hour|hours)";
const MINUTES = "(?:m|min|mins|minute|minutes)";
const NUMBER = "(\\d+(?:\\.\\d+)?|\\.\\d+)";
const CLOCK = /^(\d{1,2}):(\d{2})$/;
const HOURS_ONLY = new RegExp(`^${NUMBER}\\s*${HOURS}$`);
const MINUTES_ONLY = new RegExp(`^(\\d+)\\s*(?:${MINUTES})?$`);
const BOTH = new RegExp(`^(\\d+)\\s*${HOURS}\\s*(\\d+)\\s*${MINUTES}$`);

/**
 * Decimal hours as whole minutes, exactly or not at all: "1.25" is 75, "1.33" is null. Read from the digits (an
 * hour is 60 minutes, so hundredths of an hour are 0.6 of a minute), never through a float's rounding.
 */
function hoursAsMinutes(text: string): number | null {
  const [whole = "", fraction = ""] = text.split(".");
  const digits = fraction.replace(/0+$/, "");
  if (digits.length > 6) return null;
  const scale = 10 ** digits.length;
  const scaled = (Number(whole || "0") * scale + Number(digits || "0")) * 60;
  return scaled % scale === 0 ? scaled / scale : null;
}

const within = (minutes: number): DurationRead =>
  minutes >= 1 && minutes <= DURATION_MAX_MINUTES
    ? { ok: true, minutes }
    : { ok: false, message: DURATION_MESSAGES.range };

/** Reads a typed duration; a refusal says how to write one. Case and spaces around the parts do not matter. */
export function parseDuration(typed: string): DurationRead {
  const text = typed.trim().toLowerCase().replace(/\s+/g, " ");
  const clock = CLOCK.exec(text);
  if (clock) {
    const minutes = Number(clock[2]);
    if (minutes > 59) return { ok: false, message: DURATION_MESSAGES.clock };
    return within(Number(clock[1]) * 60 + minutes);
  }
  const both = BOTH.exec(text);
  if (both) {
    const minutes = Number(both[2]);
    if (minutes > 59) return { ok: false, message: DURATION_MESSAGES.clock };
    return within(Number(both[1]) * 60 + minutes);
  }
  const hours = HOURS_ONLY.exec(text);
  if (hours) {
    const minutes = hoursAsMinutes(hours[1] ?? "");
    return minutes === null ? { ok: false, message: DURATION_MESSAGES.whole(typed.trim()) } : within(minutes);
  }
  const minutes = MINUTES_ONLY.exec(text);
  if (minutes) return within(Number(minutes[1]));
  return { ok: false, message: DURATION_MESSAGES.format };
}

/** Minutes as the ledger writes them beside an entry: "1 h 30 min", "45 min", "2 h". */
export function formatDuration(minutes: number): string {
  const m = minutes % 60;
  const h = (minutes - m) / 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ") || "0 min";
}
