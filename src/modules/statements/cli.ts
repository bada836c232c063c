import { runDatedCommand } from "../../cli/as-of-flags";
import { STATEMENTS_HELP } from "../../contracts/commands-help";
import type { DataStore } from "../../store";
import type { StatementJobs } from "./jobs";
import type { StatementsService } from "./service";

export { STATEMENTS_HELP };

/**
 * `tracewell statements [--as-of YYYY-MM-DD] [--dry-run]`: the monthly statements the month of that date owes
 * (the firm's today by default), for an operator catching up after downtime. A date after the firm's today is
 * refused unless it is a dry run. Returns the exit code.
 */
export async function statementsCli(
  args: string[],
  deps: {
    openStore: () => DataStore;
    /**
     * The statements as the composition root builds them over the store opened (src/compose.ts): the run the
     * server's timer makes, the client's mail queued in the outbox the server sends from.
     */
    statementsOf: (store: DataStore) => {
      service: Pick<StatementsService, "today">;
      jobs: Pick<StatementJobs, "runFor">;
    };
    io?: Partial<{ stdout: (s: string) => void; stderr: (s: string) => void }>;
  },
): Promise<number> {
  return runDatedCommand(args, {
    help: STATEMENTS_HELP,
    openStore: deps.openStore,
    io: deps.io,
    later: { why: "no statement is issued before its day", shows: "issued" },
    job: (store) => {
      const { service, jobs } = deps.statementsOf(store);
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
