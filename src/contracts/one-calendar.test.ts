import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * One calendar (ADR 280): days, months, the firm's today and schedules are counted in src/contracts/firm-calendar.ts,
 * so no feature counts a day as 86,400,000 ms (23 or 25 hours when the clock changes), takes the UTC date for the
 * firm's, or steps a Date's day by hand.
 */
const ROOT = resolve(import.meta.dir, "../..");
const CALENDAR = "src/contracts/firm-calendar.ts";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What does date arithmetic by hand. */
const ARITHMETIC = [
  // A day as milliseconds: spanOfDays says when a length of time is meant, addDays when a calendar day is.
  /\b86_?400_?000\b/,
  /\b24\s*\*\s*60\s*\*\s*60\b/,
  /\b24\s*\*\s*3_?600(_?000)?\b/,
  // Stepping a Date's day or month.
  /\.set(UTC)?(Date|Month|FullYear)\(/,
  /\.get(UTC)?Date\(\)\s*[+-]/,
  // The UTC date taken for a day, or a day read as UTC midnight to count with.
  /\.toISOString\(\)\.slice\(0,\s*10\)/,
  /T00:00:00(\.000)?Z`/,
  /\bDate\.UTC\(/,
  // A local date built from its parts: the browser's or the server's zone, not the firm's.
  /new Date\(\s*\w+\s*,\s*\w+\s*-\s*1\s*,/,
];

/** Where arithmetic stands, each with its reason. */
const ALLOWED = new Map<string, string>([
  [CALENDAR, "the calendar itself"],
  [
    "src/contracts/time-format.ts",
    "the one formatter counts days for its relative words; the calendar reads its wall clock, so cannot be imported here",
  ],
]);

const offenders = () =>
  [...files(join(ROOT, "src")), ...files(join(ROOT, "web"))]
    .map((f) => relative(ROOT, f))
    .filter((f) => !ALLOWED.has(f))
    .flatMap((f) =>
      readFileSync(join(ROOT, f), "utf8")
        .split("\n")
        .flatMap((line, i) =>
          ARITHMETIC.some((w) => w.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [],
        ),
    );

describe("one calendar", () => {
  test(`nothing outside ${CALENDAR} does date arithmetic by hand`, () => {
    expect(offenders()).toEqual([]);
  });

  test("the guard sees the arithmetic the calendar replaced, and not what only looks like it", () => {
    // Source lines as the files held them, with #{ standing for a template's placeholder.
    const line = (s: string) => ARITHMETIC.some((w) => w.test(s.replaceAll("#{", "${")));
    expect(line("const dueAt = new Date(received.getTime() + DATA_REQUEST_DUE_DAYS * 86_400_000);")).toBe(
      true,
    );
    expect(line("const DAY_MS = 24 * 60 * 60 * 1000;")).toBe(true);
    expect(line("d.setUTCDate(d.getUTCDate() + 1);")).toBe(true);
    expect(line("const today = new Date().toISOString().slice(0, 10);")).toBe(true);
    expect(line("const day = Date.parse(`#{date}T00:00:00Z`) / DAY_MS;")).toBe(true);
    expect(line("return new Date(y, m - 1, d + addDays).toISOString();")).toBe(true);
    expect(line("onChange={(e) => setDate(e.target.value)}")).toBe(false);
    expect(line('"cache-control": "public, max-age=86400"')).toBe(false);
    expect(line("const dueAt = new Date(received.getTime() + spanOfDays(DATA_REQUEST_DUE_DAYS));")).toBe(
      false,
    );
  });
});
