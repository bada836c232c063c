import { describe, expect, test } from "bun:test";
import {
  entriesToState,
  firstBusinessDayOfMonth,
  type LedgerEntry,
  monthlyRunOwed,
  replenishDue,
  statementIdOf,
} from "./model";

const weekday = (d: string) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
const withHoliday = (holiday: string) => (d: string) => weekday(d) && d !== holiday;

describe("the monthly run's day", () => {
  test("the first weekday of the month, a holiday skipped", () => {
    expect(firstBusinessDayOfMonth("2024-09-17", weekday)).toBe("2024-09-02");
    expect(firstBusinessDayOfMonth("2024-09-17", withHoliday("2024-09-02"))).toBe("2024-09-03");
    expect(firstBusinessDayOfMonth("2026-08-31", weekday)).toBe("2026-08-03");
  });

  test("owed from that day until a run on or after it is recorded", () => {
    const cal = withHoliday("2024-09-02");
    expect(monthlyRunOwed("2024-09-02", "2024-08-01", cal)).toBeNull();
    expect(monthlyRunOwed("2024-09-03", "2024-08-01", cal)).toBe("2024-09-03");
    expect(monthlyRunOwed("2024-09-20", null, cal)).toBe("2024-09-03");
    expect(monthlyRunOwed("2024-09-20", "2024-09-03", cal)).toBeNull();
  });
});

test("a retainer asks to be replenished strictly below the percent of what was held", () => {
  expect(replenishDue({ heldCents: 500_000, drawnCents: 400_000, remainingCents: 100_000 }, 20)).toBe(false);
  expect(replenishDue({ heldCents: 500_000, drawnCents: 400_001, remainingCents: 99_999 }, 20)).toBe(true);
  expect(replenishDue({ heldCents: 0, drawnCents: 0, remainingCents: 0 }, 20)).toBe(false);
  expect(replenishDue(null, 20)).toBe(false);
  expect(replenishDue({ heldCents: 500_000, drawnCents: 500_000, remainingCents: 0 }, 0)).toBe(false);
});

test("a statement shows what no earlier one did, through its day, a late entry included", () => {
  const e = (id: number, on: string): LedgerEntry => ({
    id,
    number: id,
    on,
    kind: "fee",
    description: "",
    amountCents: 1,
  });
  const entries = [e(1, "2026-07-01"), e(2, "2026-07-20"), e(3, "2026-07-10"), e(4, "2026-08-02")];
  expect(entriesToState(entries, new Set([1]), "2026-07-31").map((x) => x.id)).toEqual([3, 2]);
});

test("a statement's file is its id and .pdf, nothing else", () => {
  expect(statementIdOf("12.pdf")).toBe(12);
  for (const bad of ["0.pdf", "12", "12.PDF", "a.pdf", "12.pdf.exe"]) expect(statementIdOf(bad)).toBeNull();
});
