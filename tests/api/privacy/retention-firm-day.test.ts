import { describe, expect, test } from "bun:test";
import type { RetentionView } from "../../../src/contracts/privacy";
import { purgeLabel } from "../../../web/admin/privacy/privacy-api";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * Retention counts the firm's days (ADR 280), New York's here: the admin's list of next purges, its labels and
 * the purge itself turn over at the firm's midnight, not at UTC's, which comes at 19:00 or 20:00 in New York.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-01-09T15:00:00.000Z") }; // 10:00 EST on Friday 9 January 2026
const { app, request, db } = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    REQUIRE_MFA: "false",
    FIRM_TIMEZONE: "America/New_York",
  },
  { now: () => clock.at },
);
const retention = app.decorator.retention;
const SIGN_IN_TIMEOUT = 20_000;

/** The admin's view at the clock's time, signed in then (a jump of a year ends the last session). */
async function viewNow(): Promise<RetentionView> {
  const cookie = await signIn(request, USER, PASSWORD);
  return (await (await request("/api/admin/retention", withCookie(cookie))).json()) as RetentionView;
}

async function declinedAt(at: string, n: number) {
  clock.at = new Date(at);
  const cookie = await signIn(request, USER, PASSWORD);
  const { id, reference } = await fileIntake({ request, db }, clock.at, {
    name: "Evander Firmday",
    email: `evander${n}@firmday.example`,
  });
  const res = await request(
    `/api/admin/submissions/${id}`,
    withCookie(cookie, { ...post({ status: "declined", note: "Out of scope." }), method: "PATCH" }),
  );
  expect(res.status).toBe(200);
  return reference;
}
const stillKept = (reference: string) =>
  db.query("SELECT 1 FROM contact_submissions WHERE reference = ?").get(reference) !== null;

describe("retention on the firm's calendar", () => {
  test(
    "at 21:00 in New York the evening before the purge date, the list says the day to come, not today, and the purge keeps it",
    async () => {
      // Declined on the morning of the 9th, and at 21:30 on the 9th (already the 10th in UTC): both the firm's 9th.
      const morning = await declinedAt("2026-01-09T15:00:00.000Z", 1);
      const evening = await declinedAt("2026-01-10T02:30:00.000Z", 2);

      // 21:00 EST on 8 January 2027; UTC's date is already the 9th, the purge date.
      clock.at = new Date("2027-01-09T02:00:00.000Z");
      const eve = await viewNow();
      expect(eve.today).toBe("2027-01-08");
      expect(eve.upcoming.map((p) => [p.reference, p.deleteOn])).toEqual([
        [morning, "2027-01-09"],
        [evening, "2027-01-09"],
      ]);
      expect(eve.upcoming.map((p) => purgeLabel(p.deleteOn, eve.today))).toEqual([
        "Deleted on 9 Jan 2027",
        "Deleted on 9 Jan 2027",
      ]);
      // And it is so: the purge that runs this evening deletes neither.
      expect(retention.purge().deleted).toEqual([]);
      expect(stillKept(morning) && stillKept(evening)).toBe(true);

      // Midnight in New York: the purge date has come, on the list and for the purge.
      clock.at = new Date("2027-01-09T05:00:00.000Z");
      const day = await viewNow();
      expect(day.today).toBe("2027-01-09");
      expect(day.upcoming.map((p) => purgeLabel(p.deleteOn, day.today))).toEqual([
        "Due: deleted at the next purge",
        "Due: deleted at the next purge",
      ]);
      expect(retention.runIfDue()).toBe(true);
      expect([stillKept(morning), stillKept(evening)]).toEqual([false, false]);
    },
    SIGN_IN_TIMEOUT * 2,
  );
});
