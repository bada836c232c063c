import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitUntil } from "../../../tests/helpers/wait";
import { openDatabase } from "../../db/index";
import { silentLogger } from "../../log";
import { backupWarning, startSchedule } from "./jobs";
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
});

test("the schedule starts one run in each minute it names, on the firm's clock", async () => {
  let clock = new Date("2025-03-10T06:29:00Z"); // 02:29 in New York (EDT)
  const started: string[] = [];
  const stop = startSchedule({
    schedule: parseCron("30 2 * * *"),
    timeZone: TZ,
    now: () => clock,
    run: async () => {
      started.push(clock.toISOString());
    },
    logger: silentLogger,
    tickMs: 2,
  });
  clock = new Date("2025-03-10T06:30:05Z");
  await waitUntil("the 02:30 run", () => started.length === 1);
  clock = new Date("2025-03-10T06:30:40Z"); // the same minute: no second run
  clock = new Date("2025-03-10T06:31:00Z"); // 02:31: not named
  clock = new Date("2025-03-11T06:30:00Z");
  await waitUntil("the next night's run", () => started.length === 2);
  expect(started).toEqual(["2025-03-10T06:30:05.000Z", "2025-03-11T06:30:00.000Z"]);
  stop();
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
