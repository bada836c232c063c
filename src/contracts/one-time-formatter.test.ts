import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * One way to show time (ADR 266): every date and time a person reads goes through src/contracts/time-format.ts,
 * so none is written in the browser's zone, the runtime's locale or a second style of its own.
 */
const ROOT = resolve(import.meta.dir, "../..");
const FORMATTER = "src/contracts/time-format.ts";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What writes a date or a time by itself: a date's toLocale*, or an Intl.DateTimeFormat of its own. */
const WRITERS = [
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /\bIntl\.DateTimeFormat\s*\(/,
  // A number's toLocaleString("en-US") writes a count; with a date's options it writes a date.
  /\.toLocaleString\([^)]*(dateStyle|timeStyle|timeZone|weekday|month|hour)/,
  /new Date\([^)]*\)\.toLocaleString\(/,
];

describe("one time formatter", () => {
  test(`nothing outside ${FORMATTER} writes a date or a time with toLocale* or Intl.DateTimeFormat`, () => {
    const found = [...files(join(ROOT, "src")), ...files(join(ROOT, "web"))]
      .map((f) => relative(ROOT, f))
      .filter((f) => f !== FORMATTER)
      .flatMap((f) =>
        readFileSync(join(ROOT, f), "utf8")
          .split("\n")
          .flatMap((line, i) => (WRITERS.some((w) => w.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
