import { runDatedCommand } from "../../cli/as-of-flags";
import { SUBSCRIPTIONS_HELP } from "../../contracts/commands-help";
import type { DataStore } from "../../store";
import type { SubscriptionJobs } from "./jobs";
import type { RunResult, SubscriptionsService } from "./service";

export { SUBSCRIPTIONS_HELP };

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
    /**
     * The subscriptions as the composition root builds them over the store opened (src/compose.ts): the job the
     * server's timer runs, with the same hooks (each month raised is written to the ledger at once).
     */
    subscriptionsOf: (store: DataStore) => {
      service: Pick<SubscriptionsService, "today">;
      jobs: Pick<SubscriptionJobs, "runFor">;
    };
    io?: Partial<{ stdout: (s: string) => void; stderr: (s: string) => void }>;
  },
): number {
  return runDatedCommand(args, {
    help: SUBSCRIPTIONS_HELP,
    openStore: deps.openStore,
    io: deps.io,
    later: { why: "nothing is charged before it falls due", shows: "raised" },
    job: (store) => {
      const { service, jobs } = deps.subscriptionsOf(store);
      return {
        today: service.today(),
        run: (day, dryRun) => {
          const found = lines(jobs.runFor(day, dryRun));
          const verb = dryRun ? "would raise" : "raised";
          return found.length === 0
            ? `Subscriptions as of ${day}: nothing ${dryRun ? "would be raised" : "new to raise"}.\n`
            : `Subscriptions as of ${day} ${verb} ${found.length} ${found.length === 1 ? "item" : "items"}${dryRun ? " (nothing was written)" : ""}:\n${found.join("\n")}\n`;
        },
      };
    },
  }) as number;
}
