import * as v from "valibot";
import { calendarDate } from "../contracts/dates";
import { closeDatabase } from "../db";
import type { DataStore } from "../store";

const NOT_A_DATE = "not a date";
/** The day a command runs for: the one reading of a date every route and command shares. */
const AS_OF = calendarDate(NOT_A_DATE);

export type AsOfFlags = { dryRun: boolean; asOf: string | undefined };

/**
 * The flags of the commands that run a date's work (`retention`, `subscriptions`, `statements`): `--dry-run` and
 * `--as-of YYYY-MM-DD` (or `--as-of=YYYY-MM-DD`). Anything else, or a date that is not one, is the problem to
 * show above the command's usage.
 */
export function parseAsOfFlags(args: readonly string[]): { flags: AsOfFlags } | { problem: string } {
  const flags: AsOfFlags = { dryRun: false, asOf: undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--dry-run") flags.dryRun = true;
    else if (arg === "--as-of" || arg.startsWith("--as-of=")) {
      const raw = arg === "--as-of" ? args[++i] : arg.slice("--as-of=".length);
      const parsed = v.safeParse(AS_OF, raw ?? "");
      if (!parsed.success) {
        const why = parsed.issues[0]?.message;
        return {
          problem: `--as-of needs a date as YYYY-MM-DD${why === NOT_A_DATE ? ` (got "${raw ?? ""}")` : `: ${why}`}.`,
        };
      }
      flags.asOf = parsed.output;
    } else return { problem: `Unknown argument "${arg}".` };
  }
  return { flags };
}

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/**
 * A job of the firm's calendar run by an operator's command for a date (`subscriptions`, `statements`): the flags
 * read (a problem shown above the usage, exit 2), the data folder opened and closed whatever happens, the date the
 * firm's today unless given, a date after today refused unless it is a dry run, and what the run says printed.
 * Returns the exit code; a run that awaits gives it once it ends.
 */
export function runDatedCommand(
  args: readonly string[],
  deps: {
    help: string;
    openStore: () => DataStore;
    /** Why a later date waits, and what its dry run shows: "nothing is charged before it falls due", "raised". */
    later: { why: string; shows: string };
    /** The firm's today and the run for a day, for the store opened; the run's answer is what the command prints. */
    job: (store: DataStore) => {
      today: string;
      run: (day: string, dryRun: boolean) => string | Promise<string>;
    };
    io?: Partial<Io>;
  },
): number | Promise<number> {
  const io: Io = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    ...deps.io,
  };
  const parsed = parseAsOfFlags(args);
  if ("problem" in parsed) {
    io.stderr(`${parsed.problem}\n\nUsage:\n${deps.help}\n`);
    return 2;
  }
  const { dryRun, asOf } = parsed.flags;
  const store = deps.openStore();
  let closeLater = false;
  try {
    const { today, run } = deps.job(store);
    const day = asOf ?? today;
    if (day > today && !dryRun) {
      io.stderr(
        `--as-of ${day} is after the firm's today (${today}): ${deps.later.why}. Add --dry-run to see what would be ${deps.later.shows}.\n`,
      );
      return 2;
    }
    const said = run(day, dryRun);
    if (typeof said === "string") {
      io.stdout(said);
      return 0;
    }
    closeLater = true;
    return said
      .then((text) => {
        io.stdout(text);
        return 0;
      })
      .finally(() => closeDatabase(store.db));
  } finally {
    if (!closeLater) closeDatabase(store.db);
  }
}
