import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { waitUntil } from "../../../tests/helpers/wait";
import type { Config } from "../../config";
import { openDatabase } from "../../db/index";
import { silentLogger } from "../../log";
import type { DataStore } from "../../store";
import { createBackups } from "./index";
import { backupSchedule, backupWarning } from "./jobs";
import { archiveTime, backupSettings, parseCron } from "./model";
import { createBackupService, type RunRecord } from "./service/index";

const root = mkdtempSync(join(tmpdir(), "tracewell-backup-jobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const TZ = "America/New_York";

test("nightly runs on an injected clock leave what the keep rule keeps in the backup folder, each verified", async () => {
  const dataDir = join(root, "data");
  openDatabase(join(dataDir, "tracewell.db")).close();
  let clock = new Date("2025-01-01T07:30:00Z");
  const runs: RunRecord[] = [];
  const settings = backupSettings({ BACKUP_KEEP: "3 daily, 2 weekly, 2 monthly" }, { dataDir, timeZone: TZ });
  const service = createBackupService({
    settings,
    dataDir,
    keys: () => [new Uint8Array(32).fill(7)],
    app: { name: "tracewell", version: "test" },
    now: () => clock,
    logger: silentLogger,
    record: (run) => runs.push(run),
  });
  for (let night = 0; night < 45; night++) {
    await service.run();
    clock = new Date(clock.getTime() + 86_400_000);
  }
  expect(runs.length).toBe(45);
  expect(runs.every((r) => r.ok && r.verified && r.bytes > 0)).toBe(true);
  const left = readdirSync(settings.dir)
    .map((n) => archiveTime(n)?.toISOString().slice(0, 10))
    .sort();
  // Last night 2025-02-14 (a Friday): three days, this week's and last week's newest (Sunday the 9th), this
  // month's and January's newest (the 31st).
  expect(left).toEqual(["2025-01-31", "2025-02-09", "2025-02-12", "2025-02-13", "2025-02-14"]);
  // 45 archives, each written and then decrypted and checked: about 2 s alone, past the default 5 s on a busy machine.
}, 30_000);

/** A data folder of its own: a migrated database, opened as the server opens it, and its backup folder. */
function dataFolder(name: string) {
  const dataDir = join(root, name);
  const db = openDatabase(join(dataDir, "tracewell.db"));
  return { dataDir, db, store: { db } as unknown as DataStore };
}

/**
 * The server's backups over a data folder, as the server builds them (createBackups), on an injected clock. A
 * second call on the same folder is the server started again: nothing is shared but the database.
 */
function server(folder: ReturnType<typeof dataFolder>, clock: { at: Date }, schedule = "30 2 * * *") {
  const settings = backupSettings({ BACKUP_SCHEDULE: schedule }, { dataDir: folder.dataDir, timeZone: TZ });
  return createBackups({
    store: folder.store,
    config: {
      dataDir: folder.dataDir,
      dataKeys: [new Uint8Array(32).fill(7)],
      desk: { timeZone: TZ },
    } as Config,
    auth: { requireAdmin: new Elysia({ name: "no-admin" }) } as never,
    logger: silentLogger,
    now: () => clock.at,
    app: { name: "tracewell", version: "test" },
    settings: { ...settings, keep: { daily: 30, weekly: 0, monthly: 0 } },
  });
}
const lastRun = (folder: ReturnType<typeof dataFolder>) =>
  (
    folder.db.query("SELECT last_day AS day FROM scheduled_runs WHERE job = 'backup_schedule'").get() as {
      day: string;
    } | null
  )?.day;
const backupsTaken = (folder: ReturnType<typeof dataFolder>) =>
  (folder.db.query("SELECT count(*) AS n FROM backup_runs WHERE ok = 1").get() as { n: number }).n;

describe("the schedule on the calendar job", () => {
  test("a restart within the backup minute takes no second backup", async () => {
    const folder = dataFolder("restart");
    const clock = { at: new Date("2026-06-02T06:29:30Z") }; // 02:29:30 EDT
    const first = server(folder, clock);
    const stopFirst = first.start({ tickMs: 2 });
    clock.at = new Date("2026-06-02T06:30:05Z");
    await waitUntil("the 02:30 backup", () => backupsTaken(folder) === 1);
    stopFirst();
    // Started again at 02:30:40: the same minute, a new process with nothing in memory.
    clock.at = new Date("2026-06-02T06:30:40Z");
    const second = server(folder, clock);
    const stopSecond = second.start({ tickMs: 2 });
    // A start asks at once (its first turn runs before start returns): a run owed now would be running.
    expect(second.service.running()).toBe(false);
    stopSecond();
    expect(backupsTaken(folder)).toBe(1);
    expect(readdirSync(join(folder.dataDir, "backups")).filter((n) => n.endsWith(".twbackup"))).toEqual([
      "tracewell-20260602T063005000Z.twbackup",
    ]);
  });

  test("a run missed while the server was stopped runs when it starts, once", async () => {
    const folder = dataFolder("missed");
    const clock = { at: new Date("2026-06-02T06:29:00Z") };
    const night = server(folder, clock);
    const stopNight = night.start({ tickMs: 2 });
    clock.at = new Date("2026-06-02T06:30:00Z");
    await waitUntil("the first night's backup", () => backupsTaken(folder) === 1);
    stopNight();
    // Stopped over the next two nights; started at 09:00 on the 4th.
    clock.at = new Date("2026-06-04T13:00:00Z");
    const morning = server(folder, clock);
    const stopMorning = morning.start({ tickMs: 2 });
    await waitUntil("the missed backup, at start", () => backupsTaken(folder) === 2);
    await waitUntil("the run remembered", () => lastRun(folder) === "2026-06-04T06:30Z");
    stopMorning();
    expect(morning.lastGood()?.at).toBe("2026-06-04T13:00:00.000Z");
    // Once: started again later that day, nothing more is owed (the 3rd's missed night is not run as well).
    clock.at = new Date("2026-06-04T15:00:00Z");
    const afternoon = server(folder, clock);
    const stopAfternoon = afternoon.start({ tickMs: 2 });
    expect(afternoon.service.running()).toBe(false);
    stopAfternoon();
    expect(backupsTaken(folder)).toBe(2);
  });

  test("a new data folder is not backed up the moment it starts: its first run is the next time named", async () => {
    const folder = dataFolder("fresh");
    const clock = { at: new Date("2026-06-02T13:00:00Z") };
    const fresh = server(folder, clock);
    const stop = fresh.start({ tickMs: 2 });
    expect(fresh.service.running()).toBe(false);
    expect(backupsTaken(folder)).toBe(0);
    clock.at = new Date("2026-06-03T06:30:00Z");
    await waitUntil("the first 02:30", () => backupsTaken(folder) === 1);
    stop();
  });
});

/**
 * The schedule's turns walked minute by minute over a day on an injected clock, with scheduled_runs in a real
 * database: the instants a run started at.
 */
async function walk(opts: {
  schedule: string;
  timeZone: string;
  from: string;
  to: string;
  stepMinutes?: number;
}) {
  const folder = dataFolder(`walk-${crypto.randomUUID()}`);
  let at = new Date(opts.from);
  const started: string[] = [];
  const job = backupSchedule({
    store: folder.store,
    schedule: parseCron(opts.schedule),
    timeZone: opts.timeZone,
    now: () => at,
    run: async () => {
      started.push(at.toISOString());
    },
    logger: silentLogger,
    lastBackupAt: () => null,
    since: at,
  });
  for (let t = Date.parse(opts.from); t <= Date.parse(opts.to); t += (opts.stepMinutes ?? 1) * 60_000) {
    at = new Date(t);
    await job.runIfDue();
  }
  folder.db.close();
  return started;
}

describe("the schedule on the days the clock changes", () => {
  // Each walks a day around the change minute by minute and lists the backups started.
  test.each([
    {
      name: "spring forward in New York: the 02:30 that does not exist runs at 03:00 EDT, exactly once",
      schedule: "30 2 * * *",
      timeZone: TZ,
      from: "2026-03-07T12:00:00Z",
      to: "2026-03-08T12:00:00Z",
      runs: ["2026-03-08T07:00:00.000Z"],
    },
    {
      name: "spring forward in Berlin: 02:30 runs at 03:00 CEST, exactly once",
      schedule: "30 2 * * *",
      timeZone: "Europe/Berlin",
      from: "2026-03-28T12:00:00Z",
      to: "2026-03-29T12:00:00Z",
      runs: ["2026-03-29T01:00:00.000Z"],
    },
    {
      name: "fall back in New York: 01:30 comes twice and runs once",
      schedule: "30 1 * * *",
      timeZone: TZ,
      from: "2026-10-31T12:00:00Z",
      to: "2026-11-01T12:00:00Z",
      runs: ["2026-11-01T05:30:00.000Z"],
    },
    {
      name: "fall back in Berlin: 02:30 comes twice and runs once",
      schedule: "30 2 * * *",
      timeZone: "Europe/Berlin",
      from: "2026-10-24T12:00:00Z",
      to: "2026-10-25T12:00:00Z",
      runs: ["2026-10-25T00:30:00.000Z"],
    },
  ])("$name", async ({ runs, ...day }) => {
    expect(await walk(day)).toEqual([...runs]);
  });

  test("0 3 1 * 1 runs on the 1st and on every Monday, as cron does", async () => {
    // December 2026: Tuesday the 1st, then Mondays the 7th and 14th; 03:00 EST is 08:00Z.
    expect(
      await walk({
        schedule: "0 3 1 * 1",
        timeZone: TZ,
        from: "2026-11-30T12:00:00Z",
        to: "2026-12-15T12:00:00Z",
        stepMinutes: 5,
      }),
    ).toEqual(["2026-12-01T08:00:00.000Z", "2026-12-07T08:00:00.000Z", "2026-12-14T08:00:00.000Z"]);
  });
});

test("a failed run, or no good one for 26 hours while scheduled, is a warning", () => {
  const now = new Date("2025-03-10T12:00:00Z");
  const base = {
    scheduled: true,
    now,
    staleAfterMs: 26 * 3_600_000,
    since: new Date("2025-03-01T00:00:00Z"),
    timeZone: "America/New_York",
  };
  expect(
    backupWarning({
      ...base,
      last: { at: "2025-03-10T06:30:00Z", ok: false, error: "disk full" },
      lastGoodAt: null,
    }),
  ).toBe("The last backup, at 10 Mar 2025, 2:30 AM EDT, failed: disk full");
  expect(backupWarning({ ...base, last: null, lastGoodAt: "2025-03-09T06:30:00Z" })).toBe(
    "No backup has succeeded since 9 Mar 2025, 1:30 AM EST, more than 26 hours ago",
  );
  expect(backupWarning({ ...base, last: null, lastGoodAt: "2025-03-09T12:30:00Z" })).toBeNull();
  expect(backupWarning({ ...base, scheduled: false, last: null, lastGoodAt: null })).toBeNull();
});

describe("names and the keep rule (ADR 287)", () => {
  test("two backups in one second get two names, and manual and pre-upgrade copies outlive the keep rule", async () => {
    const dataDir = join(root, "names");
    openDatabase(join(dataDir, "tracewell.db")).close();
    let clock = new Date("2025-03-03T07:30:00.120Z");
    const settings = backupSettings({ BACKUP_KEEP: "1 daily" }, { dataDir, timeZone: TZ });
    const service = createBackupService({
      settings,
      dataDir,
      keys: () => [new Uint8Array(32).fill(7)],
      app: { name: "tracewell", version: "test" },
      now: () => clock,
      logger: silentLogger,
    });
    const first = await service.run();
    clock = new Date("2025-03-03T07:30:00.480Z");
    const second = await service.run({ manual: true });
    clock = new Date("2025-03-03T07:30:00.910Z");
    const third = await service.run();
    expect([first.ok, second.ok, third.ok]).toEqual([true, true, true]);
    expect([first.name, second.name, third.name]).toEqual([
      "tracewell-20250303T073000120Z.twbackup",
      "tracewell-manual-20250303T073000480Z.twbackup",
      "tracewell-20250303T073000910Z.twbackup",
    ]);
    // A copy a start took before an upgrade, and a backup an earlier version named to the second.
    const upgrade = "pre-upgrade-schema-41-20250101T000000000Z.twbackup";
    const older = "tracewell-20250101T000000Z.twbackup";
    for (const name of [upgrade, older]) writeFileSync(join(settings.dir, name), "sealed");
    // A week of nights later, one daily kept: of the scheduled ones only the newest stays.
    for (let night = 1; night <= 7; night++) {
      clock = new Date(Date.parse("2025-03-03T07:30:00Z") + night * 86_400_000);
      await service.run();
    }
    const left = readdirSync(settings.dir).sort();
    expect(left).toEqual([
      upgrade,
      "tracewell-20250310T073000000Z.twbackup",
      "tracewell-manual-20250303T073000480Z.twbackup",
    ]);
    const listed = (await service.list())[0]?.items.map((i) => [i.name, i.kind]);
    expect(listed).toEqual([
      ["tracewell-20250310T073000000Z.twbackup", "scheduled"],
      ["tracewell-manual-20250303T073000480Z.twbackup", "manual"],
      [upgrade, "upgrade"],
    ]);
    expect(archiveTime(older)?.toISOString()).toBe("2025-01-01T00:00:00.000Z");
  });
});
