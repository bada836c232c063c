import type { Database } from "bun:sqlite";
import { parseAsOfFlags } from "../../cli/as-of-flags";
import { RETENTION_HELP } from "../../contracts/commands-help";
import { firmToday } from "../../contracts/firm-calendar";
import { retentionRepo } from "./repo/retention";
import { ruleText } from "./service/retention";

export { RETENTION_HELP };

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/**
 * `tracewell retention --dry-run [--as-of YYYY-MM-DD]`: one line per request the purge would delete on that
 * date (reference, status, received, last status change, the day its retention ran out, the rule). Reads
 * only clear columns, so it needs no data key. Returns the exit code.
 */
export function retentionCli(
  args: string[],
  deps: { openDb: () => Database; now: () => Date; timeZone: string; io?: Partial<Io> },
): number {
  const io: Io = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    ...deps.io,
  };
  const usage = (problem?: string) => {
    io.stderr(`${problem ? `${problem}\n\n` : ""}Usage:\n${RETENTION_HELP}\n`);
    return 2;
  };
  const parsed = parseAsOfFlags(args);
  if ("problem" in parsed) return usage(parsed.problem);
  const { dryRun } = parsed.flags;
  const asOf = parsed.flags.asOf ?? firmToday(deps.now(), deps.timeZone);
  if (!dryRun) {
    return usage("Only a dry run is offered here: the server itself purges at start and once a day.");
  }

  const db = deps.openDb();
  try {
    const repo = retentionRepo(db, deps.timeZone);
    const { unengagedDays, engagedDays } = repo.policy();
    const policy = { unengagedDays, engagedDays };
    const due = repo.dueBy(asOf, policy);
    io.stdout(
      `Retention: declined or closed requests are kept ${unengagedDays} days, engaged ones ${engagedDays} days after their last status change.\n`,
    );
    if (due.length === 0) {
      io.stdout(`Dry run: the purge on ${asOf} would delete nothing.\n`);
      return 0;
    }
    io.stdout(
      `Dry run: the purge on ${asOf} would delete ${due.length} ${due.length === 1 ? "request" : "requests"} (nothing was deleted):\n`,
    );
    for (const c of due) {
      io.stdout(
        `${c.reference}\t${c.status}\treceived ${c.receivedAt.slice(0, 10)}\tlast change ${c.lastChangeAt.slice(0, 10)}\tretention ended ${c.deleteOn}\t${ruleText(c.rule, policy)}\n`,
      );
    }
    return 0;
  } finally {
    db.close();
  }
}
