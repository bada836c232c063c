import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataStore } from "../store";
import { parseAsOfFlags, runDatedCommand } from "./as-of-flags";

test("--dry-run and --as-of, in either form, and what is refused", () => {
  expect(parseAsOfFlags([])).toEqual({ flags: { dryRun: false, asOf: undefined } });
  expect(parseAsOfFlags(["--dry-run", "--as-of", "2026-09-01"])).toEqual({
    flags: { dryRun: true, asOf: "2026-09-01" },
  });
  expect(parseAsOfFlags(["--as-of=2026-09-01"])).toEqual({ flags: { dryRun: false, asOf: "2026-09-01" } });
  expect(parseAsOfFlags(["--as-of", "tomorrow"])).toEqual({
    problem: '--as-of needs a date as YYYY-MM-DD (got "tomorrow").',
  });
  expect(parseAsOfFlags(["--as-of=2026-02-30"])).toEqual({
    problem: "--as-of needs a date as YYYY-MM-DD: There is no 2026-02-30 on the calendar.",
  });
  expect(parseAsOfFlags(["--force"])).toEqual({ problem: 'Unknown argument "--force".' });
});

describe("a calendar job run by command for a date", () => {
  const opened: Database[] = [];
  const dir = mkdtempSync(join(tmpdir(), "tracewell-dated-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const openStore = () => {
    const db = new Database(join(dir, `${opened.length}.sqlite`));
    opened.push(db);
    return { db } as unknown as DataStore;
  };
  const closed = (db: Database | undefined) => {
    try {
      db?.query("SELECT 1").get();
      return false;
    } catch {
      return true;
    }
  };
  const run = (args: string[], job: (day: string, dryRun: boolean) => string | Promise<string>) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runDatedCommand(args, {
      help: "  tracewell job [--as-of YYYY-MM-DD] [--dry-run]",
      openStore,
      later: { why: "nothing falls due before its day", shows: "done" },
      job: () => ({ today: "2026-11-16", run: job }),
      io: { stdout: (s) => out.push(s), stderr: (s) => err.push(s) },
    });
    return { code, out, err };
  };

  test("a bad flag is shown above the usage and opens nothing; a later date is refused unless it is a dry run", () => {
    expect(run(["--as-of", "soon"], () => "")).toMatchObject({ code: 2 });
    expect(opened).toHaveLength(0);
    const later = run(["--as-of", "2026-11-17"], () => "ran\n");
    expect(later.code).toBe(2);
    expect(later.err.join("")).toBe(
      "--as-of 2026-11-17 is after the firm's today (2026-11-16): nothing falls due before its day. Add --dry-run to see what would be done.\n",
    );
    expect(run(["--as-of", "2026-11-17", "--dry-run"], (day, dry) => `${day} ${dry}\n`)).toMatchObject({
      code: 0,
      out: ["2026-11-17 true\n"],
    });
    expect(run([], (day, dry) => `${day} ${dry}\n`)).toMatchObject({ code: 0, out: ["2026-11-16 false\n"] });
    expect(opened.every(closed)).toBe(true);
  });

  test("the data folder is closed whatever the run does: says, throws, or awaits", async () => {
    expect(() =>
      run([], () => {
        throw new Error("disk full");
      }),
    ).toThrow("disk full");
    expect(closed(opened.at(-1))).toBe(true);
    let finish: (s: string) => void = () => {};
    const pending = run([], () => new Promise<string>((resolve) => (finish = resolve)));
    // Open while the run renders; closed once it ends.
    expect(closed(opened.at(-1))).toBe(false);
    finish("issued 2\n");
    expect(await pending.code).toBe(0);
    expect(pending.out).toEqual(["issued 2\n"]);
    expect(closed(opened.at(-1))).toBe(true);
  });
});
