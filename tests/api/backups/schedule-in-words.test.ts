import { describe, expect, test } from "bun:test";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

/**
 * The Backups view says the schedule in words, on the firm's clock, as the screen shows it (issue 43): the default
 * schedule here (BACKUP_SCHEDULE is read from the process's environment); every wording is in
 * src/contracts/schedule-words.test.ts.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
// A July afternoon in New York: the next 02:30 is under EDT.
const clock = new Date("2026-07-14T18:00:00Z");

describe("GET /api/admin/backups", () => {
  test("gives the schedule in words beside its cron fields, the zone's label that of the next run", async () => {
    const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock });
    const cookie = await signIn(request, USER, PASSWORD);
    const view = (await (await request("/api/admin/backups", withCookie(cookie))).json()) as Record<
      string,
      unknown
    >;
    expect(view).toMatchObject({
      schedule: "30 2 * * *",
      scheduleInWords: "Every day at 2:30 AM EDT",
      timeZone: "America/New_York",
    });
  });
});
