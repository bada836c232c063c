import { expect, test } from "bun:test";
import { decimalDollars, dollars, money } from "./money";

test("dollars: whole dollars bare, cents when there are any, thousands grouped, the sign before the $", () => {
  expect(dollars(150_000)).toBe("$1,500");
  expect(dollars(150_050)).toBe("$1,500.50");
  expect(dollars(5)).toBe("$0.05");
  expect(dollars(0)).toBe("$0");
  expect(dollars(123_456_789)).toBe("$1,234,567.89");
  expect(dollars(-125_000)).toBe("-$1,250");
});

test("money: always two decimals, as a ledger and a statement line them up", () => {
  expect(money(-125_000)).toBe("-$1,250.00");
  expect(money(350_000)).toBe("$3,500.00");
  expect(money(7)).toBe("$0.07");
  expect(money(0)).toBe("$0.00");
});

test("decimal dollars: what a file or a link carries, no $ and no grouping", () => {
  expect(decimalDollars(-125_000)).toBe("-1250.00");
  expect(decimalDollars(245_000)).toBe("2450.00");
  expect(decimalDollars(5)).toBe("0.05");
});

test("every screen and document formats money here: no other file divides cents by 100 to show them", async () => {
  const glob = new Bun.Glob("{src,web}/**/*.{ts,tsx}");
  const found: string[] = [];
  for await (const path of glob.scan(".")) {
    if (path.endsWith(".test.ts") || path.endsWith(".test.tsx") || path === "src/contracts/money.ts")
      continue;
    const text = await Bun.file(path).text();
    if (
      /cents \/ 100\)\.(toLocaleString|toFixed)|\.toLocaleString\("en-US", \{ minimumFractionDigits/.test(
        text,
      )
    )
      found.push(path);
  }
  expect(found).toEqual([]);
});
