import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * Money has one record, the ledger (ADR 285): every figure anyone sees is computed from its entries by the
 * ledger module's functions (src/modules/ledger), so no other code adds amounts up, in SQL or in TypeScript.
 * Two sums of the same money drift apart (the desk said $1,500 outstanding while the ledger said nothing was).
 */
const ROOT = resolve(import.meta.dir, "../..");
const LEDGER = "src/modules/ledger/";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What adds amounts up: an SQL aggregate over an amount or cents column, or a running total of cents. */
const SUMS = [
  // SUM(amount_cents), sum(e.amount_cents), TOTAL(paid_cents): SQLite's two aggregates over money.
  /\b(sum|total)\s*\(\s*(distinct\s+)?[\w.]*(amount|cents|paid|fee)/i,
  // A fold whose body names cents: .reduce((sum, p) => sum + p.amountCents, 0).
  /\.reduce\s*\([^;]{0,240}?cents/is,
  // A running total: total += p.amountCents; left -= paidCents.
  /[+-]=\s*[\w.?]*cents\b/i,
];

/** Where a sum of something named like money is not one, each with its reason. */
const ALLOWED = new Map<string, string>([]);

/** Each sum in a file's text, as `file:line: text`. */
function sumsIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const pattern of SUMS) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const m of text.matchAll(global)) {
      const line = text.slice(0, m.index).split("\n").length;
      found.push(`${file}:${line}: ${(text.split("\n")[line - 1] ?? "").trim()}`);
    }
  }
  return found;
}

const offenders = () =>
  [...files(join(ROOT, "src")), ...files(join(ROOT, "web"))]
    .map((f) => relative(ROOT, f))
    .filter((f) => !f.startsWith(LEDGER) && !ALLOWED.has(f))
    .flatMap((f) => sumsIn(f, readFileSync(join(ROOT, f), "utf8")));

/** Every place that writes a payment: the ledger's hook, and the engagement's record of what was received. */
const PAYMENT_WRITES = [/\bledger\.paid\(/, /\.addPayment\(/];

describe("one ledger", () => {
  test("a payment is recorded in one place, whatever brought it (the desk, Stripe, a match)", () => {
    const writers = [...files(join(ROOT, "src"))]
      .map((f) => relative(ROOT, f))
      .filter((f) => !f.startsWith(LEDGER) && !f.includes("/repo/"))
      .filter((f) => PAYMENT_WRITES.some((w) => w.test(readFileSync(join(ROOT, f), "utf8"))));
    // The desk's recordPayment: the processor's webhook and a match reach it through recordPaymentByReference.
    expect(writers).toEqual(["src/modules/engagements/service/staff.ts"]);
    const portal = readFileSync(join(ROOT, "src/modules/engagements/index.ts"), "utf8");
    expect(portal).toMatch(/recordPaymentByReference[\s\S]*service\.staff\.recordPayment\(/);
    const compose = readFileSync(join(ROOT, "src/compose.ts"), "utf8");
    expect(compose).toContain("record: portal.recordPaymentByReference");
    const payments = readFileSync(join(ROOT, "src/modules/payments/service.ts"), "utf8");
    expect(payments.match(/deps\.record\(/g)).toHaveLength(2);
  });

  test(`nothing outside ${LEDGER} adds amounts up`, () => {
    expect(offenders()).toEqual([]);
  });

  test("the guard sees the sums the ledger replaced, and not what only looks like one", () => {
    const sums = (s: string) => sumsIn("x.ts", s).length > 0;
    // What the engagement's view, the work clock, a subscription's month and a statement did before.
    expect(
      sums("const paid = (id: number) => repo.payments(id).reduce((sum, p) => sum + p.amountCents, 0);"),
    ).toBe(true);
    expect(
      sums(`subscription.charges.reduce(
          (sum, c) => sum + c.amountCents - c.paidCents,
          0,
        )`),
    ).toBe(true);
    expect(sums("      total += p.amountCents;")).toBe(true);
    expect(sums("    left -= paidCents;")).toBe(true);
    expect(sums("SELECT coalesce(SUM(amount_cents), 0) AS n FROM engagement_payments")).toBe(true);
    expect(sums("SELECT total(l.amount_cents) FROM ledger_entries l")).toBe(true);
    // Not money: a file's bytes, the columns' shares of a page, the count of rows.
    expect(sums("SELECT coalesce(sum(size), 0) AS total FROM documents")).toBe(false);
    expect(sums("bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),")).toBe(false);
    expect(sums("const n = rows.reduce((a, r) => a + r.count, 0); const cents = 5;")).toBe(false);
  });
});
