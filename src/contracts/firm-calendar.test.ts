import { describe, expect, test } from "bun:test";
import {
  addBusinessDays,
  addDays,
  addMonths,
  daysBetween,
  firmToday,
  instantAt,
  lastRunAtOrBefore,
  monthEnd,
  nextRunAfter,
  parseSchedule,
  ScheduleError,
  scheduleNamesDay,
  weekdayOf,
} from "./firm-calendar";

const NY = "America/New_York";
const BERLIN = "Europe/Berlin";
const MINUTE = 60_000;

/**
 * Every instant the schedule runs at between two instants, as the server's timer finds them: each minute it asks
 * for the latest run at or before now and counts it once. The clock is injected; the walk is the day itself.
 */
function runsBetween(source: string, timeZone: string, from: string, to: string): string[] {
  const schedule = parseSchedule(source);
  const runs: string[] = [];
  let last = lastRunAtOrBefore(schedule, timeZone, new Date(from))?.getTime() ?? 0;
  for (let t = Date.parse(from); t <= Date.parse(to); t += MINUTE) {
    const at = lastRunAtOrBefore(schedule, timeZone, new Date(t));
    if (at && at.getTime() > last) {
      last = at.getTime();
      runs.push(`${new Date(t).toISOString()} for ${at.toISOString()}`);
    }
  }
  return runs;
}

describe("the firm's clock on the days it changes", () => {
  test("spring forward in New York: 02:30 does not exist and runs at 03:00 EDT, exactly once", () => {
    // 2026-03-08: at 02:00 EST the clock reads 03:00 EDT (07:00Z).
    expect(instantAt("2026-03-08", 150, NY).toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(runsBetween("30 2 * * *", NY, "2026-03-07T12:00:00Z", "2026-03-09T12:00:00Z")).toEqual([
      "2026-03-08T07:00:00.000Z for 2026-03-08T07:00:00.000Z",
      "2026-03-09T06:30:00.000Z for 2026-03-09T06:30:00.000Z",
    ]);
  });

  test("spring forward in Berlin: 02:30 runs at 03:00 CEST, exactly once", () => {
    // 2026-03-29: at 02:00 CET the clock reads 03:00 CEST (01:00Z).
    expect(runsBetween("30 2 * * *", BERLIN, "2026-03-28T12:00:00Z", "2026-03-29T12:00:00Z")).toEqual([
      "2026-03-29T01:00:00.000Z for 2026-03-29T01:00:00.000Z",
    ]);
  });

  test("times the change skips run once at the first minute after it, with the time it lands on", () => {
    expect(runsBetween("*/20 2,3 * * *", NY, "2026-03-08T06:00:00Z", "2026-03-08T08:10:00Z")).toEqual([
      "2026-03-08T07:00:00.000Z for 2026-03-08T07:00:00.000Z",
      "2026-03-08T07:20:00.000Z for 2026-03-08T07:20:00.000Z",
      "2026-03-08T07:40:00.000Z for 2026-03-08T07:40:00.000Z",
    ]);
  });

  test("fall back in New York: 01:30 comes twice on the clock and runs once, at the first", () => {
    // 2026-11-01: 01:30 EDT is 05:30Z, 01:30 EST an hour later.
    expect(runsBetween("30 1 * * *", NY, "2026-10-31T12:00:00Z", "2026-11-01T12:00:00Z")).toEqual([
      "2026-11-01T05:30:00.000Z for 2026-11-01T05:30:00.000Z",
    ]);
  });

  test("fall back in Berlin: 02:30 comes twice and runs once, at the first", () => {
    // 2026-10-25: 02:30 CEST is 00:30Z, 02:30 CET 01:30Z.
    expect(runsBetween("30 2 * * *", BERLIN, "2026-10-24T12:00:00Z", "2026-10-25T12:00:00Z")).toEqual([
      "2026-10-25T00:30:00.000Z for 2026-10-25T00:30:00.000Z",
    ]);
  });

  test("the next run is read the same way", () => {
    const nightly = parseSchedule("30 2 * * *");
    expect(nextRunAfter(nightly, NY, new Date("2026-03-07T12:00:00Z"))?.toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    expect(
      nextRunAfter(parseSchedule("30 1 * * *"), NY, new Date("2026-11-01T05:30:00Z"))?.toISOString(),
    ).toBe("2026-11-02T06:30:00.000Z");
  });
});

describe("cron's day rule", () => {
  test("both day fields restricted: the 1st and every Monday", () => {
    const s = parseSchedule("0 3 1 * 1");
    // December 2026: Tuesday the 1st, Mondays the 7th, 14th, 21st, 28th.
    const days = Array.from({ length: 31 }, (_, i) => addDays("2026-12-01", i)).filter((d) =>
      scheduleNamesDay(s, d),
    );
    expect(days).toEqual(["2026-12-01", "2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"]);
    expect(runsBetween("0 3 1 * 1", NY, "2026-11-30T12:00:00Z", "2026-12-08T12:00:00Z")).toEqual([
      "2026-12-01T08:00:00.000Z for 2026-12-01T08:00:00.000Z",
      "2026-12-07T08:00:00.000Z for 2026-12-07T08:00:00.000Z",
    ]);
  });

  test("one day field a star: the other alone decides", () => {
    expect(scheduleNamesDay(parseSchedule("0 3 * * 1"), "2026-12-01")).toBe(false);
    expect(scheduleNamesDay(parseSchedule("0 3 * * 1"), "2026-12-07")).toBe(true);
    expect(scheduleNamesDay(parseSchedule("0 3 1 * *"), "2026-12-07")).toBe(false);
    expect(scheduleNamesDay(parseSchedule("0 3 1 * *"), "2026-12-01")).toBe(true);
  });

  test("a field that cannot be read says which", () => {
    expect(() => parseSchedule("61 * * * *")).toThrow(new ScheduleError('minute field "61" is outside 0-59'));
    expect(() => parseSchedule("* * * *")).toThrow(ScheduleError);
    expect(() => parseSchedule("* * * * mon")).toThrow(/day of week field "mon"/);
  });
});

describe("days and months", () => {
  test("the firm's today is its own date, not the UTC one", () => {
    // 21:00 in New York on 30 November is already 1 December in UTC.
    expect(firmToday(new Date("2026-12-01T02:00:00Z"), NY)).toBe("2026-11-30");
    expect(firmToday(new Date("2026-12-01T02:00:00Z"), BERLIN)).toBe("2026-12-01");
  });

  test("calendar days and months, across clock changes and month ends", () => {
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(weekdayOf("2026-12-01")).toBe(2);
    expect(weekdayOf("1969-12-31")).toBe(3);
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-01-31", -2)).toBe("2025-11-30");
    expect(monthEnd("2026-02-10")).toBe("2026-02-28");
  });
});

describe("business days", () => {
  // Weekends closed, and Thanksgiving 2026 (Thursday 26 November).
  const open = (day: string) => weekdayOf(day) !== 0 && weekdayOf(day) !== 6 && day !== "2026-11-26";
  test("the nth day the firm opens after a day: weekends and holidays skipped, the day itself never counted", () => {
    expect(addBusinessDays("2026-11-19", 1, open)).toBe("2026-11-20");
    expect(addBusinessDays("2026-11-20", 1, open)).toBe("2026-11-23");
    expect(addBusinessDays("2026-11-25", 1, open)).toBe("2026-11-27");
    expect(addBusinessDays("2026-11-19", 10, open)).toBe("2026-12-04");
    // From a Saturday: Monday is the first.
    expect(addBusinessDays("2026-11-21", 1, open)).toBe("2026-11-23");
  });
});
