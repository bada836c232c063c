import * as v from "valibot";
import { calendarDate } from "../contracts/dates";

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
