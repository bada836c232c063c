import { parseAsOfFlags } from "../../cli/as-of-flags";
import { SUBSCRIPTIONS_HELP } from "../../contracts/commands-help";
import { closeDatabase } from "../../db";
import type { Logger } from "../../log";
import { silentLogger } from "../../log";
import type { DataStore } from "../../store";
import { createSubscriptionJobs } from "./jobs";
import { createSubscriptionsService, type FirmCalendar, type RunResult } from "./service";

export { SUBSCRIPTIONS_HELP };

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

const lines = (r: RunResult) => [
  ...r.charges.map(
    (c) => `charge\tsubscription ${c.subscriptionId}\t${c.from} to ${c.to}\t${c.amountCents} cents`,
  ),
  ...r.sweeps.map((w) => `sweep\tsubscription ${w.subscriptionId}\tdue ${w.dueOn}`),
  ...r.ended.map((e) => `ended\tsubscription ${e.subscriptionId}\ton ${e.endsOn}`),
];

/**
 * `tracewell subscriptions [--as-of YYYY-MM-DD] [--dry-run]`: the daily run of the subscriptions' calendar, for
 * an operator catching up after downtime. A date after the firm's today is refused unless it is a dry run:
 * nothing is charged before it falls due. Returns the exit code.
 */
export function subscriptionsCli(
  args: string[],
  deps: {
    openStore: () => DataStore;
    calendarOf: (store: DataStore) => FirmCalendar;
    now: () => Date;
    logger?: Logger;
    io?: Partial<Io>;
  },
): number {
  const io: Io = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    ...deps.io,
  };
  const usage = (problem: string) => {
    io.stderr(`${problem}\n\nUsage:\n${SUBSCRIPTIONS_HELP}\n`);
    return 2;
  };
  const parsed = parseAsOfFlags(args);
  if ("problem" in parsed) return usage(parsed.problem);
  const { dryRun, asOf } = parsed.flags;

  const store = deps.openStore();
  try {
    const calendar = deps.calendarOf(store);
    // The run raises charges and sweeps only; it sends no mail, so its outbox takes nothing.
    const service = createSubscriptionsService({
      store,
      calendar,
      outbox: { enqueue: () => null, wake: () => {} },
      now: deps.now,
    });
    const today = service.today();
    const day = asOf ?? today;
    if (day > today && !dryRun) {
      io.stderr(
        `--as-of ${day} is after the firm's today (${today}): nothing is charged before it falls due. Add --dry-run to see what would be raised.\n`,
      );
      return 2;
    }
    const jobs = createSubscriptionJobs({
      store,
      service,
      logger: deps.logger ?? silentLogger,
      now: deps.now,
    });
    const result = jobs.runFor(day, dryRun);
    const found = lines(result);
    const verb = dryRun ? "would raise" : "raised";
    io.stdout(
      found.length === 0
        ? `Subscriptions as of ${day}: nothing ${dryRun ? "would be raised" : "new to raise"}.\n`
        : `Subscriptions as of ${day} ${verb} ${found.length} ${found.length === 1 ? "item" : "items"}${dryRun ? " (nothing was written)" : ""}:\n${found.join("\n")}\n`,
    );
    return 0;
  } finally {
    closeDatabase(store.db);
  }
}
