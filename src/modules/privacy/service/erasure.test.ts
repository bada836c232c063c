import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * A request's personal data is erased one way (ADR 234): a data-rights deletion and the retention purge both go
 * through the erasure routine, so neither can forget something the other erases, nor write a different receipt.
 */
const ROOT = resolve(import.meta.dir, "../../../..");
const PRIVACY = join(ROOT, "src/modules/privacy");

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });

/** What deletes a request or writes an erasure receipt: only the erasure routine may. */
const ERASING: [string, RegExp][] = [
  ["deletes a request", /\b(submissionDesk|forgetRequest)\b[\s\S]*?\.remove\(|\bforgetRequest\(/],
  ["removes a row", /\b(desk|submissions)\.remove\(/],
  ["forgets deleted pages itself", /\bforgetDeleted\(/],
  [
    "writes an erasure receipt",
    /"(data_request\.intake_erased|retention\.request_deleted)"[\s\S]{0,80}\bdetail\b[\s\S]{0,200}\bdeletedAt\b/,
  ],
];

describe("one erasure routine", () => {
  test("only the erasure routine deletes a request, forgets its pages or writes its receipt", () => {
    const found: string[] = [];
    for (const file of files(PRIVACY)) {
      const path = relative(ROOT, file);
      if (path === "src/modules/privacy/service/erasure.ts") continue;
      const code = readFileSync(file, "utf8");
      for (const [what, re] of ERASING) if (re.test(code)) found.push(`${path}: ${what}`);
    }
    expect(found).toEqual([]);
  });

  test("both data-rights deletion and the retention purge call it", () => {
    for (const name of ["data-requests.ts", "retention.ts"]) {
      const code = readFileSync(join(PRIVACY, "service", name), "utf8");
      expect(code).toMatch(/createErasure\(/);
      expect(code).toMatch(/erasure\.erase\(/);
    }
  });
});
