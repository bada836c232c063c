import { expect, test } from "bun:test";
import { waitUntil } from "../../tests/helpers/wait";
import { every } from "./every";

const logs = () => {
  const lines: { event: string; fields: Record<string, unknown> }[] = [];
  return {
    lines,
    logger: { error: (event: string, fields: Record<string, unknown> = {}) => lines.push({ event, fields }) },
  };
};
const until = (what: string, ok: () => boolean) => waitUntil(what, ok, { timeoutMs: 2_000, everyMs: 5 });

test("the work runs at once, then every interval, until stopped", async () => {
  const { logger } = logs();
  let turns = 0;
  const stop = every({ name: "job", ms: 10, logger, run: () => turns++ });
  expect(turns).toBe(1);
  await until("three turns", () => turns >= 3);
  stop();
  const after = turns;
  // Four intervals with no turn after the stop: the pause is the test.
  await Bun.sleep(40);
  expect(turns).toBe(after);
});

test("a turn that throws or rejects is logged under the job's name, and the next turn still runs", async () => {
  const { lines, logger } = logs();
  let turns = 0;
  const stop = every({
    name: "digest",
    ms: 10,
    logger,
    run: () => {
      turns++;
      if (turns === 1) throw new Error("mail store unreadable");
      if (turns === 2) return Promise.reject(new Error("disk full"));
    },
  });
  await until("three turns", () => turns >= 3);
  stop();
  expect(lines.slice(0, 2)).toEqual([
    { event: "digest_error", fields: { error: "mail store unreadable" } },
    { event: "digest_error", fields: { error: "disk full" } },
  ]);
});

test("a job can wait one interval before its first turn", async () => {
  const { logger } = logs();
  let turns = 0;
  const stop = every({ name: "watch", ms: 10, logger, run: () => turns++, immediately: false });
  expect(turns).toBe(0);
  await until("the first turn", () => turns >= 1);
  stop();
});

test("a turn that comes while the last one's promise is still pending is left be: no job runs over itself", async () => {
  const { logger } = logs();
  let started = 0;
  let finish = () => {};
  const from = Date.now();
  const stop = every({
    name: "statements",
    ms: 5,
    logger,
    run: () => {
      started++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
  });
  // Ten intervals pass while the first run renders: none of them starts a second.
  await until("ten intervals", () => Date.now() - from >= 50);
  expect(started).toBe(1);
  finish();
  await until("the next turn once it ended", () => started >= 2);
  stop();
  finish();
});
