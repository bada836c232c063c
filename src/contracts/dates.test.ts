import { expect, test } from "bun:test";
import * as v from "valibot";
import { calendarDate, instant, isCalendarDate, isInstant, noSuchDay } from "./dates";

test("a date is a day that exists: month lengths, leap years, no month 0 or 13, no day 0", () => {
  const real = ["2026-01-31", "2026-02-28", "2024-02-29", "2000-02-29", "2026-04-30", "2026-12-31"];
  const impossible = ["2026-02-29", "1900-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10"];
  const malformed = ["2026-01-00", "2026-1-5", "26-01-05", "2026-01-05 ", "2026/01/05", ""];
  expect(real.filter((d) => !isCalendarDate(d))).toEqual([]);
  expect([...impossible, ...malformed].filter(isCalendarDate)).toEqual([]);
});

test("an instant has a real day, a time of day that exists and its zone", () => {
  const real = ["2026-03-02T15:00:00.000Z", "2026-03-02T10:00-05:00", "2024-02-29T23:59:59+14:00"];
  const not = [
    "2026-02-30T15:00:00Z",
    "2026-13-01T15:00:00Z",
    "2026-03-02T24:00:00Z",
    "2026-03-02T10:60:00Z",
    "2026-03-02T10:00:60Z",
    "2026-03-02T10:00:00",
    "2026-03-02T10:00:00+24:00",
    "2026-03-02",
  ];
  expect(real.filter((s) => !isInstant(s))).toEqual([]);
  expect(not.filter(isInstant)).toEqual([]);
});

test("the refusal names the day that does not exist, else gives the field's own message", () => {
  const message = (schema: v.GenericSchema, input: unknown) => {
    const parsed = v.safeParse(schema, input);
    return parsed.success ? null : parsed.issues[0]?.message;
  };
  const date = calendarDate("Enter the date as YYYY-MM-DD");
  expect(message(date, "2026-02-30")).toBe(noSuchDay("2026-02-30"));
  expect(message(date, "2026-13-01")).toBe("There is no 2026-13-01 on the calendar");
  expect(message(date, "24/12/2026")).toBe("Enter the date as YYYY-MM-DD");
  expect(message(date, 20261224)).toBe("Enter the date as YYYY-MM-DD");
  expect(v.parse(date, " 2026-12-24 ")).toBe("2026-12-24");

  const at = instant("Enter a date and time");
  expect(message(at, "2026-02-30T15:00:00Z")).toBe(noSuchDay("2026-02-30"));
  expect(message(at, "2026-03-02T24:00:00Z")).toBe("Enter a date and time");
  expect(v.parse(at, "2026-03-02T10:00-05:00")).toBe("2026-03-02T15:00:00.000Z");
});
