import { describe, expect, test } from "bun:test";
import { archiveName, archiveTime, backupSettings, cronMatches, parseCron, parseKeep, toKeep } from "./model";

const TZ = "America/New_York";
const DAY = 86_400_000;

describe("the keep rule", () => {
  test("a year of nightly backups keeps 7 daily, 4 weekly and 12 monthly, newest of each", () => {
    // 02:30 New York each night from 2025-01-01 for 400 nights.
    const start = Date.parse("2025-01-01T07:30:00Z");
    const items = Array.from({ length: 400 }, (_, i) => {
      const at = new Date(start + i * DAY);
      return { name: archiveName(at), at };
    });
    const kept = [...toKeep(items, { daily: 7, weekly: 4, monthly: 12 }, TZ)].map(
      (n) => archiveTime(n)?.toISOString().slice(0, 10) as string,
    );
    kept.sort();
    // The last night is 2026-02-04 (a Wednesday): seven days back, the newest of this week and of the three
    // before it (their Sundays), and the newest of this month and of the eleven before it (their last nights).
    expect(kept).toEqual([
      "2025-03-31",
      "2025-04-30",
      "2025-05-31",
      "2025-06-30",
      "2025-07-31",
      "2025-08-31",
      "2025-09-30",
      "2025-10-31",
      "2025-11-30",
      "2025-12-31",
      "2026-01-18",
      "2026-01-25",
      "2026-01-29",
      "2026-01-30",
      "2026-01-31",
      "2026-02-01",
      "2026-02-02",
      "2026-02-03",
      "2026-02-04",
    ]);
  });

  test("days are the firm's: two backups either side of New York's midnight are two days", () => {
    const a = new Date("2025-06-02T03:59:00Z"); // 23:59 on the 1st in New York
    const b = new Date("2025-06-02T04:01:00Z"); // 00:01 on the 2nd
    const kept = toKeep(
      [
        { name: "a", at: a },
        { name: "b", at: b },
      ],
      { daily: 2, weekly: 0, monthly: 0 },
      TZ,
    );
    expect([...kept].sort()).toEqual(["a", "b"]);
    // In UTC both are on the 2nd: one day, the newer kept.
    expect([
      ...toKeep(
        [
          { name: "a", at: a },
          { name: "b", at: b },
        ],
        { daily: 2, weekly: 0, monthly: 0 },
        "UTC",
      ),
    ]).toEqual(["b"]);
  });
});

describe("the schedule's settings", () => {
  test("daily by default at 02:30 on the firm's clock, a cron expression, or off", () => {
    const base = { dataDir: "/srv/data", timeZone: TZ };
    const daily = backupSettings({}, base);
    expect(daily.schedule?.source).toBe("30 2 * * *");
    expect(daily.dir).toBe("/srv/data/backups");
    expect(daily.keep).toEqual({ daily: 7, weekly: 4, monthly: 12 });
    expect(cronMatches(daily.schedule as never, new Date("2025-01-15T07:30:00Z"), TZ)).toBe(true);
    expect(cronMatches(daily.schedule as never, new Date("2025-07-15T06:30:00Z"), TZ)).toBe(true);
    expect(cronMatches(daily.schedule as never, new Date("2025-07-15T07:30:00Z"), TZ)).toBe(false);
    expect(backupSettings({ BACKUP_SCHEDULE: "off" }, base).schedule).toBeNull();
    const weekdays = parseCron("15 */6 * * 1-5");
    expect(cronMatches(weekdays, new Date("2025-01-13T17:15:00Z"), TZ)).toBe(true); // Mon 12:15
    expect(cronMatches(weekdays, new Date("2025-01-12T17:15:00Z"), TZ)).toBe(false); // Sun
    expect(parseKeep("3 daily, 2 monthly")).toEqual({ daily: 3, weekly: 0, monthly: 2 });
    const s3 = backupSettings(
      { BACKUP_S3_URL: "s3://firm-backups/tracewell/", S3_ENDPOINT: "http://127.0.0.1:9" },
      base,
    );
    expect(s3.s3).toMatchObject({
      bucket: "firm-backups",
      prefix: "tracewell/",
      endpoint: "http://127.0.0.1:9",
    });
  });

  test("a bad value names its variable", () => {
    const base = { dataDir: "/d", timeZone: TZ };
    expect(() => backupSettings({ BACKUP_SCHEDULE: "at night" }, base)).toThrow(/BACKUP_SCHEDULE/);
    expect(() => backupSettings({ BACKUP_SCHEDULE: "61 * * * *" }, base)).toThrow(/minute/);
    expect(() => backupSettings({ BACKUP_KEEP: "forever" }, base)).toThrow(/BACKUP_KEEP/);
    expect(() => backupSettings({ BACKUP_KEEP: "0 daily" }, base)).toThrow(/BACKUP_KEEP/);
    expect(() => backupSettings({ BACKUP_S3_URL: "https://bucket" }, base)).toThrow(/BACKUP_S3_URL/);
  });
});
