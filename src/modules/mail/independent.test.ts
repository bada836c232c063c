import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * The dependency between the desk and mail goes one way (ADR 235): the desk queues its mail and registers how it
 * is written; the outbox imports no feature at all, so mail stays a leaf every feature can use.
 */
const ROOT = resolve(import.meta.dir, "../../..");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

describe("mail imports no feature", () => {
  test("no file of the mail feature imports another feature (the desk included)", () => {
    const found: string[] = [];
    for (const file of files(import.meta.dir)) {
      const code = readFileSync(file, "utf8");
      for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["']((?:\.\.\/)+)([^"'.][^"']*)["']/g)) {
        const target = resolve(file, "..", `${m[1]}${m[2]}`);
        const rel = relative(join(ROOT, "src/modules"), target);
        if (!rel.startsWith("..") && !rel.startsWith("mail"))
          found.push(`${relative(ROOT, file)} -> ${m[1]}${m[2]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
