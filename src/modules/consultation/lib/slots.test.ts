import { describe, expect, test } from "bun:test";
import { createBusinessClock, parseBusinessHours, type WeeklyHours } from "../../desk/lib/business-clock";
import { isTimeZone, labels, slotGrid } from "./slots";

const hours = (text: string): WeeklyHours => {
  const parsed = parseBusinessHours(text);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
};
const clockOf = (text: string, closures: string[] = []) =>
  createBusinessClock(
    { timeZone: "America/New_York", hours: hours(text), holidays: { country: "US" }, slaHours: 8 },
    () => new Set(closures),
  );
const iso = (ms: number) => new Date(ms).toISOString();

describe("the consultation's slot grid on the business clock", () => {
  test("two business hours of lead: Tuesday 10:00 offers 12:00 first; 16:00 offers the next morning at 10:00", () => {
    const clock = clockOf("Mon-Fri 09:00-17:00");
    // Tuesday 2026-11-17 10:00 EST.
    expect(iso(slotGrid(clock, new Date("2026-11-17T15:00:00Z"))[0]?.startMs ?? 0)).toBe(
      "2026-11-17T17:00:00.000Z",
    );
    // 16:00: one business hour today, one tomorrow: Wednesday 10:00.
    expect(iso(slotGrid(clock, new Date("2026-11-17T21:00:00Z"))[0]?.startMs ?? 0)).toBe(
      "2026-11-18T15:00:00.000Z",
    );
  });

  test("slots end by closing on a short day, on the quarter hours from an opening at :30", () => {
    const clock = clockOf("Mon-Thu 08:30-17:00, Fri 08:30-12:00");
    const grid = slotGrid(clock, new Date("2026-11-16T12:00:00Z"));
    const friday = grid.filter((s) => s.date === "2026-11-20");
    expect(friday).toHaveLength(14);
    expect(labels(friday[0]?.startMs ?? 0, "America/New_York").time).toBe("8:30 AM EST");
    expect(labels(friday[13]?.startMs ?? 0, "America/New_York").time).toBe("11:45 AM EST");
  });

  test("across the end of daylight saving time the wall-clock hours hold: 09:00 EDT, then 09:00 EST", () => {
    const clock = clockOf("Mon-Fri 09:00-17:00");
    // Thursday 2026-10-29, 07:00 EDT; daylight saving time ends Sunday 2026-11-01.
    const grid = slotGrid(clock, new Date("2026-10-29T11:00:00Z"));
    const first = (date: string) => iso(grid.find((s) => s.date === date)?.startMs ?? 0);
    expect(first("2026-10-30")).toBe("2026-10-30T13:00:00.000Z");
    expect(first("2026-11-02")).toBe("2026-11-02T14:00:00.000Z");
    expect(grid.filter((s) => s.date === "2026-11-02")).toHaveLength(32);
  });

  test("ten business days, closures and holidays not counted, and no day after them", () => {
    const clock = clockOf("Mon-Fri 09:00-17:00", ["2026-12-23"]);
    // Monday 2026-12-21 08:00 EST: the 23rd is closed, the 25th is Christmas, New Year's Day is a Friday.
    const days = [...new Set(slotGrid(clock, new Date("2026-12-21T13:00:00Z")).map((s) => s.date))];
    expect(days).toEqual([
      "2026-12-21",
      "2026-12-22",
      "2026-12-24",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-04",
      "2027-01-05",
      "2027-01-06",
    ]);
  });

  test("time zones: IANA names only", () => {
    for (const zone of ["Europe/London", "America/Argentina/Buenos_Aires", "UTC", "Asia/Kolkata"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", "Mars/Base", "+05:00", "Europe/London; DROP", "a".repeat(80), "../x"])
      expect(isTimeZone(zone)).toBe(false);
  });
});
