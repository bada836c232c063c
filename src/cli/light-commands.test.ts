import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * `--version` and `--help` answer before any server code is evaluated (ADR 236): what they import at the top
 * of their files, followed file to file, reaches no feature, no library of the server and no database. A
 * command's own code is imported with `await import()` when it runs, which this walk does not follow.
 */
const ROOT = join(import.meta.dir, "..", "..");
const transpiler = new Bun.Transpiler({ loader: "ts" });

const resolve = (from: string, spec: string) => {
  const base = join(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
};

/** Every file and package reached from `entry` through its static imports. */
function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith(".json")) return;
    for (const { path, kind } of transpiler.scanImports(readFileSync(file, "utf8"))) {
      if (kind !== "import-statement") continue;
      if (path.startsWith(".")) {
        const target = resolve(file, path);
        if (target) walk(target);
      } else packages.add(path);
    }
  };
  walk(join(ROOT, entry));
  return { files: [...files].map((f) => relative(ROOT, f)), packages: [...packages] };
}

const ENTRIES = ["src/main.ts", "src/cli/help.ts"];

describe("the commands that answer at once load nothing of the server", () => {
  for (const entry of ENTRIES) {
    test(entry, () => {
      const { files, packages } = staticGraph(entry);
      expect(files.filter((f) => f !== entry && !f.startsWith("src/contracts/"))).toEqual(["package.json"]);
      // Node's own modules only: no Elysia, React, SQLite or other library.
      expect(packages.filter((p) => !p.startsWith("node:"))).toEqual([]);
    });
  }
});

/**
 * The commands that run a job of the calendar build the whole composition root (ADR 277) but never the pages:
 * the root gives the features a hook for the page cache instead of the cache, so React and every page stay
 * unevaluated by `tracewell subscriptions`, `statements` and `digest`.
 */
test("the calendar commands build the composition root without the page renderer", () => {
  const { files, packages } = staticGraph("src/cli/calendar-commands.ts");
  expect(files).toContain("src/compose.ts");
  expect(files.filter((f) => f.startsWith("web/") || f.startsWith("src/modules/pages/"))).toEqual([]);
  expect(packages.filter((p) => p === "react" || p.startsWith("react-dom") || p === "wouter")).toEqual([]);
});

describe("--version", () => {
  test("names the release, the commit and the build day; from source it says it was not built", async () => {
    const { versionLine } = await import("../contracts/build-info");
    expect(versionLine({ name: "tracewell", version: "0.1.0" })).toBe("tracewell 0.1.0 (unknown, not built)");
  });
});
