import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { subscriptionsCommand } from "../../../src/cli/calendar-commands";
import { addDays } from "../../../src/contracts/firm-calendar";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { freshSession, portalClient } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * Judgment Intel as a subscription (issue 29): started by the engagement once signed and paid, then paused,
 * resumed and cancelled by staff and by the client, on the firm's calendar (New York, US holidays).
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
    TRUST_PROXY: "1",
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    HOLIDAYS: "US",
  },
  { now: () => clock.at },
);
const subscriptions = t.app.decorator.subscriptions;
const jobs = t.app.decorator.subscriptionJobs;
/** Subjects with markers no other value in the data folder holds, for the byte scan. */
const SUBJECTS = ["Quillon Marchbanks-Tevery", "Ostravane Holdings Zeta LLC"];

const set = (iso: string) => {
  clock.at = new Date(iso);
};
let admin = "";
let adminAt = 0;
/** A staff session made at the clock's time: moving the clock months on ends the one before. */
async function signedIn() {
  if (adminAt !== clock.at.getTime()) {
    admin = await signIn(t.request, OWNER, PASSWORD);
    adminAt = clock.at.getTime();
  }
  return admin;
}
const api = (submissionId: number) => `/api/admin/submissions/${submissionId}/subscription`;

type View = Record<string, unknown> & {
  state: string;
  charges: { from: string; to: string; amountCents: number }[];
  sweeps: { dueOn: string; deliveredAt: string | null }[];
};
const json = async (res: Response | Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: (await r.json()) as View & { error?: string } };
};

/** A signed engagement for a new client, its subscription started (signed and paid) on `on`. */
async function subscribed(email: string, on: string, opts: { cadence?: "monthly" | "quarterly" } = {}) {
  const client = await portalClient(t, clock.at, await signedIn(), { email });
  const view = subscriptions.start({
    engagementId: client.engagementId,
    submissionId: client.submission.id,
    subjects: SUBJECTS,
    cadence: opts.cadence ?? "quarterly",
    monthlyCents: 150_000,
    signedOn: on,
    paidOn: on,
  });
  // What the month was paid with is the ledger's record (ADR 285): the engagement's balance, received that day.
  pay(client.engagementId, ledger.money(client.engagementId).balanceCents, on);
  return { ...client, view: subscriptions.viewForEngagement(client.engagementId) ?? view };
}

const ledger = t.app.decorator.root.ledger.service;
let paymentIds = 90_000;
/** A payment on the ledger, as the desk's path or the processor's records one. */
const pay = (engagementId: number, amountCents: number, receivedOn: string) =>
  ledger.paid({ engagementId, paymentId: ++paymentIds, amountCents, receivedOn, method: "wire" });

const staff = async (id: number, action: string) =>
  json(t.request(`${api(id)}/${action}`, withCookie(await signedIn(), post())));
const client = (cookie: string, action: string) =>
  json(t.request(`/api/portal/subscription/${action}`, withCookie(cookie, post())));

const outboxKinds = (submissionId: number) =>
  t.db
    .query<{ kind: string }, [number]>(
      "SELECT kind FROM mail_outbox WHERE submission_id = ? AND kind LIKE 'subscription-%' ORDER BY id",
    )
    .all(submissionId)
    .map((r) => r.kind);
const auditEvents = (submissionId: number) =>
  t.db
    .query<{ event: string; username: string | null }, [number]>(
      "SELECT event, username FROM audit_log WHERE event LIKE 'subscription.%' AND json_extract(detail, '$.submissionId') = ? ORDER BY id",
    )
    .all(submissionId);

describe("the subscription's view", () => {
  test("a request without one answers 404 with a message; once started it has the issue's shape", async () => {
    set("2026-11-16T15:00:00.000Z");
    await signedIn();
    const bare = await portalClient(t, clock.at, admin, { email: "bare@harborlaw.example" });
    const none = await json(t.request(api(bare.submission.id), withCookie(admin)));
    expect(none).toEqual({
      status: 404,
      body: { error: "This request has no monitoring subscription." } as never,
    });

    const c = await subscribed("dana@harborlaw.example", "2026-11-16");
    const got = await json(t.request(api(c.submission.id), withCookie(admin)));
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      state: "active",
      subjects: SUBJECTS,
      cadence: "quarterly",
      monthlyCents: 150_000,
      startedOn: "2026-11-16",
      paidThrough: "2026-12-15",
      nextChargeOn: "2026-12-16",
      // The first sweep inside the month paid: ten business days on, Thanksgiving skipped (ADR 306).
      nextSweepDueOn: "2026-12-01",
      pausedOn: null,
      cancelNoticeOn: null,
      endsOn: null,
      sweeps: [],
      charges: [{ from: "2026-11-16", to: "2026-12-15", amountCents: 150_000 }],
    } as never);
    expect(subscriptions.viewForEngagement(c.engagementId)).toEqual(got.body as never);
    // Without a staff session the desk's route is closed.
    expect((await t.request(api(c.submission.id))).status).toBe(401);
  });

  test("pending until the letter is signed and the first month paid, whichever comes last", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await portalClient(t, clock.at, admin, { email: "pending@harborlaw.example" });
    const terms = {
      engagementId: c.engagementId,
      submissionId: c.submission.id,
      subjects: SUBJECTS,
      monthlyCents: 75_000,
    };
    expect(subscriptions.start({ ...terms, signedOn: "2026-11-16" })).toMatchObject({
      state: "pending",
      startedOn: null,
      charges: [],
      nextChargeOn: null,
    });
    for (const action of ["pause", "resume", "cancel"]) {
      const refused = await staff(c.submission.id, action);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toContain("has not started yet");
    }
    set("2026-11-18T15:00:00.000Z");
    const started = subscriptions.start({ ...terms, paidOn: "2026-11-18" });
    expect(started).toMatchObject({ state: "active", startedOn: "2026-11-18", nextChargeOn: "2026-12-18" });
    // The same call again (a retried payment notice) changes nothing; other terms are refused.
    expect(subscriptions.start({ ...terms, paidOn: "2026-11-18" })).toEqual(started);
    expect(() => subscriptions.start({ ...terms, monthlyCents: 1 })).toThrow("other terms");
    // Input the engagement must not send: no subject, a name too short.
    expect(() => subscriptions.start({ ...terms, subjects: [] })).toThrow("Name between 1 and 20");
    expect(() => subscriptions.start({ ...terms, subjects: ["X"] })).toThrow("2 to 200 characters");
  });
});

describe("every move, by staff and by the client", () => {
  test("staff: each allowed move answers the new state, is audited and mailed to the client; each other move is 409 saying why", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await subscribed("lee@harborlaw.example", "2026-11-16");
    const id = c.submission.id;
    const steps: [string, number, string][] = [
      ["resume", 409, "already active"],
      ["pause", 200, "paused"],
      ["pause", 409, "already paused (since 2026-11-16)"],
      ["cancel", 200, "cancelling"],
      ["cancel", 409, "already given on 2026-11-16: monitoring ends on 2026-12-16"],
      ["pause", 409, "ends on 2026-12-16: it cannot be paused"],
      ["resume", 200, "active"],
      ["cancel", 200, "cancelling"],
      ["resume", 200, "active"],
    ];
    for (const [action, status, expected] of steps) {
      const r = await staff(id, action);
      expect({ action, status: r.status }).toEqual({ action, status });
      if (status === 200) expect(r.body.state).toBe(expected);
      else expect(r.body.error).toContain(expected);
    }
    const moves = steps.filter(([, s]) => s === 200).length;
    expect(auditEvents(id)).toEqual([
      { event: "subscription.paused", username: OWNER },
      { event: "subscription.cancelled", username: OWNER },
      { event: "subscription.resumed", username: OWNER },
      { event: "subscription.cancelled", username: OWNER },
      { event: "subscription.resumed", username: OWNER },
    ]);
    expect(outboxKinds(id)).toEqual(Array(moves).fill("subscription-client"));
  });

  test("two at once: the client and staff pausing in the same instant, then two notices together; one of each happens", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await subscribed("twice@harborlaw.example", "2026-11-16");
    const id = c.submission.id;
    const pauses = await Promise.all([client(c.cookie, "pause"), staff(id, "pause")]);
    expect(pauses.map((r) => r.status).sort()).toEqual([200, 409]);
    const notices = await Promise.all([client(c.cookie, "cancel"), staff(id, "cancel")]);
    expect(notices.map((r) => r.status).sort()).toEqual([200, 409]);
    // One pause and one notice were recorded, audited once each, and confirmed to the client once each.
    expect(auditEvents(id).map((e) => e.event)).toEqual(["subscription.paused", "subscription.cancelled"]);
    expect(outboxKinds(id).filter((k) => k === "subscription-client")).toHaveLength(2);
    const view = (await json(t.request(api(id), withCookie(await signedIn())))).body;
    expect(view).toMatchObject({ state: "cancelling", pausedOn: "2026-11-16", cancelNoticeOn: "2026-11-16" });
  });

  test("the client: the same moves from the portal, audited under the client's name and address, mailed to the desk and confirmed to the client", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await subscribed("sam@harborlaw.example", "2026-11-16");
    expect((await client(c.cookie, "pause")).body).toMatchObject({ state: "paused", pausedOn: "2026-11-16" });
    expect((await client(c.cookie, "pause")).status).toBe(409);
    set("2026-11-20T15:00:00.000Z");
    // Four days on, the client comes back through a fresh link.
    const cookie = await freshSession(t, await signedIn(), c);
    expect((await client(cookie, "resume")).body).toMatchObject({ state: "active", pausedOn: null });
    const cancelled = await client(cookie, "cancel");
    expect(cancelled.body).toMatchObject({
      state: "cancelling",
      cancelNoticeOn: "2026-11-20",
      endsOn: "2026-12-20",
    });
    const again = await client(cookie, "cancel");
    expect(again).toMatchObject({ status: 409 });
    expect(again.body.error).toContain("monitoring ends on 2026-12-20");
    expect(auditEvents(c.submission.id)).toEqual([
      { event: "subscription.paused", username: "client (portal)" },
      { event: "subscription.resumed", username: "client (portal)" },
      { event: "subscription.cancelled", username: "client (portal)" },
    ]);
    // The audit log names the engagement's client (its name sealed at rest) where a colleague's name would be.
    const log = (await json(t.request("/api/admin/audit?area=desk", withCookie(await signedIn()))))
      .body as unknown as {
      entries: { event: string; name: string | null; clientAddress: string | null }[];
    };
    const moves = log.entries.filter(
      (e) => e.event.startsWith("subscription.") && e.name === "Dana Whitfield",
    );
    expect(moves.length).toBeGreaterThanOrEqual(3);
    expect(outboxKinds(c.submission.id)).toEqual(
      Array(3).fill(["subscription-client", "subscription-desk"]).flat(),
    );
    // The client's own mail confirms what they did, in the firm's words of what it means.
    const confirmation = t.db
      .query<{ id: number }, [number]>(
        "SELECT id FROM mail_outbox WHERE submission_id = ? AND kind = 'subscription-client' ORDER BY id LIMIT 1",
      )
      .get(c.submission.id);
    expect(confirmation).not.toBeNull();
  });

  test("another engagement's session is refused on every portal route and changes nothing; no session is 401", async () => {
    set("2026-11-16T15:00:00.000Z");
    const owner = await subscribed("kim@harborlaw.example", "2026-11-16");
    const other = await portalClient(t, clock.at, admin, { email: "other@harborlaw.example" });
    for (const action of ["pause", "resume", "cancel"]) {
      const r = await client(other.cookie, action);
      expect({ action, ...r }).toEqual({
        action,
        status: 404,
        body: { error: "This engagement has no monitoring subscription." } as never,
      });
      expect((await t.request(`/api/portal/subscription/${action}`, post())).status).toBe(401);
    }
    expect(subscriptions.viewForEngagement(owner.engagementId)?.state).toBe("active");
    expect(outboxKinds(owner.submission.id)).toEqual([]);
  });

  test("an unknown request and a path that names none are 404, never 5xx", async () => {
    for (const path of [
      "/api/admin/submissions/999999/subscription",
      "/api/admin/submissions/abc/subscription",
    ]) {
      expect((await t.request(path, withCookie(admin))).status).toBe(404);
      expect((await t.request(`${path}/pause`, withCookie(admin, post()))).status).toBe(404);
    }
  });
});

describe("time passes", () => {
  test("the daily job raises each month's charge and each sweep once; a second run raises nothing", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await subscribed("ada@harborlaw.example", "2026-11-16", { cadence: "monthly" });
    set("2026-12-16T15:00:00.000Z");
    const first = jobs.runFor("2026-12-16");
    expect(first.charges.length).toBeGreaterThan(0);
    expect(jobs.runIfDue()).toBeNull();
    const second = jobs.runFor("2026-12-16");
    expect({ charges: second.charges, sweeps: second.sweeps, ended: second.ended }).toEqual({
      charges: [],
      sweeps: [],
      ended: [],
    });
    const view = subscriptions.viewForEngagement(c.engagementId);
    expect(view?.charges.map((x) => [x.from, x.amountCents])).toEqual([
      ["2026-11-16", 150_000],
      ["2026-12-16", 150_000],
    ]);
    expect(view?.paidThrough).toBe("2026-12-15");
    expect(view?.sweeps).toEqual([
      { dueOn: "2026-12-01", deliveredAt: null, receivedAt: null, deliveredOn: null, receivedOn: null },
    ]);
    // A payment on the ledger settles the month raised; the sweep report delivered marks the sweep done.
    pay(c.engagementId, 149_999, "2026-12-16");
    expect(subscriptions.viewForEngagement(c.engagementId)?.paidThrough).toBe("2026-12-15");
    pay(c.engagementId, 1, "2026-12-16");
    expect(subscriptions.viewForEngagement(c.engagementId)?.paidThrough).toBe("2027-01-15");
    const delivered = subscriptions.sweepDelivered({ engagementId: c.engagementId });
    expect(delivered.sweeps).toEqual([
      {
        dueOn: "2026-12-01",
        deliveredAt: clock.at.toISOString(),
        receivedAt: null,
        deliveredOn: "2026-12-16",
        receivedOn: null,
      },
    ]);
    // The next, a month after the first, is 1 January, New Year's Day (a Friday): due Monday the 4th.
    expect(delivered.nextSweepDueOn).toBe("2027-01-04");
    expect(() => subscriptions.sweepDelivered({ engagementId: c.engagementId })).toThrow("No sweep is owed");
  });

  test("after downtime the next run catches up every month and sweep missed, without charging twice", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await subscribed("bo@harborlaw.example", "2026-11-16", { cadence: "monthly" });
    // The server was down from 17 November to 20 February: the first run raises December, January, February.
    set("2027-02-20T15:00:00.000Z");
    expect(jobs.runFor("2027-02-20").charges.length).toBeGreaterThanOrEqual(3);
    const view = subscriptions.viewForEngagement(c.engagementId);
    expect(view?.charges.map((x) => x.from)).toEqual([
      "2026-11-16",
      "2026-12-16",
      "2027-01-16",
      "2027-02-16",
    ]);
    // Monthly from the first sweep (1 December): 1 January 2027 is New Year's Day, so that one is due Monday the 4th.
    expect(view?.sweeps.map((w) => w.dueOn)).toEqual(["2026-12-01", "2027-01-04", "2027-02-01"]);
    expect(jobs.runFor("2027-02-20").charges).toEqual([]);
    expect(subscriptions.viewForEngagement(c.engagementId)?.charges).toHaveLength(4);
  });

  test("a sweep due on a holiday is due the next business day", async () => {
    // Started 11 September 2026: the first sweep on 25 September (the tenth business day), then quarterly, so
    // the sweep of Christmas Day (a Friday) is due Monday 28 December.
    set("2026-09-11T15:00:00.000Z");
    const c = await subscribed("holiday@harborlaw.example", "2026-09-11");
    expect(c.view.nextSweepDueOn).toBe("2026-09-25");
    set("2026-09-25T15:00:00.000Z");
    jobs.runFor("2026-09-25");
    expect(subscriptions.sweepDelivered({ engagementId: c.engagementId }).nextSweepDueOn).toBe("2026-12-28");
  });

  test("notice given on the first day: the month paid still brings its sweep, due inside that month", async () => {
    // Counsel pays the first month on Thursday 19 November 2026 and gives notice the same day (issue 44).
    set("2026-11-19T15:00:00.000Z");
    const c = await subscribed("day-one@harborlaw.example", "2026-11-19");
    expect((await staff(c.submission.id, "cancel")).body).toMatchObject({
      state: "cancelling",
      endsOn: "2026-12-19",
      paidThrough: "2026-12-18",
      // Ten business days on: Thanksgiving (26 November) skipped, the day after it a working day.
      nextSweepDueOn: "2026-12-04",
    });
    // The job runs each day to the end of the notice, twice on the sweep's day: one sweep, no second month.
    for (let day = "2026-11-20"; day <= "2026-12-19"; day = addDays(day, 1)) {
      set(`${day}T15:00:00.000Z`);
      jobs.runFor(day);
      if (day === "2026-12-04") jobs.runFor(day);
    }
    const view = subscriptions.viewForEngagement(c.engagementId);
    expect(view).toMatchObject({ state: "ended", endsOn: "2026-12-19", paidThrough: "2026-12-18" });
    expect(view?.sweeps.map((w) => w.dueOn)).toEqual(["2026-12-04"]);
    expect(view?.charges.map((x) => [x.from, x.to])).toEqual([["2026-11-19", "2026-12-18"]]);
  });

  test("on a Friday evening every date is the firm's Friday, not the UTC Saturday", async () => {
    set("2026-11-20T15:00:00.000Z");
    const c = await subscribed("friday@harborlaw.example", "2026-11-20");
    // 23:30 in New York is 04:30 on Saturday in UTC.
    set("2026-11-21T04:30:00.000Z");
    const r = await staff(c.submission.id, "cancel");
    expect(r.body).toMatchObject({ cancelNoticeOn: "2026-11-20", endsOn: "2026-12-20" });
  });

  test("a cancellation ends on its day; months begun before are billed in full; then every move is refused", async () => {
    set("2026-11-16T15:00:00.000Z");
    const c = await subscribed("end@harborlaw.example", "2026-11-16");
    set("2026-12-10T15:00:00.000Z");
    expect((await staff(c.submission.id, "cancel")).body).toMatchObject({ endsOn: "2027-01-09" });
    set("2027-01-08T15:00:00.000Z");
    jobs.runFor("2027-01-08");
    expect(subscriptions.viewForEngagement(c.engagementId)?.state).toBe("cancelling");
    set("2027-01-09T15:00:00.000Z");
    const run = jobs.runFor("2027-01-09");
    expect(run.ended.length).toBeGreaterThan(0);
    const view = subscriptions.viewForEngagement(c.engagementId);
    expect(view).toMatchObject({ state: "ended", nextChargeOn: null, endsOn: "2027-01-09" });
    expect(view?.charges.map((x) => [x.from, x.to, x.amountCents])).toEqual([
      ["2026-11-16", "2026-12-15", 150_000],
      ["2026-12-16", "2027-01-15", 150_000],
    ]);
    for (const action of ["pause", "resume", "cancel"]) {
      const r = await staff(c.submission.id, action);
      expect(r.status).toBe(409);
      expect(r.body.error).toContain("ended on 2027-01-09");
    }
  });
});

describe("the operator's command and the data at rest", () => {
  test("tracewell subscriptions: a dry run writes nothing, a date after today is refused, a run raises what is due once", () => {
    set("2026-11-16T15:00:00.000Z");
    const out: string[] = [];
    const err: string[] = [];
    const run = (args: string[]) =>
      subscriptionsCommand(args, {
        config: t.config,
        openStore: () => openDataStore(t.config, { clock: () => clock.at }),
        io: { stdout: (s) => out.push(s), stderr: (s) => err.push(s) },
      });
    expect(run(["--as-of", "2026-11-17"])).toBe(2);
    expect(err.join("")).toContain("after the firm's today (2026-11-16)");
    expect(run(["--as-of", "2026-13-01"])).toBe(2);
    set("2027-03-01T15:00:00.000Z");
    const before = t.db.query("SELECT count(*) AS n FROM subscription_charges").get();
    expect(run(["--as-of", "2027-03-01", "--dry-run"])).toBe(0);
    expect(out.at(-1)).toContain("(nothing was written)");
    expect(t.db.query("SELECT count(*) AS n FROM subscription_charges").get()).toEqual(before);
    expect(run(["--as-of", "2027-03-01"])).toBe(0);
    expect(out.at(-1)).toMatch(/raised \d+ items?:\ncharge/);
    expect(run(["--as-of", "2027-03-01"])).toBe(0);
    expect(out.at(-1)).toContain("nothing new to raise");
  });

  test("no subject's name is readable anywhere in the data folder, the write-ahead log included", () => {
    expect(t.db.query("SELECT count(*) AS n FROM subscriptions").get()).toMatchObject({
      n: expect.any(Number),
    });
    expect(scanForMarkers([t.dataDir], SUBJECTS)).toEqual([]);
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], SUBJECTS)).toEqual([]);
  });
});
