import { describe, expect, test } from "bun:test";
import { parseSchedule } from "./firm-calendar";
import { scheduleInWords } from "./schedule-words";

const NY = "America/New_York";
const WINTER = new Date("2026-12-02T15:00:00Z");
const SUMMER = new Date("2026-07-02T15:00:00Z");
const words = (cron: string, now = WINTER, zone = NY) => scheduleInWords(parseSchedule(cron), zone, now);

describe("a schedule in words on the firm's clock", () => {
  test("the default daily backup, with the zone's label of the next run", () => {
    expect(words("30 2 * * *")).toBe("Every day at 2:30 AM EST");
    expect(words("30 2 * * *", SUMMER)).toBe("Every day at 2:30 AM EDT");
    // The night the clocks go back (1 Nov 2026): tonight's run is the first under EST.
    expect(words("30 2 * * *", new Date("2026-11-01T04:00:00Z"))).toBe("Every day at 2:30 AM EST");
    expect(words("0 3 * * *", SUMMER, "Europe/Berlin")).toBe("Every day at 3:00 AM CEST");
    expect(words("0 0 * * *")).toBe("Every day at 12:00 AM EST");
    expect(words("0 12 * * *")).toBe("Every day at 12:00 PM EST");
  });

  test("several times a day, hours, minutes", () => {
    expect(words("0 2,14 * * *")).toBe("Every day at 2:00 AM and 2:00 PM EST");
    expect(words("0 */6 * * *")).toBe("Every day at 12:00 AM, 6:00 AM, 12:00 PM and 6:00 PM EST");
    expect(words("0 */2 * * *")).toBe("Every 2 hours from 12:00 AM (12 times a day), EST");
    expect(words("15 * * * *")).toBe("Every hour at 15 minutes past (EST)");
    expect(words("0 * * * *")).toBe("Every hour, on the hour (EST)");
    expect(words("*/15 * * * *")).toBe("Every 15 minutes (EST)");
    expect(words("* * * * *")).toBe("Every minute (EST)");
  });

  test("days of the week and of the month, months", () => {
    expect(words("30 2 * * 1-5")).toBe("Every weekday (Monday to Friday) at 2:30 AM EST");
    expect(words("0 4 * * 0")).toBe("Every Sunday at 4:00 AM EST");
    expect(words("0 4 * * 7")).toBe("Every Sunday at 4:00 AM EST");
    expect(words("0 4 * * 1,4")).toBe("Every Monday and Thursday at 4:00 AM EST");
    expect(words("0 1 1 * *")).toBe("On the 1st of every month at 1:00 AM EST");
    expect(words("0 1 1,15 * *")).toBe("On the 1st and 15th of every month at 1:00 AM EST");
    expect(words("0 1 2,3,11,22,23 * *")).toBe(
      "On the 2nd, 3rd, 11th, 22nd and 23rd of every month at 1:00 AM EST",
    );
    expect(words("0 1 1 1,7 *")).toBe("On the 1st of the month in January and July at 1:00 AM EST");
    // The next run is 1 March, before the clocks go forward on the 14th.
    expect(words("0 1 * 3 *")).toBe("Every day in March at 1:00 AM EST");
    // Cron's rule when both day fields are given: either names the day.
    expect(words("0 3 1 * 1")).toBe("On the 1st of every month and every Monday at 3:00 AM EST");
    expect(words("*/30 * * * 1-5")).toBe("Every weekday (Monday to Friday), every 30 minutes (EST)");
  });

  test("what has no short wording is named by its fields, and off is Off", () => {
    expect(words("5,35 1,13 * * *")).toBe('On the schedule "5,35 1,13 * * *" (EST)');
    expect(words("0 1,2,3,5,8 * * *")).toBe('On the schedule "0 1,2,3,5,8 * * *" (EST)');
    expect(scheduleInWords(null, NY, WINTER)).toBe("Off");
  });
});
