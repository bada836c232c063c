import { beforeAll, describe, expect, test } from "bun:test";
import type { RetentionDryRun } from "../../../src/contracts/privacy";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * The retention dry run the Data & Privacy screen asks before a shorter policy is saved (issue 21): what the
 * proposed days would delete at the next purge, by count and reference, and that asking deletes nothing.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T09:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", REQUIRE_MFA: "false" },
  { now: () => clock.at },
);
const API = "/api/admin/retention";
const DRY_RUN = `${API}/dry-run`;
const SIGN_IN_TIMEOUT = 20_000;

let cookie = "";
const get = (path: string) => request(path, withCookie(cookie));
const patch = (path: string, body: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method: "PATCH" }));
const dryRun = (unengagedDays: number | string, engagedDays: number | string) =>
  get(`${DRY_RUN}?unengagedDays=${unengagedDays}&engagedDays=${engagedDays}`);
const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
const rowCounts = () => ({
  requests: count("SELECT count(*) AS n FROM contact_submissions"),
  notes: count("SELECT count(*) AS n FROM submission_notes"),
  receipts: count("SELECT count(*) AS n FROM audit_log WHERE event = 'retention.request_deleted'"),
});

const rows = { new: "", quoted: "", declined: "", closed: "", engaged: "" };

describe("the retention dry run", () => {
  test("401 without a session", async () => {
    expect((await request(`${DRY_RUN}?unengagedDays=30&engagedDays=2555`)).status).toBe(401);
  });

  // Before the tests below: a request in each status, decided on 2026-03-02.
  beforeAll(async () => {
    cookie = await signIn(request, USER, PASSWORD);
    let n = 0;
    for (const status of ["new", "quoted", "declined", "closed", "engaged"]) {
      const { id, reference } = await fileIntake({ request, db }, clock.at, {
        name: "Perpetua Dryrun",
        email: `perpetua${n++}@dryrun.example`,
      });
      const change = status === "new" ? { note: "Left a message." } : { status, note: "Decided." };
      expect((await patch(`/api/admin/submissions/${id}`, change)).status).toBe(200);
      rows[status as keyof typeof rows] = reference;
    }
    expect(rowCounts().requests).toBe(5);
  }, SIGN_IN_TIMEOUT);

  test(
    "40 days on, 30 days for ended requests would delete the declined and closed ones at once, and deletes nothing",
    async () => {
      clock.at = new Date("2026-04-11T10:00:00.000Z");
      cookie = await signIn(request, USER, PASSWORD);
      const before = rowCounts();
      const policyBefore = await (await get(API)).json();

      const res = await dryRun(30, 2555);
      expect(res.status).toBe(200);
      const body = (await res.json()) as RetentionDryRun;
      expect(body).toMatchObject({ asOf: "2026-04-11", unengagedDays: 30, engagedDays: 2555, count: 2 });
      expect(body.deletions.map((d) => d.reference).sort()).toEqual([rows.declined, rows.closed].sort());
      expect(body.deletions[0]).toMatchObject({ deleteOn: "2026-04-01", rule: "unengaged" });
      // The receipt-free answer names no one: references, statuses and dates only.
      expect(JSON.stringify(body)).not.toContain("Perpetua");

      // Asking changed nothing: every row is still there, no receipt, and the saved policy is as it was.
      expect(rowCounts()).toEqual(before);
      expect(await (await get(API)).json()).toEqual(policyBefore);
    },
    SIGN_IN_TIMEOUT,
  );

  test("engagements are counted by their own days; days not yet reached delete nothing", async () => {
    const before = rowCounts();
    const both = (await (await dryRun(30, 10)).json()) as RetentionDryRun;
    expect(both.count).toBe(3);
    expect(both.deletions.map((d) => d.reference).sort()).toEqual(
      [rows.declined, rows.closed, rows.engaged].sort(),
    );
    const none = (await (await dryRun(41, 41)).json()) as RetentionDryRun;
    expect(none).toMatchObject({ count: 0, deletions: [] });
    expect(rowCounts()).toEqual(before);
  });

  test("bad days get 422 with a message for the field, never a 5xx", async () => {
    for (const [u, e, field] of [
      [0, 2555, "unengagedDays"],
      ["abc", 2555, "unengagedDays"],
      [30, 36_501, "engagedDays"],
      [30, "1.5", "engagedDays"],
      [30, "", "engagedDays"],
    ] as const) {
      const res = await dryRun(u, e);
      expect(res.status).toBe(422);
      const { errors } = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]![0]).toMatch(/between 1 and 36,500/);
    }
    const missing = await get(`${DRY_RUN}?unengagedDays=30`);
    expect(missing.status).toBe(422);
    expect(rowCounts().requests).toBe(5);
  });
});
