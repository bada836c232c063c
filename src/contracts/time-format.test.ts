import { describe, expect, test } from "bun:test";
import {
  dayIn,
  formatDate,
  formatDateTime,
  formatDateTimeFor,
  formatDay,
  formatTime,
  formatTimeFor,
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
});
