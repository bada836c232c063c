import { parseAsOfFlags } from "../../cli/as-of-flags";
import { STATEMENTS_HELP } from "../../contracts/commands-help";
import { closeDatabase } from "../../db";
import type { Logger } from "../../log";
import { silentLogger } from "../../log";
import type { DataStore } from "../../store";
import { createStatementJobs } from "./jobs";
import { createStatementsService, type StatementsServiceDeps } from "./service";

export { STATEMENTS_HELP };

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

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
    io?: Partial<Io>;
  },
): Promise<number> {
  const io: Io = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    ...deps.io,
  };
  const parsed = parseAsOfFlags(args);
  if ("problem" in parsed) {
    io.stderr(`${parsed.problem}\n\nUsage:\n${STATEMENTS_HELP}\n`);
    return 2;
  }
  const { dryRun, asOf } = parsed.flags;

  const store = deps.openStore();
  try {
    const parts = deps.partsOf(store);
    const logger = deps.logger ?? silentLogger;
    const service = createStatementsService({ ...parts, store, now: deps.now, logger });
    const today = service.today();
    const day = asOf ?? today;
    if (day > today && !dryRun) {
      io.stderr(
        `--as-of ${day} is after the firm's today (${today}): no statement is issued before its day. Add --dry-run to see what would be issued.\n`,
      );
      return 2;
    }
    const jobs = createStatementJobs({
      store,
      service,
      calendar: parts.calendar,
      engagementIds: parts.engagementIds,
      logger,
      now: deps.now,
    });
    const run = await jobs.runFor(day, dryRun);
    if (!run.day) {
      io.stdout(`Statements as of ${day}: the month's run is on its first business day, not yet come.\n`);
      return 0;
    }
    const lines = dryRun
      ? run.due.map((id) => `engagement ${id}\tthrough ${run.through}`)
      : run.issued.map((s) => `engagement ${s.engagementId}\tstatement ${s.number}\tthrough ${s.throughOn}`);
    io.stdout(
      lines.length === 0
        ? `Statements of ${run.day} (through ${run.through}): nothing ${dryRun ? "would be issued" : "new to issue"}.\n`
        : `Statements of ${run.day} (through ${run.through}) ${dryRun ? "would issue" : "issued"} ${lines.length}${dryRun ? " (nothing was written)" : ""}:\n${lines.join("\n")}\n`,
    );
    return 0;
  } finally {
    closeDatabase(store.db);
  }
}
