import { describe, expect, test } from "bun:test";
import type { LedgerEntry, LedgerKind } from "../../contracts/ledger";
import {
  dayPaidReaching,
  decimalDollars,
  importDate,
  lastPayment,
  paidCents,
  paidThrough,
  paymentDue,
  standingAsOf,
  summarize,
  timeAmountCents,
  withRunning,
} from "./model";

describe("time at the hourly rate", () => {
  test("minutes times the rate over 60, to the nearest cent, half a cent up", () => {
    expect(timeAmountCents(60, 35_000)).toBe(35_000);
    expect(timeAmountCents(90, 35_000)).toBe(52_500);
    // 7 minutes at $350 is 4083.33... cents; 1 minute at $0.09 is 0.15 cents; 1 minute at $0.30 is 0.5 cents.
    expect(timeAmountCents(7, 35_000)).toBe(4_083);
    expect(timeAmountCents(1, 9)).toBe(0);
    expect(timeAmountCents(1, 30)).toBe(1);
    expect(timeAmountCents(1, 29)).toBe(0);
    expect(timeAmountCents(1_440, 1_000_000)).toBe(24_000_000);
  });
});

describe("the accountant's numbers", () => {
  test("decimal dollars from whole cents, sign first, always two decimals", () => {
    expect(decimalDollars(-125_000)).toBe("-1250.00");
    expect(decimalDollars(35_000)).toBe("350.00");
    expect(decimalDollars(5)).toBe("0.05");
    expect(decimalDollars(-7)).toBe("-0.07");
    expect(decimalDollars(123_456_789)).toBe("1234567.89");
  });
  test("a firm's day as a US importer reads it", () => {
    expect(importDate("2026-03-09")).toBe("03/09/2026");
  });
});

const entry = (id: number, kind: LedgerKind, amountCents: number, corrects?: number): LedgerEntry => ({
  id,
  number: id,
  on: "2026-03-01",
  kind,
  description: kind,
  amountCents,
  ...(corrects !== undefined ? { corrects } : {}),
});

describe("the balance and the retainer", () => {
  test("a flat fee paid in part: what is owed, and no retainer", () => {
    const r = summarize([entry(1, "fee", 350_000), entry(2, "payment", -100_000)], "flat");
    expect(r).toEqual({ balanceCents: 250_000, retainer: null });
  });

  test("a retainer holds the payments; time and expenses draw from it first; beyond it is owed", () => {
    const paid = [entry(1, "payment", -500_000)];
    expect(summarize(paid, "retainer")).toEqual({
      balanceCents: -500_000,
      retainer: { heldCents: 500_000, drawnCents: 0, remainingCents: 500_000 },
    });
    const worked = [...paid, entry(2, "time", 420_000), entry(3, "expense", 30_000)];
    expect(summarize(worked, "retainer")).toEqual({
      balanceCents: -50_000,
      retainer: { heldCents: 500_000, drawnCents: 450_000, remainingCents: 50_000 },
    });
    const over = [...worked, entry(4, "time", 70_000)];
    expect(summarize(over, "retainer")).toEqual({
      balanceCents: 20_000,
      retainer: { heldCents: 500_000, drawnCents: 500_000, remainingCents: 0 },
    });
  });

  test("an adjustment counts as the entry it corrects: a payment recorded too high holds less", () => {
    const entries = [
      entry(1, "payment", -500_000),
      entry(2, "adjustment", 50_000, 1),
      entry(3, "adjustment", -10_000, 2),
      entry(4, "time", 100_000),
      entry(5, "adjustment", -20_000, 4),
      entry(6, "adjustment", -5_000),
    ];
    expect(summarize(entries, "retainer")).toEqual({
      balanceCents: -385_000,
      retainer: { heldCents: 460_000, drawnCents: 75_000, remainingCents: 385_000 },
    });
  });
});

/** A small seeded generator (mulberry32): the same seed gives the same sequences, so a failure repeats. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] as T };
}

const KINDS: LedgerKind[] = ["fee", "charge", "time", "expense", "payment", "adjustment"];

describe("property: over random sequences of entries nothing drifts", () => {
  test("the balance is the integer sum; held - drawn = remaining; every figure a safe integer", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = seeded(seed);
      const entries: LedgerEntry[] = [];
      const count = r.int(0, 40);
      for (let id = 1; id <= count; id++) {
        const kind = r.pick(KINDS);
        // Amounts of every size, odd cents included; time from the rounding rule at an odd rate.
        const size = r.pick([1, 99, 4_083, 35_000, 99_999_999]);
        const cents =
          kind === "time"
            ? timeAmountCents(r.int(1, 1_440), r.int(1, 1_000_000))
            : r.int(1, size) * (kind === "payment" ? -1 : kind === "adjustment" && r.int(0, 1) ? -1 : 1);
        if (cents === 0) continue;
        const corrects =
          kind === "adjustment" && entries.length && r.int(0, 1) ? r.pick(entries).id : undefined;
        entries.push(entry(id, kind, cents, corrects));
      }
      const integerSum = entries.reduce((sum, e) => sum + BigInt(e.amountCents), 0n);
      for (const feeKind of ["flat", "retainer", "monthly"] as const) {
        const { balanceCents, retainer } = summarize(entries, feeKind);
        expect(Number.isSafeInteger(balanceCents)).toBe(true);
        expect(BigInt(balanceCents)).toBe(integerSum);
        if (feeKind !== "retainer") {
          expect(retainer).toBeNull();
          continue;
        }
        if (!retainer) throw new Error(`seed ${seed}: a retainer engagement without its retainer`);
        for (const n of Object.values(retainer)) expect(Number.isSafeInteger(n)).toBe(true);
        expect(retainer.heldCents - retainer.drawnCents).toBe(retainer.remainingCents);
        expect(retainer.drawnCents).toBeGreaterThanOrEqual(0);
        // What the retainer does not cover is what is owed; what it still holds is the client's credit.
        const billed = balanceCents + retainer.heldCents;
        if (billed >= 0 && billed <= retainer.heldCents)
          expect(balanceCents + retainer.remainingCents).toBe(0);
        if (retainer.heldCents >= 0 && billed > retainer.heldCents) {
          expect(retainer.remainingCents).toBe(0);
          expect(balanceCents).toBe(billed - retainer.heldCents);
        }
      }
    }
  });
});

describe("what is due and by when", () => {
  const on = (e: LedgerEntry, day: string): LedgerEntry => ({ ...e, on: day });
  const signed = { askedCents: 0, signedOn: "2026-03-01" };

  test("a flat fee: the balance, credits included, due on the day it was signed", () => {
    const entries = [entry(1, "fee", 350_000), entry(2, "payment", -100_000), entry(3, "adjustment", -5_000)];
    expect(paymentDue(entries, signed)).toEqual({ amountDueCents: 245_000, dueOn: "2026-03-01" });
    expect(paymentDue([...entries, entry(4, "payment", -245_000)], signed)).toEqual({
      amountDueCents: 0,
      dueOn: null,
    });
  });

  test("months raised: the oldest one payments have not covered dates what is due", () => {
    const entries = [
      on(entry(1, "charge", 150_000), "2026-03-01"),
      on(entry(2, "payment", -150_000), "2026-03-01"),
      on(entry(3, "charge", 150_000), "2026-04-01"),
      on(entry(4, "payment", -50_000), "2026-04-03"),
      on(entry(5, "charge", 150_000), "2026-05-01"),
    ];
    expect(paymentDue(entries, signed)).toEqual({ amountDueCents: 250_000, dueOn: "2026-04-01" });
  });

  test("a retainer asks the rest of itself on engagement; past what it holds, time is billed monthly", () => {
    const retainer = { askedCents: 500_000, signedOn: "2026-03-01" };
    expect(paymentDue([entry(1, "payment", -200_000)], retainer)).toEqual({
      amountDueCents: 300_000,
      dueOn: "2026-03-01",
    });
    // A refunded payment (an adjustment correcting it) is asked again.
    expect(paymentDue([entry(1, "payment", -200_000), entry(2, "adjustment", 200_000, 1)], retainer)).toEqual(
      { amountDueCents: 500_000, dueOn: "2026-03-01" },
    );
    expect(paymentDue([entry(1, "payment", -500_000), entry(2, "time", 620_000)], retainer)).toEqual({
      amountDueCents: 120_000,
      dueOn: null,
    });
  });
});

describe("every figure as of a day", () => {
  const on = (id: number, day: string, kind: LedgerKind, amountCents: number): LedgerEntry => ({
    id,
    number: id,
    on: day,
    kind,
    description: kind,
    amountCents,
  });
  // A $5,000 retainer paid in July, $1,750 of time in July; $5,250 of expenses recorded for August.
  const entries = [
    on(1, "2026-07-02", "payment", -500_000),
    on(2, "2026-07-20", "time", 175_000),
    on(3, "2026-08-04", "expense", 525_000),
  ];
  const retainer = {
    feeKind: "retainer",
    feeCents: 500_000,
    signedOn: "2026-07-01",
    firstMonthCents: 0,
  } as const;

  test("through 31 July: the balance, the retainer and what is due take July's entries only", () => {
    expect(standingAsOf(entries, retainer, "2026-07-31")).toEqual({
      entries: entries.slice(0, 2),
      balanceCents: -325_000,
      retainer: { heldCents: 500_000, drawnCents: 175_000, remainingCents: 325_000 },
      due: { amountDueCents: 0, dueOn: null },
    });
  });

  test("with no day, every entry: what the portal shows today", () => {
    expect(standingAsOf(entries, retainer, null)).toMatchObject({
      balanceCents: 200_000,
      retainer: { heldCents: 500_000, drawnCents: 500_000, remainingCents: 0 },
      due: { amountDueCents: 200_000, dueOn: null },
    });
  });

  test("what the letter asks on engagement is asked from the signature, the first month until one is raised", () => {
    expect(standingAsOf([], retainer, "2026-06-30").due).toBeNull();
    expect(standingAsOf([], retainer, "2026-07-01").due).toEqual({
      amountDueCents: 500_000,
      dueOn: "2026-07-01",
    });
    const monthly = {
      feeKind: "monthly",
      feeCents: 75_000,
      signedOn: "2026-07-01",
      firstMonthCents: 150_000,
    } as const;
    const raised = [on(1, "2026-07-03", "payment", -150_000), on(2, "2026-07-03", "charge", 150_000)];
    expect(standingAsOf(raised, monthly, "2026-07-02").due).toEqual({
      amountDueCents: 150_000,
      dueOn: "2026-07-01",
    });
    expect(standingAsOf(raised, monthly, "2026-07-03").due).toEqual({ amountDueCents: 0, dueOn: null });
  });
});

describe("what the desk and the portal read besides the balance (ADR 285)", () => {
  let id = 0;
  const at = (on: string, kind: LedgerKind, amountCents: number, corrects?: number): LedgerEntry => ({
    id: ++id,
    number: id,
    on,
    kind,
    description: kind,
    amountCents,
    ...(corrects !== undefined ? { corrects } : {}),
  });
  const months = [
    { from: "2026-01-10", to: "2026-02-09" },
    { from: "2026-02-10", to: "2026-03-09" },
    { from: "2026-03-10", to: "2026-04-09" },
  ];

  test("paid through is the end of the unbroken run of months that payments and credits cover, oldest first", () => {
    const charges = months.map((m) => at(m.from, "charge", 100));
    expect(paidThrough(charges, months)).toBeNull();
    expect(paidThrough([...charges, at("2026-01-10", "payment", -100)], months)).toBe("2026-02-09");
    // Two months paid up front: the second is covered once it is raised.
    expect(paidThrough([...charges, at("2026-01-10", "payment", -200)], months)).toBe("2026-03-09");
    expect(paidThrough([...charges, at("2026-01-10", "payment", -140)], months)).toBe("2026-02-09");
    // A credit settles like a payment; a refund of the payment takes its cover back.
    const pay = at("2026-01-10", "payment", -300);
    expect(paidThrough([...charges, pay], months)).toBe("2026-04-09");
    expect(paidThrough([...charges, pay, at("2026-02-01", "adjustment", 150, pay.id)], months)).toBe(
      "2026-02-09",
    );
    expect(paidThrough([...charges, at("2026-01-10", "adjustment", -200)], months)).toBe("2026-03-09");
    expect(paidThrough([], [])).toBeNull();
  });

  test("paid is every payment less its refunds; the day paid reaching an amount; the last payment", () => {
    const first = at("2026-01-10", "payment", -100);
    const entries = [
      at("2026-01-09", "fee", 500),
      first,
      at("2026-01-12", "payment", -400),
      at("2026-01-13", "adjustment", 50, first.id),
    ];
    expect(paidCents(entries)).toBe(450);
    expect(dayPaidReaching(entries, 500)).toBe("2026-01-12");
    expect(dayPaidReaching(entries, 501)).toBeNull();
    expect(lastPayment(entries)).toEqual({ on: "2026-01-12", amountCents: 400 });
    expect(lastPayment([])).toBeNull();
    expect(withRunning(entries).map((e) => e.runningCents)).toEqual([500, 400, 0, 50]);
  });
});
