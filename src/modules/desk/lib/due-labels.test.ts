import { describe, expect, test } from "bun:test";
import { percentile } from "../service/due";
import { createBusinessClock, parseBusinessHours, type WeeklyHours } from "./business-clock";
import { dueStatus, firmDateTime, formatDuration } from "./due-labels";

const clock = createBusinessClock({
  timeZone: "America/New_York",
  hours: parseBusinessHours("Mon-Fri 09:00-17:00") as WeeklyHours,
  holidays: { country: "US" },
  slaHours: 8,
});
const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const request = (arrives: string, answered: string | null = null) => {
  const submittedAt = ny(arrives);
  return {
    submittedAt: submittedAt.toISOString(),
    respondBy: clock.dueAt(submittedAt).toISOString(),
    firstResponseAt: answered ? ny(answered).toISOString() : null,
  };
};

describe("due labels, as the list, the detail, the dashboard and the digest show them", () => {
  test("waiting: hours left today, tomorrow with the time, a weekday, a date further off", () => {
    const r = request("2026-11-23 10:00"); // due Tuesday 10:00
    expect(dueStatus(clock, r, ny("2026-11-24 07:00")).label).toBe("due in 3 h");
    expect(dueStatus(clock, r, ny("2026-11-24 09:35")).label).toBe("due in 25 m");
    expect(dueStatus(clock, r, ny("2026-11-23 10:00")).label).toBe("due tomorrow 10:00 AM EST");
    const beforeThanksgiving = request("2026-11-25 15:00"); // due Friday 15:00
    expect(dueStatus(clock, beforeThanksgiving, ny("2026-11-25 15:00")).label).toBe("due Fri 3:00 PM EST");
    const christmas = request("2026-12-24 16:00"); // due Monday 2026-12-28 16:00
    expect(dueStatus(clock, christmas, ny("2026-12-20 12:00")).label).toBe(
      "due Mon 28 Dec 2026, 4:00 PM EST",
    );
  });

  test("overdue: in business hours and minutes, or since when when none has passed", () => {
    const r = request("2026-11-20 16:30"); // due Monday 16:30
    expect(dueStatus(clock, r, ny("2026-11-24 11:00"))).toMatchObject({
      state: "overdue",
      label: "overdue by 2 business hours",
    });
    expect(dueStatus(clock, r, ny("2026-11-24 09:35")).label).toBe("overdue by 1 business hour");
    expect(dueStatus(clock, r, ny("2026-11-23 16:31")).label).toBe("overdue by 1 business minute");
    expect(dueStatus(clock, request("2026-11-23 09:00"), ny("2026-11-24 08:00")).label).toBe(
      "overdue since yesterday 5:00 PM EST",
    );
  });

  test("answered: business time from arrival, and whether it was late", () => {
    expect(dueStatus(clock, request("2026-11-20 16:30", "2026-11-23 11:10"), ny("2026-11-25 12:00"))).toEqual(
      {
        state: "answered",
        label: "answered in 2 h 40 m",
        dueText: "Mon 23 Nov 2026, 4:30 PM EST",
        late: false,
      },
    );
    expect(
      dueStatus(clock, request("2026-11-17 10:00", "2026-11-18 11:00"), ny("2026-11-19 12:00")),
    ).toMatchObject({
      label: "answered in 9 h",
      late: true,
    });
    expect(
      dueStatus(clock, request("2026-11-21 10:00", "2026-11-21 12:00"), ny("2026-11-23 12:00")).label,
    ).toBe("answered before business hours began");
    expect(
      dueStatus(clock, request("2026-11-23 10:00", "2026-11-23 10:00"), ny("2026-11-23 12:00")).label,
    ).toBe("answered in under a minute");
  });

  test("durations and firm times are written the same way everywhere", () => {
    expect([0, 45, 60, 100, 8 * 60, 25 * 60 + 5].map(formatDuration)).toEqual([
      "0 m",
      "45 m",
      "1 h",
      "1 h 40 m",
      "8 h",
      "25 h 5 m",
    ]);
    expect(firmDateTime(clock, new Date("2026-07-06T14:00:00Z"))).toBe("Mon 6 Jul 2026, 10:00 AM EDT");
  });

  test("median and 90th percentile by nearest rank", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([30], 0.9)).toBe(30);
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.9)).toBe(90);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
  });
});
