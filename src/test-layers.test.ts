import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { $ } from "bun";
import { LAYERS, type Layer, layerFiles } from "../scripts/test-layer";

/** Tests are found by their names (scripts/test-layer.ts): none may sit where no layer looks for it. */
const ROOT = join(import.meta.dir, "..");
const tracked = (await $`git -C ${ROOT} ls-files --cached --others --exclude-standard`.text())
  .split("\n")
  .filter((f) => /\.(test|e2e)\.tsx?$/.test(f) && !f.includes("node_modules/"));

describe("test layers", () => {
  const owner = new Map<string, Layer[]>();
  for (const layer of Object.keys(LAYERS) as Layer[]) {
    for (const file of layerFiles(layer)) owner.set(file, [...(owner.get(file) ?? []), layer]);
  }

  test("every test file of the repository runs in exactly one layer (browser specs under Playwright)", () => {
    const lost = tracked.filter((f) => !f.startsWith("tests/e2e/") && (owner.get(f)?.length ?? 0) !== 1);
    expect(lost).toEqual([]);
    expect(tracked.filter((f) => f.endsWith(".e2e.ts")).every((f) => f.startsWith("tests/e2e/"))).toBe(true);
  });

  test("a test that renders into a DOM is named *.dom.test.tsx, so it gets happy-dom and keeps it to itself", () => {
    const misnamed = tracked.filter(
      (f) =>
        !f.endsWith(".dom.test.tsx") &&
        !f.startsWith("tests/e2e/") &&
        /@testing-library\/react|document\.body/.test(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(misnamed).toEqual([]);
  });
});
