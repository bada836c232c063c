import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { $ } from "bun";

/**
 * What every test file is held to: a test asserts something (set-up is a beforeAll, not a test that asserts
 * nothing), and a test waits on the condition it needs (tests/helpers/wait.ts), never for a fixed time. A pause
 * may stay only where the pause itself is what is tested (a slow reader, a press held, the real clock's time
 * passing), and a comment just above it says so: "... is the test".
 */
const ROOT = join(import.meta.dir, "..");
const files = (await $`git -C ${ROOT} ls-files --cached --others --exclude-standard`.text())
  .split("\n")
  .filter(
    (f) =>
      !f.includes("node_modules/") &&
      (/\.(test|e2e)\.tsx?$/.test(f) || /^tests\/(helpers|e2e)\/[^/]+\.tsx?$/.test(f)) &&
      f !== "tests/helpers/wait.ts" &&
      f !== "src/test-waits.test.ts",
  );
const sources = files.map((f) => ({ file: f, text: readFileSync(join(ROOT, f), "utf8") }));

/** Each test's name and body (up to the next test), for the test files. */
function tests(text: string) {
  const starts = [...text.matchAll(/\b(?:test|it)\(\s*(["'`])((?:(?!\1).)*)\1/g)];
  return starts.map((m, i) => ({
    name: m[2] ?? "",
    body: text.slice(m.index, starts[i + 1]?.index ?? text.length),
  }));
}

const PAUSE = /\bBun\.sleep\(|\bwaitForTimeout\(|new Promise[^\n]*\bsetTimeout\(/;

describe("tests assert, and wait on conditions", () => {
  test("no test is a set-up step: set-up is a beforeAll", () => {
    const steps = sources.flatMap(({ file, text }) =>
      tests(text)
        .filter((t) => /^set[- ]?up\b/i.test(t.name))
        .map((t) => `${file}: ${t.name}`),
    );
    expect(steps).toEqual([]);
  });

  test("every test asserts something", () => {
    const empty = sources.flatMap(({ file, text }) =>
      tests(text)
        .filter((t) => !/\bexpect\w*\(|\bassert|\.toThrow|\bcheck[A-Z]\w*\(/.test(t.body))
        .map((t) => `${file}: ${t.name}`),
    );
    expect(empty).toEqual([]);
  });

  test("no fixed pause stands in for a wait: the few left are what their test is about, and say so", () => {
    const pauses = sources.flatMap(({ file, text }) => {
      const lines = text.split("\n");
      return lines.flatMap((line, i) => {
        if (!PAUSE.test(line)) return [];
        const above = lines.slice(Math.max(0, i - 4), i).join("\n");
        return /\/\/.*\bis the test|\*.*\bis the test/.test(above)
          ? []
          : [`${file}:${i + 1}: ${line.trim()}`];
      });
    });
    expect(pauses).toEqual([]);
    expect(sources.length).toBeGreaterThan(100);
  });
});
