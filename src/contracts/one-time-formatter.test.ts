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

/**
 * What writes a time or a calendar word by hand: the calendar's word lists, or a 24-hour `hhmm` helper, used for
 * display, or a template that glues a padded hour to a minute ("${pad(h)}:${pad(m)}"). The formatter spells
 * these in one style ("Tue 17 Nov 2026, 10:00 AM EST"); anything else would put "10:00 EST" beside "10:00 AM EST".
 */
const HAND_MADE = [
  /\b(MONTH_NAMES|MONTH_SHORT|WEEKDAY_NAMES|WEEKDAY_SHORT|hhmm)\b/,
  // The calendar's word lists written out again, one word a line as the formatter lays them out.
  /^\s*"(January|Sunday)",\s*$/,
  /\$\{[^}]*(pad|padStart|[Hh]ours?\b|getHours|getUTCHours)[^}]*\}:\$\{/,
];
/** Where those are not a display: the calendar that defines them, and machine formats, each with its reason. */
const MACHINE = new Map<string, string>([
  [FORMATTER, "the formatter itself"],
  ["src/contracts/calendar.ts", "defines the word lists the formatter reads"],
  [
    "src/contracts/schedule-words.ts",
    "says a cron schedule in its words (every Monday, in March) from the calendar's lists; its times come from the formatter",
  ],
  [
    "src/modules/desk/lib/business-clock.ts",
    "reads the weekday names of BUSINESS_HOURS, a setting in its own syntax (Mon-Fri 09:00-17:00)",
  ],
  [
    "src/contracts/business-hours.ts",
    "parses the weekday names of BUSINESS_HOURS, a setting in its own syntax (Mon-Fri 09:00-17:00)",
  ],
  ["web/admin/content/article-schedule-field.tsx", "the value of a datetime-local input (YYYY-MM-DDTHH:MM)"],
  ["web/admin/desk/response-time.ts", "the value of a datetime-local input (YYYY-MM-DDTHH:MM)"],
]);

const offenders = (patterns: RegExp[], allowed: (f: string) => boolean) =>
  [...files(join(ROOT, "src")), ...files(join(ROOT, "web"))]
    .map((f) => relative(ROOT, f))
    .filter((f) => !allowed(f))
    .flatMap((f) =>
      readFileSync(join(ROOT, f), "utf8")
        .split("\n")
        .flatMap((line, i) => (patterns.some((w) => w.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );

describe("one time formatter", () => {
  test("nothing outside the formatter writes a 24-hour HH:MM or the calendar's words for people to read", () => {
    expect(offenders(HAND_MADE, (f) => MACHINE.has(f))).toEqual([]);
  });

  test("the guard sees a hand-made time and the calendar's words", () => {
    // Source lines as the files hold them, with #{ standing for a template's placeholder.
    const line = (s: string) => HAND_MADE.some((w) => w.test(s.replaceAll("#{", "${")));
    expect(line("const t = `#{pad(w.hour)}:#{pad(w.minute)}`;")).toBe(true);
    expect(line("`#{WEEKDAY_SHORT[d]} #{MONTH_SHORT[m]} #{day}`")).toBe(true);
    expect(line("import { hhmm } from './calendar';")).toBe(true);
    expect(line("dedupeKey: `#{kind}:#{row.id}`")).toBe(false);
  });

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
