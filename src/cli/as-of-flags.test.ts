import { expect, test } from "bun:test";
import { parseAsOfFlags } from "./as-of-flags";

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
