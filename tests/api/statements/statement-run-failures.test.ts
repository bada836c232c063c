import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { FailedStatement } from "../../../src/contracts/statements";
import { createLogger } from "../../../src/log";
import { failedStatements } from "../../../src/modules/statements";
import { signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";

setDefaultTimeout(60_000);

/**
 * The monthly statement run goes on past an engagement it cannot state (ADR 282): the failure is logged with the
 * engagement and why, the others get theirs, the day is recorded done (no retry every minute), the failed one
 * is tried again the next day, and the dashboard lists it meanwhile. A real data folder; the failure is a row
 * the statement needs that cannot be read (its request's sealed name, damaged).
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const clock = { at: new Date("2026-07-15T15:00:00.000Z") };
const lines: string[] = [];
const t = makeTestApp(
  { ...NEW_YORK_DESK, HOLIDAYS: "US" },
  { now: () => clock.at, logger: createLogger("info", (line) => void lines.push(line)) },
);
const jobs = t.app.decorator.statementJobs;
const statementsOf = (engagementId: number) =>
  t.app.decorator.statements.list(engagementId).map((s) => [s.number, s.throughOn]);
const events = (name: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === name);
const failedList = async () => {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  const res = await t.request("/api/admin/statements/failed", withCookie(admin));
  expect(res.status).toBe(200);
  return ((await res.json()) as { failed: FailedStatement[] }).failed;
};

describe("the monthly run with an engagement it cannot state", () => {
  const clients: Awaited<ReturnType<typeof portalClient>>[] = [];
  let sealedName = "";

  test("the others get theirs, the failure is logged and kept, and the day is done", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    // Three engagements signed in July: each owes its flat fee, a July entry.
    for (const email of ["first@example.com", "middle@example.com", "last@example.com"])
      clients.push(await portalClient(t, clock.at, admin, { email }));
    const [first, middle, last] = clients as [(typeof clients)[0], (typeof clients)[0], (typeof clients)[0]];
    // The middle one's request record is damaged: its sealed name no longer decrypts.
    sealedName = (
      t.db.query("SELECT name FROM contact_submissions WHERE id = ?").get(middle.submission.id) as {
        name: string;
      }
    ).name;
    t.db.run("UPDATE contact_submissions SET name = ? WHERE id = ?", [
      `${sealedName.slice(0, -8)}AAAAAAAA`,
      middle.submission.id,
    ]);

    // Monday 3 August 2026, 9:05 in New York: the month's first business day.
    clock.at = new Date("2026-08-03T13:05:00.000Z");
    const run = await jobs.runIfDue();
    expect(run?.issued.map((s) => s.engagementId)).toEqual([first.engagementId, last.engagementId]);
    expect(run?.failed.map((f) => f.engagementId)).toEqual([middle.engagementId]);
    expect(statementsOf(first.engagementId)).toEqual([[1, "2026-07-31"]]);
    expect(statementsOf(last.engagementId)).toEqual([[1, "2026-07-31"]]);
    expect(statementsOf(middle.engagementId)).toEqual([]);

    const [logged] = events("statement_failed");
    expect(logged).toMatchObject({
      level: "error",
      engagementId: middle.engagementId,
      through: "2026-07-31",
    });
    expect(String(logged?.reason)).not.toBe("");
    // The day is done: a minute later, and a restart's second timer, find nothing owed.
    clock.at = new Date("2026-08-03T13:06:00.000Z");
    expect(await jobs.runIfDue()).toBeNull();
    expect(events("statement_failed")).toHaveLength(1);
    expect(t.db.query("SELECT last_day AS day FROM scheduled_runs WHERE job = 'statements'").get()).toEqual({
      day: "2026-08-03",
    });
  });

  test("the dashboard's API and the exported list name the engagement that failed, and why", async () => {
    const middle = clients[1] as (typeof clients)[0];
    expect(failedStatements(t.store)).toMatchObject([
      { engagementId: middle.engagementId, throughOn: "2026-07-31", failedOn: "2026-08-03", attempts: 1 },
    ]);
    const [failed] = await failedList();
    expect(failed).toMatchObject({
      submissionId: middle.submission.id,
      throughOn: "2026-07-31",
      failedOn: "2026-08-03",
      attempts: 1,
    });
    expect(failed?.reason).toBe(String(events("statement_failed")[0]?.reason));
  });

  test("run twice on the same day by the operator's command: nothing twice, the failure kept once", async () => {
    const again = await jobs.runFor("2026-08-03");
    expect(again.issued).toEqual([]);
    expect(again.failed.map((f) => f.engagementId)).toEqual([clients[1]?.engagementId as number]);
    expect(clients.map((c) => statementsOf(c.engagementId).length)).toEqual([1, 0, 1]);
    expect(failedStatements(t.store)).toHaveLength(1);
  });

  test("the next day it is tried again, once; repaired, it gets its statement and leaves the list", async () => {
    const middle = clients[1] as (typeof clients)[0];
    // Tuesday, still damaged: tried once, failed again, and not again that day.
    clock.at = new Date("2026-08-04T13:05:00.000Z");
    const retry = await jobs.runIfDue();
    expect(retry?.failed.map((f) => f.engagementId)).toEqual([middle.engagementId]);
    expect(await jobs.runIfDue()).toBeNull();
    expect(failedStatements(t.store)).toMatchObject([{ failedOn: "2026-08-04", attempts: 3 }]);

    // Repaired (restored from the backup's copy); Wednesday's retry states it, through the day it was owed.
    t.db.run("UPDATE contact_submissions SET name = ? WHERE id = ?", [sealedName, middle.submission.id]);
    clock.at = new Date("2026-08-05T13:05:00.000Z");
    const repaired = await jobs.runIfDue();
    expect(repaired?.issued.map((s) => [s.engagementId, s.number, s.throughOn])).toEqual([
      [middle.engagementId, 1, "2026-07-31"],
    ]);
    expect(failedStatements(t.store)).toEqual([]);
    expect(await failedList()).toEqual([]);
    // Nothing more to try: the days after owe nothing until September's run.
    clock.at = new Date("2026-08-06T13:05:00.000Z");
    expect(await jobs.runIfDue()).toBeNull();
    expect(clients.map((c) => statementsOf(c.engagementId).length)).toEqual([1, 1, 1]);
  });
});
