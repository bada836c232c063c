import { runDatedCommand } from "../../cli/as-of-flags";
import { STATEMENTS_HELP } from "../../contracts/commands-help";
import type { Logger } from "../../log";
import { silentLogger } from "../../log";
import type { DataStore } from "../../store";
import { createStatementJobs } from "./jobs";
import { createStatementsService, type StatementsServiceDeps } from "./service";

export { STATEMENTS_HELP };

/** What the command needs of the app around it, for the store it opens. */
export type StatementsCliParts = Omit<StatementsServiceDeps, "store" | "outbox" | "now" | "logger"> & {
  engagementIds: () => readonly number[];
  /** The mail the statements queue (the server's outbox sends it once it runs). */
  outbox: StatementsServiceDeps["outbox"];
};

/**
 * `tracewell statements [--as-of YYYY-MM-DD] [--dry-run]`: the monthly statements the month of that date owes
 * (the firm's today by default), for an operator catching up after downtime. A date after the firm's today is
 * refused unless it is a dry run. Returns the exit code.
 */
export async function statementsCli(
  args: string[],
  deps: {
    openStore: () => DataStore;
    partsOf: (store: DataStore) => StatementsCliParts;
    now: () => Date;
    logger?: Logger;
    io?: Partial<{ stdout: (s: string) => void; stderr: (s: string) => void }>;
  },
): Promise<number> {
  return runDatedCommand(args, {
    help: STATEMENTS_HELP,
    openStore: deps.openStore,
    io: deps.io,
    later: { why: "no statement is issued before its day", shows: "issued" },
    job: (store) => {
      const parts = deps.partsOf(store);
      const logger = deps.logger ?? silentLogger;
      const service = createStatementsService({ ...parts, store, now: deps.now, logger });
      const jobs = createStatementJobs({
        store,
        service,
        calendar: parts.calendar,
        engagementIds: parts.engagementIds,
        logger,
        now: deps.now,
      });
      return {
        today: service.today(),
        run: async (day, dryRun) => {
          const run = await jobs.runFor(day, dryRun);
          if (!run.day)
            return `Statements as of ${day}: the month's run is on its first business day, not yet come.\n`;
          const lines = dryRun
            ? run.due.map((id) => `engagement ${id}\tthrough ${run.through}`)
            : run.issued.map(
                (s) => `engagement ${s.engagementId}\tstatement ${s.number}\tthrough ${s.throughOn}`,
              );
          // What could not be stated is said too: the run went on past it, and tries it again the next day.
          const failed = run.failed.map((f) => `engagement ${f.engagementId}\tfailed\t${f.reason}`);
          const failures = failed.length
            ? `Could not state ${failed.length} (tried again the next day):\n${failed.join("\n")}\n`
            : "";
          return lines.length === 0
            ? `Statements of ${run.day} (through ${run.through}): nothing ${dryRun ? "would be issued" : "new to issue"}.\n${failures}`
            : `Statements of ${run.day} (through ${run.through}) ${dryRun ? "would issue" : "issued"} ${lines.length}${dryRun ? " (nothing was written)" : ""}:\n${lines.join("\n")}\n${failures}`;
        },
      };
    },
  });
}
