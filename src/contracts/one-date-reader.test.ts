import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { isIntakeReceipt } from "./intake";

/**
 * One reading of a date or an instant (ADR 226, src/contracts/dates.ts): Date.parse reads 2026-02-30 as March 2,
 * so a check that asks it whether a value is a date lets a day through that does not exist.
 */
const ROOT = resolve(import.meta.dir, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("one date and instant reader", () => {
  test("nothing but src/contracts/dates.ts judges a value by whether Date.parse can read it", () => {
    const judges = /Number\.is(NaN|Finite)\(\s*(Date\.parse|new Date)\(|isNaN\(\s*(Date\.parse|new Date)\(/;
    const found = [...files(join(ROOT, "src")), ...files(join(ROOT, "web"))]
      .map((f) => relative(ROOT, f))
      .filter((f) => f !== "src/contracts/dates.ts" && judges.test(readFileSync(join(ROOT, f), "utf8")));
    expect(found).toEqual([]);
  });

  test("a receipt whose answer-by time is no instant is no receipt", () => {
    const receipt = {
      reference: "IR-261127-7KQ3",
      respondBy: "2026-11-30T17:00:00.000Z",
      respondByText: "Monday 12:00 EST",
      confirmation: "queued",
    };
    expect(isIntakeReceipt(receipt)).toBe(true);
    for (const respondBy of ["2026-02-30T17:00:00Z", "2026-11-30 17:00", "2026-11-30", ""])
      expect([respondBy, isIntakeReceipt({ ...receipt, respondBy })]).toEqual([respondBy, false]);
  });
});
