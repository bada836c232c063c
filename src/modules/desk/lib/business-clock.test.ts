import { describe, expect, test } from "bun:test";
import {
  type ClockSettings,
  createBusinessClock,
  describeHours,
  parseBusinessHours,
  parseHolidayRegion,
  type WeeklyHours,
} from "./business-clock";

const hours = (text: string): WeeklyHours => {
  const parsed = parseBusinessHours(text);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
};

const DEFAULTS: ClockSettings = {
  timeZone: "America/New_York",
  hours: hours("Mon-Fri 09:00-17:00"),
  holidays: { country: "US" },
  slaHours: 8,
};

/** "2026-11-17 10:00" in the firm's zone → the instant, through the clock itself. */
const at = (clock: ReturnType<typeof createBusinessClock>, local: string) => {
  const [date = "", time = "00:00"] = local.split(" ");
  const [h, m] = time.split(":").map(Number);
  return clock.instant(date, (h ?? 0) * 60 + (m ?? 0));
};
/** The instant back as "2026-11-17 10:00" in the firm's zone. */
const show = (clock: ReturnType<typeof createBusinessClock>, d: Date) => {
  const l = clock.local(d);
  return `${l.date} ${String(Math.floor(l.minutes / 60)).padStart(2, "0")}:${String(l.minutes % 60).padStart(2, "0")}`;
};

describe("due times with the defaults (New York, Mon-Fri 09:00-17:00, US holidays, 8 hours)", () => {
  const clock = createBusinessClock(DEFAULTS);
  // The table, row by row.
  test.each([
    ["2026-11-17 10:00", "2026-11-18 10:00", "Tuesday morning: the same time next business day"],
    ["2026-11-23 08:00", "2026-11-23 17:00", "before opening: counts from 09:00"],
    ["2026-11-20 16:30", "2026-11-23 16:30", "Friday afternoon: over the weekend"],
    ["2026-11-21 11:00", "2026-11-23 17:00", "Saturday: counts from Monday's opening"],
    ["2026-11-25 15:00", "2026-11-27 15:00", "Thanksgiving Thursday is skipped, the day after is not"],
    ["2026-12-24 16:00", "2026-12-28 16:00", "Christmas Eve is open, Christmas Friday is skipped"],
  ])("arrives %s, due %s (%s)", (arrives, due) => {
    expect(show(clock, clock.dueAt(at(clock, arrives)))).toBe(due);
  });

  test("more rows: after closing, exactly at opening and closing, a Monday holiday, New Year", () => {
    const due = (arrives: string) => show(clock, clock.dueAt(at(clock, arrives)));
    expect(due("2026-11-17 18:30")).toBe("2026-11-18 17:00");
    expect(due("2026-11-17 09:00")).toBe("2026-11-17 17:00");
    expect(due("2026-11-17 17:00")).toBe("2026-11-18 17:00");
    // Martin Luther King Jr. Day, Monday 2026-01-19.
    expect(due("2026-01-16 12:00")).toBe("2026-01-20 12:00");
    // New Year's Day is a Friday in 2027: Thursday 2026-12-31 afternoon runs to Monday.
    expect(due("2026-12-31 13:00")).toBe("2027-01-04 13:00");
  });

  test("a substitute day is a holiday: Independence Day 2026 falls on a Saturday, Friday July 3 is off", () => {
    expect(clock.publicHoliday("2026-07-03")?.name).toContain("substitute");
    expect(show(clock, clock.dueAt(at(clock, "2026-07-02 10:00")))).toBe("2026-07-06 10:00");
  });

  test("observances are not holidays: Tax Day, the day after Thanksgiving", () => {
    for (const date of ["2026-04-15", "2026-11-27"]) {
      expect(clock.publicHoliday(date)).toBeUndefined();
      expect(clock.isBusinessDay(date)).toBe(true);
    }
  });

  test("the instants are real UTC instants (New York is UTC-5 in November)", () => {
    expect(clock.dueAt(new Date("2026-11-17T15:00:00Z")).toISOString()).toBe("2026-11-18T15:00:00.000Z");
  });
});

describe("daylight saving", () => {
  const clock = createBusinessClock(DEFAULTS);

  test("spring forward (Sunday 2026-03-08): Friday 15:00 EST is due Monday 15:00 EDT, an hour earlier in UTC", () => {
    const arrives = new Date("2026-03-06T20:00:00Z"); // 15:00 EST
    const due = clock.dueAt(arrives);
    expect(due.toISOString()).toBe("2026-03-09T19:00:00.000Z"); // 15:00 EDT
    expect(show(clock, due)).toBe("2026-03-09 15:00");
    expect(clock.businessMinutesBetween(arrives, due)).toBe(8 * 60);
  });

  test("fall back (Sunday 2026-11-01): Friday 12:00 EDT is due Monday 12:00 EST", () => {
    const arrives = new Date("2026-10-30T16:00:00Z"); // 12:00 EDT
    const due = clock.dueAt(arrives);
    expect(due.toISOString()).toBe("2026-11-02T17:00:00.000Z"); // 12:00 EST
    expect(clock.businessMinutesBetween(arrives, due)).toBe(8 * 60);
  });

  test("an arrival in the repeated hour of the fall-back night counts from Monday's opening", () => {
    // 01:30 EDT and 01:30 EST both happen on 2026-11-01 (a Sunday).
    expect(show(clock, clock.dueAt(new Date("2026-11-01T05:30:00Z")))).toBe("2026-11-02 17:00");
    expect(show(clock, clock.dueAt(new Date("2026-11-01T06:30:00Z")))).toBe("2026-11-02 17:00");
  });

  test("Europe/London changes on another Sunday (2026-03-29) and the clock follows the zone it is given", () => {
    const london = createBusinessClock({
      ...DEFAULTS,
      timeZone: "Europe/London",
      holidays: { country: "GB" },
    });
    const due = london.dueAt(new Date("2026-03-27T14:00:00Z")); // Friday 14:00 GMT
    expect(due.toISOString()).toBe("2026-03-30T13:00:00.000Z"); // Monday 14:00 BST
  });
});

describe("closures set by staff", () => {
  test("a closure day is skipped like a holiday, and removing it applies at once", () => {
    const closed = new Set<string>(["2026-11-18"]);
    const clock = createBusinessClock(DEFAULTS, () => closed);
    const arrives = at(clock, "2026-11-17 10:00");
    expect(show(clock, clock.dueAt(arrives))).toBe("2026-11-19 10:00");
    expect(clock.isBusinessDay("2026-11-18")).toBe(false);
    closed.delete("2026-11-18");
    expect(show(clock, clock.dueAt(arrives))).toBe("2026-11-18 10:00");
  });

  test("a closed week before Christmas pushes a Friday request past the holiday", () => {
    const closed = new Set(["2026-12-21", "2026-12-22", "2026-12-23", "2026-12-24"]);
    const clock = createBusinessClock(DEFAULTS, () => closed);
    expect(show(clock, clock.dueAt(at(clock, "2026-12-18 16:00")))).toBe("2026-12-28 16:00");
  });
});

describe("a custom BUSINESS_HOURS", () => {
  test("longer days Monday to Thursday, a short Friday, and Saturday mornings", () => {
    const clock = createBusinessClock({
      ...DEFAULTS,
      hours: hours("Mon-Thu 08:00-18:00, Fri 08:00-12:00, Sat 10:00-12:00"),
    });
    // Thursday 16:00: 2 h Thursday, 4 h Friday, 2 h Saturday → Saturday 12:00.
    expect(show(clock, clock.dueAt(at(clock, "2026-11-19 16:00")))).toBe("2026-11-21 12:00");
    // Friday 11:00: 1 h Friday, 2 h Saturday, 5 h Monday → Monday 13:00.
    expect(show(clock, clock.dueAt(at(clock, "2026-11-20 11:00")))).toBe("2026-11-23 13:00");
  });

  test("a round-the-clock desk with a 4-hour target and no holidays", () => {
    const clock = createBusinessClock({
      timeZone: "UTC",
      hours: hours("Mon-Sun 00:00-24:00"),
      holidays: null,
      slaHours: 4,
    });
    expect(clock.dueAt(new Date("2026-12-24T22:00:00Z")).toISOString()).toBe("2026-12-25T02:00:00.000Z");
  });

  test("business minutes between two instants skip nights, weekends and holidays", () => {
    const clock = createBusinessClock(DEFAULTS);
    // Wednesday 16:00 → Friday 10:40 around Thanksgiving: 60 + 100 minutes.
    expect(clock.businessMinutesBetween(at(clock, "2026-11-25 16:00"), at(clock, "2026-11-27 10:40"))).toBe(
      160,
    );
    expect(clock.businessMinutesBetween(at(clock, "2026-11-21 10:00"), at(clock, "2026-11-22 10:00"))).toBe(
      0,
    );
    expect(clock.businessMinutesBetween(at(clock, "2026-11-27 10:00"), at(clock, "2026-11-25 10:00"))).toBe(
      0,
    );
  });
});

describe("reading the settings", () => {
  test("BUSINESS_HOURS forms and the messages for wrong ones", () => {
    expect(describeHours(hours("Mon-Fri 09:00-17:00"))).toBe("Mon-Fri 9:00 AM-5:00 PM");
    expect(describeHours(hours("fri 08:00-12:00, Mon-Thu 08:00-18:00"))).toBe(
      "Mon-Thu 8:00 AM-6:00 PM, Fri 8:00 AM-12:00 PM",
    );
    expect(describeHours(hours("Fri-Mon 10:00-14:00"))).toBe(
      "Mon 10:00 AM-2:00 PM, Fri-Sun 10:00 AM-2:00 PM",
    );
    expect(parseBusinessHours("weekdays 9-5")).toContain("is not like");
    expect(parseBusinessHours("Mon-Fry 09:00-17:00")).toContain("unknown day");
    expect(parseBusinessHours("Mon-Fri 17:00-09:00")).toContain("closes before it opens");
    expect(parseBusinessHours("Mon-Fri 09:00-25:00")).toContain("HH:MM");
    expect(parseBusinessHours("Mon-Fri 09:00-17:00, Fri 10:00-12:00")).toContain("Fri hours twice");
    expect(parseBusinessHours(" ")).toContain("must name days");
  });

  test("HOLIDAYS: a country, a country-state, none, and unknown ones", () => {
    expect(parseHolidayRegion("US")).toEqual({ country: "US" });
    expect(parseHolidayRegion("us-ny")).toEqual({ country: "US", state: "NY" });
    expect(parseHolidayRegion("none")).toBeNull();
    expect(parseHolidayRegion("XX")).toContain("not a country");
    expect(parseHolidayRegion("US-ZZ")).toContain("not a state");
    expect(parseHolidayRegion("United States")).toContain("country code");
  });

  test("a state's own public holidays count: Lincoln's Birthday in New York, not federally", () => {
    const ny = createBusinessClock({ ...DEFAULTS, holidays: { country: "US", state: "NY" } });
    const us = createBusinessClock(DEFAULTS);
    expect(ny.isBusinessDay("2026-02-12")).toBe(false);
    expect(us.isBusinessDay("2026-02-12")).toBe(true);
  });
});
