import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ClosureList, DeskOverview, DueStatus } from "../../../src/contracts/desk";
import { submissionDesk } from "../../../src/modules/desk/repo/submission-desk";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

// Several tests sign in again after moving the clock; password hashing is slow on a busy machine.
setDefaultTimeout(30_000);

const USER = "morgan";
const PASSWORD = "trace every transfer";
/** New York is UTC-5 all through these dates (daylight saving ended on November 1). */
const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const clock = { at: ny("2026-11-17 10:00") };
const { request, db, store, app } = makeTestApp(
  // A mail server that refuses connections: mail is attempted and fails, so the morning view has some to show.
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1", SMTP_URL: "smtp://127.0.0.1:9" },
  { now: () => clock.at },
);
const API = "/api/admin/submissions";
const DESK = "/api/admin/desk";

/** Files an intake through the public form's API at the clock's time; returns its id and reference. */
async function intake(at: Date, overrides: Record<string, unknown> = {}) {
  clock.at = at;
  const { id, reference } = await fileIntake({ request, db }, at, overrides);
  return { id, reference };
}

let cookie = "";
const get = (path: string) => request(path, withCookie(cookie));
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
/** Moves the clock and signs in again: a session does not outlive a jump past its idle timeout. */
async function travel(local: string) {
  clock.at = ny(local);
  cookie = await signIn(request, USER, PASSWORD);
}
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;

type Item = {
  id: number;
  reference: string;
  respondBy: string;
  firstResponseAt: string | null;
  due: DueStatus;
};
type List = { items: Item[]; total: number };

describe("the desk's business-day clock through the API", () => {
  const r: Record<string, { id: number; reference: string }> = {};

  // Before the tests below: requests on Tuesday, Friday afternoon and Monday before opening.
  beforeAll(async () => {
    r.tuesday = await intake(ny("2026-11-17 10:00"), { desiredService: "transaction-trace" });
    r.friday = await intake(ny("2026-11-20 16:30"), { desiredService: "asset-map" });
    r.monday = await intake(ny("2026-11-23 08:00"), { desiredService: "judgment-intel" });
    clock.at = ny("2026-11-23 11:00");
    cookie = await signIn(request, USER, PASSWORD);
  });

  test("list and detail carry respondBy, firstResponseAt and the due label, from the clock", async () => {
    const list = await json<List>(get(API));
    const byRef = Object.fromEntries(list.items.map((i) => [i.reference, i]));
    expect(byRef[r.tuesday!.reference]).toMatchObject({
      respondBy: ny("2026-11-18 10:00").toISOString(),
      firstResponseAt: null,
      // Wednesday 10:00 to Monday 11:00: 7 + 8 + 8 + 2 business hours.
      due: {
        state: "overdue",
        label: "overdue by 25 business hours",
        dueText: "Wed 18 Nov 2026, 10:00 AM EST",
      },
    });
    expect(byRef[r.friday!.reference]).toMatchObject({
      respondBy: ny("2026-11-23 16:30").toISOString(),
      due: { state: "waiting", label: "due in 5 h" },
    });
    expect(byRef[r.monday!.reference]).toMatchObject({
      respondBy: ny("2026-11-23 17:00").toISOString(),
      due: { state: "waiting", label: "due in 6 h" },
    });

    const detail = await json<{ submission: Item }>(get(`${API}/${r.monday!.id}`));
    expect(detail.submission).toMatchObject({
      respondBy: ny("2026-11-23 17:00").toISOString(),
      firstResponseAt: null,
      due: { state: "waiting", label: "due in 6 h", late: false },
    });
  });

  test("tomorrow, later this week, and overdue outside business hours read plainly", async () => {
    const label = async (id: number) =>
      (await json<{ submission: Item }>(get(`${API}/${id}`))).submission.due;
    await travel("2026-11-23 08:30"); // Monday before opening: Friday's request is due this afternoon
    expect((await label(r.friday!.id)).label).toBe("due in 8 h");
    await travel("2026-11-20 18:00"); // Friday evening
    expect((await label(r.friday!.id)).label).toBe("due Mon 4:30 PM EST");
    await travel("2026-11-22 20:00"); // Sunday evening
    expect((await label(r.friday!.id)).label).toBe("due tomorrow 4:30 PM EST");
    await travel("2026-11-23 20:00"); // Monday evening
    expect((await label(r.friday!.id)).label).toBe("overdue by 30 business minutes");
    // Due at 17:00, and no business time has passed since.
    expect(await label(r.monday!.id)).toMatchObject({ state: "overdue", label: "overdue since 5:00 PM EST" });
    await travel("2026-11-24 09:40");
    expect((await label(r.monday!.id)).label).toBe("overdue by 40 business minutes");
    expect((await label(r.friday!.id)).label).toBe("overdue by 1 business hour");
    await travel("2026-11-23 11:00");
  });

  test("sorted by due time (waiting first, soonest due), and filtered to overdue", async () => {
    const refs = async (qs: string) => (await json<List>(get(`${API}?${qs}`))).items.map((i) => i.reference);
    expect(await refs("sort=due")).toEqual([r.tuesday!.reference, r.friday!.reference, r.monday!.reference]);
    expect(await refs("")).toEqual([r.monday!.reference, r.friday!.reference, r.tuesday!.reference]);
    expect(await refs("overdue=1")).toEqual([r.tuesday!.reference]);
    expect(await refs("overdue=1&service=asset-map")).toEqual([]);
    const page = await json<List>(get(`${API}?sort=due&pageSize=1&page=2`));
    expect(page.items.map((i) => i.reference)).toEqual([r.friday!.reference]);
    expect(page.total).toBe(3);
  });

  test("a bad sort or overdue value is a 422 naming the parameter", async () => {
    const res = await get(`${API}?sort=oldest&overdue=maybe`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        sort: ["Sort by newest or by due time"],
        overdue: ["Overdue is 1 (only overdue requests) or empty"],
      },
    });
  });

  test("a response recorded with its time is the first response; status changes are not", async () => {
    await travel("2026-11-23 11:30");
    const moved = await json<{ submission: Item }>(
      send("PATCH", `${API}/${r.friday!.id}`, { status: "in-review" }),
    );
    expect(moved.submission).toMatchObject({ firstResponseAt: null, due: { state: "waiting" } });
    await travel("2026-11-23 11:45");
    const called = await json<{ submission: Item }>(
      send("POST", `${API}/${r.friday!.id}/responses`, {
        channel: "call",
        at: ny("2026-11-23 11:40").toISOString(),
      }),
    );
    // Friday 16:30-17:00 and Monday 09:00-11:40: 3 h 10 m of business time.
    expect(called.submission).toMatchObject({
      firstResponseAt: ny("2026-11-23 11:40").toISOString(),
      due: { state: "answered", label: "answered in 3 h 10 m", late: false },
    });
    await travel("2026-11-23 12:00");
    await send("PATCH", `${API}/${r.friday!.id}`, { status: "new" });
    await send("PATCH", `${API}/${r.friday!.id}`, { status: "quoted" });
    const again = await json<{ submission: Item }>(get(`${API}/${r.friday!.id}`));
    expect(again.submission.firstResponseAt).toBe(ny("2026-11-23 11:40").toISOString());

    // A note alone is not a response.
    await send("PATCH", `${API}/${r.monday!.id}`, { note: "Called, no answer" });
    expect(
      (await json<{ submission: Item }>(get(`${API}/${r.monday!.id}`))).submission.firstResponseAt,
    ).toBeNull();
  });

  test("recordFirstResponse (what a sent reply calls) keeps an earlier first response", () => {
    const desk = submissionDesk(store);
    expect(desk.recordFirstResponse(r.friday!.id, ny("2026-11-23 15:00").toISOString(), "reply")).toBe(false);
    expect(desk.byId(r.friday!.id)?.firstResponseAt).toBe(ny("2026-11-23 11:40").toISOString());
  });

  test("the morning view: waiting by due time, counts, first-response figures and failed mail", async () => {
    await app.decorator.mailOutbox.runOnce(); // every intake e-mail fails against a closed port
    await travel("2026-11-23 12:00");
    const res = await get(`${DESK}/overview`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const o = (await res.json()) as DeskOverview;
    expect(o.waiting.map((w) => [w.reference, w.desiredService, w.due.state, w.due.label])).toEqual([
      [r.tuesday!.reference, "transaction-trace", "overdue", "overdue by 26 business hours"],
      [r.monday!.reference, "judgment-intel", "waiting", "due in 5 h"],
    ]);
    expect(o.counts).toEqual({ newToday: 1, waiting: 2, overdue: 1, deliveriesDue: 0, deliveriesOverdue: 0 });
    expect(o.firstResponse).toMatchObject({
      days: 30,
      answered: 1,
      medianMinutes: 190,
      p90Minutes: 190,
      medianLabel: "3 h 10 m",
    });
    expect(o.failedMail).toHaveLength(6);
    expect(o.failedMail[0]).toMatchObject({ state: "retrying", attempts: 1 });
    // Stored encrypted (it can quote an address), shown to staff in words.
    expect(o.failedMail[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(o.failedMail.map((m) => m.reference).sort()).toEqual(
      [r.tuesday, r.tuesday, r.friday, r.friday, r.monday, r.monday].map((x) => x!.reference).sort(),
    );
    expect(o.settings).toEqual({
      timeZone: "America/New_York",
      businessHours: "Mon-Fri 9:00 AM-5:00 PM",
      holidays: "US",
      slaHours: 8,
    });
    // The queue names who is waiting (ADR 128), and nothing else personal reaches the morning view.
    expect(o.waiting.map((w) => w.name)).toEqual(["Dana Whitfield", "Dana Whitfield"]);
    expect(JSON.stringify(o)).not.toContain("WhitfieldMoss");
    expect(JSON.stringify(o)).not.toContain("Whitfield & Moss");
    expect(JSON.stringify(o)).not.toContain("555-0199");
  });

  test("the morning view of an empty desk has nothing to show, and no figures to make up", async () => {
    const empty = makeTestApp(
      { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
      { now: () => ny("2026-11-23 12:00") },
    );
    expect((await empty.request(`${DESK}/overview`)).status).toBe(401);
    const c = await signIn(empty.request, USER, PASSWORD);
    const o = await json<DeskOverview>(empty.request(`${DESK}/overview`, withCookie(c)));
    expect(o).toMatchObject({
      waiting: [],
      counts: { newToday: 0, waiting: 0, overdue: 0 },
      firstResponse: {
        answered: 0,
        medianMinutes: null,
        p90Minutes: null,
        medianLabel: null,
        p90Label: null,
      },
      failedMail: [],
    });
  });

  test("closures: added, listed with the coming public holidays, and due times follow at once", async () => {
    await travel("2026-11-23 14:00");
    const late = await intake(ny("2026-11-23 14:00"));
    await travel("2026-11-23 14:30");
    const dueOf = async () =>
      (await json<{ submission: Item }>(get(`${API}/${late.id}`))).submission.respondBy;
    expect(await dueOf()).toBe(ny("2026-11-24 14:00").toISOString());

    const added = await send("POST", `${DESK}/closures`, { date: "2026-11-24", note: " Office move " });
    expect(added.status).toBe(201);
    const list = (await added.json()) as ClosureList;
    expect(list.closures).toEqual([{ date: "2026-11-24", note: "Office move" }]);
    expect(list.upcomingHolidays).toContainEqual({ date: "2026-11-26", name: "Thanksgiving Day" });
    expect(list.upcomingHolidays).toContainEqual({ date: "2026-12-25", name: "Christmas Day" });
    // Tuesday closed, Thursday Thanksgiving: 3 h Monday, 5 h Wednesday.
    expect(await dueOf()).toBe(ny("2026-11-25 14:00").toISOString());
    // An answered request keeps the due time it had.
    expect((await json<{ submission: Item }>(get(`${API}/${r.friday!.id}`))).submission.respondBy).toBe(
      ny("2026-11-23 16:30").toISOString(),
    );

    const removed = await send("DELETE", `${DESK}/closures/2026-11-24`);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as ClosureList).closures).toEqual([]);
    expect(await dueOf()).toBe(ny("2026-11-24 14:00").toISOString());

    const events = db
      .query("SELECT event, username, detail FROM audit_log WHERE event LIKE 'desk.closure%' ORDER BY id")
      .all();
    expect(events).toEqual([
      { event: "desk.closure_added", username: USER, detail: JSON.stringify({ date: "2026-11-24" }) },
      { event: "desk.closure_removed", username: USER, detail: JSON.stringify({ date: "2026-11-24" }) },
    ]);
  });

  test("closures: bad dates, duplicates and unknown ones get a 4xx with a message", async () => {
    const add = (body: unknown) => send("POST", `${DESK}/closures`, body);
    // A day that does not exist is named as such (src/contracts/dates.ts), one written otherwise gets the format.
    expect(await json(add({ date: "2026-02-30" }))).toEqual({
      errors: { date: ["There is no 2026-02-30 on the calendar"] },
    });
    expect(await json(add({ date: "24/12/2026" }))).toEqual({
      errors: { date: ["Enter the date as YYYY-MM-DD, such as 2026-12-24"] },
    });
    expect((await add({ date: "24/12/2026" })).status).toBe(422);
    expect((await add({})).status).toBe(422);
    expect((await add("2026-12-24")).status).toBe(422);
    expect(await json(add({ date: "2031-01-02" }))).toEqual({
      errors: { date: ["Choose a date within a year back and three years ahead"] },
    });
    expect(await json(add({ date: "2026-12-31", note: "x".repeat(201) }))).toEqual({
      errors: { note: ["Notes can be at most 200 characters"] },
    });
    expect((await add({ date: "2026-12-31" })).status).toBe(201);
    const twice = await add({ date: "2026-12-31" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ errors: { date: ["That date is already a closure"] } });
    const unknown = await send("DELETE", `${DESK}/closures/2026-12-30`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "That date is not a closure" });
    // The path's date is read as the body's is: one that is no date is refused as such, not looked for.
    for (const [date, message] of [
      ["not-a-date", "Enter the date as YYYY-MM-DD, such as 2026-12-24"],
      ["2026-13-01", "There is no 2026-13-01 on the calendar"],
    ]) {
      const res = await send("DELETE", `${DESK}/closures/${date}`);
      expect({ date, status: res.status, body: await res.json() }).toEqual({
        date,
        status: 422,
        body: { errors: { date: [message] } },
      });
    }
  });

  test("401 without a session for every call of the clock's API", async () => {
    for (const [method, path] of [
      ["GET", `${DESK}/overview`],
      ["GET", `${DESK}/closures`],
      ["POST", `${DESK}/closures`],
      ["DELETE", `${DESK}/closures/2026-12-31`],
    ] as const) {
      const res = await request(path, method === "GET" ? {} : { ...post({ date: "2026-12-30" }), method });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
    expect((await json<ClosureList>(get(`${DESK}/closures`))).closures.map((c) => c.date)).toEqual([
      "2026-12-31",
    ]);
  });
});
