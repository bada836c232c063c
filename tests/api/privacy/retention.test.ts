import { beforeAll, describe, expect, test } from "bun:test";
import { addDays } from "../../../src/contracts/firm-calendar";
import { PATHS } from "../../../src/contracts/paths";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * Retention (issue 11, section 3): the policy and its bounds, the purge with an injected clock (which statuses it
 * deletes and when, the receipts it leaves), the dry run, and the privacy page stating the live policy.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-01-10T09:00:00.000Z") };
const { app, request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", REQUIRE_MFA: "false" },
  { now: () => clock.at },
);
const retention = app.decorator.retention;
const API = "/api/admin/retention";
/** Tests that sign in (a password hash each time the clock jumps) get room on a busy machine. */
const SIGN_IN_TIMEOUT = 20_000;

let cookie = "";
/** Signs in at the clock's time (a jump of years ends the previous session). */
const signInNow = async () => {
  cookie = await signIn(request, USER, PASSWORD);
};
const get = (path: string) => request(path, withCookie(cookie));
const put = (body: unknown) => request(API, withCookie(cookie, { ...post(body), method: "PUT" }));
const patch = (path: string, body: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method: "PATCH" }));

const PERSON = {
  name: "Quintessa Marlowe-Retain",
  firm: "Marlowe Retain Partners",
  phone: "(312) 555-0147",
  description: "Retention marker: the lakeside parcel held through Marlowe Holdings LLC since 2021.",
};

async function intake(status: string, n: number): Promise<{ id: number; reference: string }> {
  const { id, reference } = await fileIntake({ request, db }, clock.at, {
    ...PERSON,
    email: `quintessa${n}@marlowe.example`,
  });
  const change = status === "new" ? { note: "Called back, left a message." } : { status, note: "Decided." };
  expect((await patch(`/api/admin/submissions/${id}`, change)).status).toBe(200);
  return { id, reference };
}

const auditSince = (since: number) =>
  db.query("SELECT event, username, detail FROM audit_log WHERE id > ? ORDER BY id").all(since) as {
    event: string;
    username: string | null;
    detail: string;
  }[];
const lastAuditId = () =>
  (db.query("SELECT coalesce(max(id), 0) AS id FROM audit_log").get() as { id: number }).id;
const count = (sql: string, ...args: number[]) => (db.query(sql).get(...args) as { n: number }).n;

describe("the retention policy API", () => {
  test("401 without a session", async () => {
    expect((await request(API)).status).toBe(401);
    expect(
      (await request(API, { ...post({ unengagedDays: 1, engagedDays: 1 }), method: "PUT" })).status,
    ).toBe(401);
  });

  test(
    "defaults: 365 days for requests that ended without an engagement, 2555 for engagements",
    async () => {
      await signInNow();
      const res = await get(API);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        unengagedDays: 365,
        engagedDays: 2555,
        lastPurgeAt: null,
        upcoming: [],
        horizonDays: 30,
      });
    },
    SIGN_IN_TIMEOUT,
  );

  test("bounds: 1 to 36,500 whole days, each field with its own message, nothing saved", async () => {
    for (const [body, field] of [
      [{ unengagedDays: 0, engagedDays: 2555 }, "unengagedDays"],
      [{ unengagedDays: 365, engagedDays: 36_501 }, "engagedDays"],
      [{ unengagedDays: 1.5, engagedDays: 2555 }, "unengagedDays"],
      [{ unengagedDays: "365", engagedDays: 2555 }, "unengagedDays"],
      [{ unengagedDays: 365 }, "engagedDays"],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(422);
      const { errors } = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]![0]).toMatch(/between 1 and 36,500( days)?/);
    }
    expect((await put("not json at all")).status).toBe(422);
    expect(await (await get(API)).json()).toMatchObject({ unengagedDays: 365, engagedDays: 2555 });
  });

  test("the extremes are accepted, and every change is audited with before and after", async () => {
    const since = lastAuditId();
    const res = await put({ unengagedDays: 1, engagedDays: 36_500 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ unengagedDays: 1, engagedDays: 36_500 });
    expect((await put({ unengagedDays: 365, engagedDays: 2555 })).status).toBe(200);
    const events = auditSince(since);
    expect(events.map((e) => e.event)).toEqual(["retention.policy_changed", "retention.policy_changed"]);
    expect(events[0]!.username).toBe(USER);
    expect(JSON.parse(events[0]!.detail)).toEqual({
      unengagedDaysBefore: 365,
      unengagedDays: 1,
      engagedDaysBefore: 2555,
      engagedDays: 36_500,
    });
  });
});

describe("the purge, on an injected clock", () => {
  const rows: Record<string, { id: number; reference: string }> = {};
  const DECIDED = "2026-01-10";

  // Before the tests below: one request in every status, each decided on 2026-01-10.
  beforeAll(async () => {
    let n = 0;
    for (const status of ["new", "in-review", "quoted", "declined", "closed", "engaged"]) {
      rows[status] = await intake(status, n++);
    }
    expect(count("SELECT count(*) AS n FROM contact_submissions")).toBe(6);
  }, SIGN_IN_TIMEOUT);

  test("the dry run names declined and closed requests on the day their 365 days end, not the day before", () => {
    const last = addDays(DECIDED, 364);
    expect(retention.plan(last)).toEqual([]);
    const due = retention.plan(addDays(DECIDED, 365));
    expect(due.map((d) => d.reference).sort()).toEqual(
      [rows.declined!.reference, rows.closed!.reference].sort(),
    );
    expect(due[0]).toMatchObject({
      deleteOn: "2027-01-10",
      rule: "unengaged",
      lastChangeAt: clock.at.toISOString(),
    });
    // A dry run deletes nothing.
    expect(count("SELECT count(*) AS n FROM contact_submissions")).toBe(6);
  });

  test(
    "the admin view lists the deletions due within 30 days",
    async () => {
      clock.at = new Date("2026-12-20T10:00:00.000Z");
      await signInNow();
      const view = (await (await get(API)).json()) as { upcoming: { reference: string; deleteOn: string }[] };
      expect(view.upcoming.map((u) => u.deleteOn)).toEqual(["2027-01-10", "2027-01-10"]);
      clock.at = new Date("2026-12-01T10:00:00.000Z");
      expect(((await (await get(API)).json()) as { upcoming: unknown[] }).upcoming).toEqual([]);
    },
    SIGN_IN_TIMEOUT,
  );

  test("on 2027-01-10 the purge deletes the declined and closed requests with their notes and mail, and leaves a receipt for each", () => {
    clock.at = new Date("2027-01-10T05:30:00.000Z"); // 00:30 in New York, the firm's zone
    const since = lastAuditId();
    const result = retention.purge();
    expect(result.deleted.sort()).toEqual([rows.declined!.reference, rows.closed!.reference].sort());
    for (const status of ["declined", "closed"]) {
      const { id } = rows[status]!;
      expect(count("SELECT count(*) AS n FROM contact_submissions WHERE id = ?", id)).toBe(0);
      expect(count("SELECT count(*) AS n FROM submission_notes WHERE submission_id = ?", id)).toBe(0);
      expect(count("SELECT count(*) AS n FROM mail_outbox WHERE submission_id = ?", id)).toBe(0);
    }
    expect(count("SELECT count(*) AS n FROM contact_submissions")).toBe(4);

    const receipts = auditSince(since);
    expect(receipts.map((r) => r.event)).toEqual(["retention.request_deleted", "retention.request_deleted"]);
    for (const r of receipts) {
      const detail = JSON.parse(r.detail) as Record<string, unknown>;
      expect(Object.keys(detail).sort()).toEqual(["deletedAt", "receivedAt", "reference", "rule", "status"]);
      expect(detail.deletedAt).toBe("2027-01-10T05:30:00.000Z");
      expect(detail.receivedAt).toMatch(/^2026-01-10T/);
      expect(detail.rule).toBe("declined or closed: kept 365 days after the last status change");
      expect(r.username).toBeNull();
      // No personal data in a receipt: none of the intake's words.
      for (const word of ["Quintessa", "Marlowe", "marlowe.example", "555-0147", "lakeside", "Called back"]) {
        expect(r.detail.toLowerCase()).not.toContain(word.toLowerCase());
      }
    }
  });

  test(
    "the desk no longer finds what was purged, by search or by address, and still finds what was kept",
    async () => {
      await signInNow();
      const search = async (q: string) =>
        (await (await get(`/api/admin/submissions?q=${encodeURIComponent(q)}`)).json()) as {
          total: number;
          items: { reference: string }[];
        };
      expect((await search("quintessa3@")).total).toBe(0);
      expect((await search("quintessa4@")).total).toBe(0);
      expect((await search("quintessa5@")).items.map((i) => i.reference)).toEqual([rows.engaged!.reference]);
      expect((await get(`/api/admin/submissions/${rows.declined!.id}`)).status).toBe(404);
    },
    SIGN_IN_TIMEOUT,
  );

  test("a second run the same day deletes nothing and leaves no receipt; the timer waits for the next day", () => {
    const since = lastAuditId();
    expect(retention.purge().deleted).toEqual([]);
    expect(auditSince(since)).toEqual([]);
    expect(retention.runIfDue()).toBe(false);
    // 19:10 on the 10th in New York: still the firm's day of the last purge.
    clock.at = new Date("2027-01-11T00:10:00.000Z");
    expect(retention.runIfDue()).toBe(false);
    clock.at = new Date("2027-01-11T05:10:00.000Z");
    expect(retention.runIfDue()).toBe(true);
    expect(retention.runIfDue()).toBe(false);
  });

  test(
    "engaged requests go after 2555 days (seven years), and new, in-review and quoted ones never",
    async () => {
      const end = addDays(DECIDED, 2555);
      expect(retention.plan(addDays(end, -1))).toEqual([]);
      expect(retention.plan(end).map((d) => d.reference)).toEqual([rows.engaged!.reference]);
      clock.at = new Date(`${end}T12:00:00.000Z`);
      expect(retention.purge().deleted).toEqual([rows.engaged!.reference]);
      clock.at = new Date("2125-06-01T12:00:00.000Z");
      expect(retention.purge().deleted).toEqual([]);
      const left = db.query("SELECT status FROM contact_submissions ORDER BY id").all() as {
        status: string;
      }[];
      expect(left.map((r) => r.status)).toEqual(["new", "in-review", "quoted"]);
      await signInNow();
      expect(await (await get(API)).json()).toMatchObject({ lastPurgeAt: "2125-06-01T12:00:00.000Z" });
    },
    SIGN_IN_TIMEOUT,
  );

  test("a start purges once its caller's turn is over and records the run in the database", async () => {
    clock.at = new Date("2125-06-02T08:00:00.000Z");
    const { stop, firstPurge } = retention.startDaily();
    stop();
    await firstPurge;
    const { at } = db.query("SELECT last_purge_at AS at FROM retention_policy").get() as { at: string };
    expect(at).toBe("2125-06-02T08:00:00.000Z");
  });
});

describe("the privacy page states the live policy", () => {
  const page = async () => {
    const html = await (await request(PATHS.privacy)).text();
    const match = html.match(/data-testid="retention-sentences">([^<]*)</);
    return match?.[1] ?? "";
  };

  test(
    "defaults in years: 1 year and 7 years",
    async () => {
      await signInNow();
      expect((await put({ unengagedDays: 365, engagedDays: 2555 })).status).toBe(200);
      expect(await page()).toBe(
        "Intake requests that do not become engagements are kept for 1 year after their last status change, and requests that become engagements for 7 years; then they are deleted automatically. Requests we are still reviewing or quoting are kept until they are decided.",
      );
    },
    SIGN_IN_TIMEOUT,
  );

  test("a change shows at once, though the page was cached: days when not a multiple of 365", async () => {
    expect((await put({ unengagedDays: 90, engagedDays: 3650 })).status).toBe(200);
    const text = await page();
    expect(text).toContain("kept for 90 days after their last status change");
    expect(text).toContain("requests that become engagements for 10 years");
    expect((await put({ unengagedDays: 1, engagedDays: 730 })).status).toBe(200);
    expect(await page()).toContain(
      "kept for 1 day after their last status change, and requests that become engagements for 2 years",
    );
  });
});

describe("the count starts at the last status change, not at the last note", () => {
  const rows: Record<string, { id: number; reference: string }> = {};

  // Before the tests below: two requests declined on 2130-03-01; on 2130-04-15 one gets a note, the other is closed.
  beforeAll(async () => {
    clock.at = new Date("2130-03-01T09:00:00.000Z");
    await signInNow();
    expect((await put({ unengagedDays: 365, engagedDays: 2555 })).status).toBe(200);
    rows.noted = await intake("declined", 20);
    rows.reclosed = await intake("declined", 21);
    clock.at = new Date("2130-04-15T09:00:00.000Z");
    await signInNow();
    expect((await patch(`/api/admin/submissions/${rows.noted!.id}`, { note: "Filed away." })).status).toBe(
      200,
    );
    expect((await patch(`/api/admin/submissions/${rows.reclosed!.id}`, { status: "closed" })).status).toBe(
      200,
    );
  }, SIGN_IN_TIMEOUT);

  test("a note does not restart the count: the noted request is due 365 days after it was declined", () => {
    expect(retention.plan("2131-02-28")).toEqual([]);
    expect(retention.plan("2131-03-01")).toEqual([
      expect.objectContaining({
        reference: rows.noted!.reference,
        deleteOn: "2131-03-01",
        lastChangeAt: "2130-03-01T09:00:00.000Z",
      }),
    ]);
  });

  test("a status change does: the closed request is due 365 days after it was closed, and the purge says so", () => {
    expect(retention.plan("2131-04-15").map((d) => [d.reference, d.deleteOn, d.lastChangeAt])).toEqual([
      [rows.noted!.reference, "2131-03-01", "2130-03-01T09:00:00.000Z"],
      [rows.reclosed!.reference, "2131-04-15", "2130-04-15T09:00:00.000Z"],
    ]);
    clock.at = new Date("2131-03-01T05:30:00.000Z");
    expect(retention.purge().deleted).toEqual([rows.noted!.reference]);
  });
});
