import { describe, expect, test } from "bun:test";
import {
  dayIn,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDateTimeFor,
  formatDay,
  formatTime,
  formatTimeFor,
  formatWeekday,
  formatWeekdayDateTime,
  formatWeekdayDay,
  formatWhen,
  isTimeZone,
  zoneLabel,
} from "./time-format";

const NY = "America/New_York";

describe("the one time formatter", () => {
  test("a day is written 27 Nov 2026, whatever zone reads it", () => {
    expect(formatDay("2026-11-27")).toBe("27 Nov 2026");
    expect(formatDay("2026-01-05")).toBe("5 Jan 2026");
  });

  test("a Friday evening in New York is still Friday there, though Saturday in UTC", () => {
    const friday = "2026-11-28T01:30:00.000Z"; // Friday 8:30 PM EST
    expect(formatDate(friday, NY)).toBe("27 Nov 2026");
    expect(formatTime(friday, NY)).toBe("8:30 PM EST");
    expect(formatDateTime(friday, NY)).toBe("27 Nov 2026, 8:30 PM EST");
    expect(formatDate(friday, "UTC")).toBe("28 Nov 2026");
  });

  test("the label follows the instant across the day DST ends: EDT before 2 AM, EST after", () => {
    // 1 November 2026: clocks go back from 2:00 AM EDT to 1:00 AM EST, so 1:30 AM happens twice.
    expect(formatTime("2026-11-01T05:30:00Z", NY)).toBe("1:30 AM EDT");
    expect(formatTime("2026-11-01T06:30:00Z", NY)).toBe("1:30 AM EST");
    expect(formatDateTime("2026-11-01T15:00:00Z", NY)).toBe("1 Nov 2026, 10:00 AM EST");
    expect(formatDateTime("2026-10-31T14:00:00Z", NY)).toBe("31 Oct 2026, 10:00 AM EDT");
    // And on the day DST begins the hour that does not exist is skipped: 1:59 AM EST, then 3:00 AM EDT.
    expect(formatTime("2026-03-08T06:59:00Z", NY)).toBe("1:59 AM EST");
    expect(formatTime("2026-03-08T07:00:00Z", NY)).toBe("3:00 AM EDT");
  });

  test("midnight and noon are 12:00 AM and 12:00 PM", () => {
    expect(formatTime("2026-11-27T05:00:00Z", NY)).toBe("12:00 AM EST");
    expect(formatTime("2026-11-27T17:00:00Z", NY)).toBe("12:00 PM EST");
  });

  test("zones are labelled by their abbreviation, or their GMT offset where they have none", () => {
    const winter = "2026-01-15T15:00:00Z";
    const summer = "2026-07-15T15:00:00Z";
    expect([zoneLabel(NY, winter), zoneLabel(NY, summer)]).toEqual(["EST", "EDT"]);
    expect([zoneLabel("Europe/Berlin", winter), zoneLabel("Europe/Berlin", summer)]).toEqual(["CET", "CEST"]);
    expect([zoneLabel("Europe/London", winter), zoneLabel("Europe/London", summer)]).toEqual(["GMT", "BST"]);
    expect(zoneLabel("America/Los_Angeles", winter)).toBe("PST");
    expect(zoneLabel("Asia/Tokyo", winter)).toBe("GMT+9");
    expect(zoneLabel("UTC", winter)).toBe("UTC");
  });

  test("a client in another zone sees their own time beside the firm's", () => {
    const at = "2026-11-27T15:00:00Z";
    expect(formatTimeFor(at, NY, "Europe/Berlin")).toBe("10:00 AM EST (4:00 PM CET your time)");
    expect(formatDateTimeFor(at, NY, "Europe/Berlin")).toBe(
      "27 Nov 2026, 10:00 AM EST (4:00 PM CET your time)",
    );
    // Tokyo is already on the next day: the day is said with the time.
    expect(formatTimeFor(at, NY, "Asia/Tokyo")).toBe("10:00 AM EST (28 Nov 2026, 12:00 AM GMT+9 your time)");
  });

  test("a client in the firm's zone, or in none known, sees the firm's time alone", () => {
    const at = "2026-11-27T15:00:00Z";
    expect(formatTimeFor(at, NY, NY)).toBe("10:00 AM EST");
    expect(formatTimeFor(at, NY, "America/Detroit")).toBe("10:00 AM EST");
    expect(formatTimeFor(at, NY, undefined)).toBe("10:00 AM EST");
    expect(formatTimeFor(at, NY, "Not/AZone")).toBe("10:00 AM EST");
  });

  test("the firm's day of an instant is a machine day, and zones are checked", () => {
    expect(dayIn("2026-11-28T02:00:00Z", NY)).toBe("2026-11-27");
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  test("a day keeps its weekday where the week matters: Tue 17 Nov 2026, or Tuesday, 17 Nov 2026", () => {
    expect(formatWeekday("2026-11-17")).toBe("Tue");
    expect(formatWeekday("2026-11-17", "long")).toBe("Tuesday");
    expect(formatWeekdayDay("2026-11-17")).toBe("Tue 17 Nov 2026");
    expect(formatWeekdayDay("2026-11-17", "long")).toBe("Tuesday, 17 Nov 2026");
    // 10:30 PM in New York is already Wednesday in UTC: the weekday is the firm's.
    expect(formatWeekdayDateTime("2026-11-18T03:30:00Z", NY)).toBe("Tue 17 Nov 2026, 10:30 PM EST");
    expect(formatWeekdayDateTime("2026-07-06T14:00:00Z", NY, "long")).toBe(
      "Monday, 6 Jul 2026, 10:00 AM EDT",
    );
  });

  test("a badge's time reads from today: today, tomorrow, yesterday, a weekday, then the whole date", () => {
    const now = "2026-11-23T15:00:00Z"; // Monday 10:00 AM EST
    expect(formatWhen("2026-11-23T22:00:00Z", NY, now)).toBe("5:00 PM EST");
    expect(formatWhen("2026-11-24T15:00:00Z", NY, now)).toBe("tomorrow 10:00 AM EST");
    expect(formatWhen("2026-11-22T22:00:00Z", NY, now)).toBe("yesterday 5:00 PM EST");
    expect(formatWhen("2026-11-27T20:00:00Z", NY, now)).toBe("Fri 3:00 PM EST");
    expect(formatWhen("2026-11-27T20:00:00Z", NY, now, "long")).toBe("Friday 3:00 PM EST");
    expect(formatWhen("2026-11-17T20:00:00Z", NY, now)).toBe("Tue 3:00 PM EST");
    expect(formatWhen("2026-11-30T21:00:00Z", NY, now)).toBe("Mon 30 Nov 2026, 4:00 PM EST");
    // Across the end of DST (1 Nov 2026) the days are counted on the calendar, not in 24-hour steps.
    expect(formatWhen("2026-11-02T14:00:00Z", NY, "2026-10-31T14:00:00Z")).toBe("Mon 9:00 AM EST");
  });

  test("a time in a weekly schedule is on the same 12-hour clock", () => {
    expect([0, 9 * 60, 12 * 60 + 30, 17 * 60, 23 * 60 + 59].map(formatClockTime)).toEqual([
      "12:00 AM",
      "9:00 AM",
      "12:30 PM",
      "5:00 PM",
      "11:59 PM",
    ]);
  });
});
