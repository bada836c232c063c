import * as v from "valibot";
import type { LedgerEntry, LedgerKind, LedgerView, RetainerView } from "../../contracts/ledger";
import type { FeeKind } from "../../contracts/portal";

export {
  type AdjustmentInput,
  AdjustmentSchema,
  DEFAULT_HOURLY_RATE_CENTS,
  type ExpenseEntryInput,
  ExpenseEntrySchema,
  LEDGER_KIND_LABELS,
  LEDGER_MESSAGES,
  LedgerCsvQuery,
  type LedgerEntry,
  type LedgerKind,
  type LedgerView,
  type RetainerView,
  type TimeEntryInput,
  TimeEntrySchema,
} from "../../contracts/ledger";

/** A request's id in the desk's paths; one that names no request is not found (404). */
export const SubmissionParams = v.object({ id: v.string() });

/**
 * What time costs: minutes at the hourly rate, to the nearest cent, half a cent up (ADR 253). Integer arithmetic
 * only: minutes times the rate is a whole number, and the division is done on whole numbers, so no float ever
 * holds money.
 */
export function timeAmountCents(minutes: number, hourlyRateCents: number): number {
  const scaled = minutes * hourlyRateCents + 30;
  return (scaled - (scaled % 60)) / 60;
}

/**
 * What an entry counts as: its kind, or for an adjustment the kind of the entry it corrects (followed through
 * adjustments of adjustments); a free-standing adjustment counts as work billed or credited.
 */
function countedKind(entry: LedgerEntry, byId: Map<number, LedgerEntry>): LedgerKind {
  let e: LedgerEntry | undefined = entry;
  const seen = new Set<number>();
  while (e && e.kind === "adjustment" && e.corrects !== undefined && !seen.has(e.id)) {
    seen.add(e.id);
    e = byId.get(e.corrects);
  }
  return e?.kind ?? "adjustment";
}

/**
 * The balance and the retainer of an engagement's entries (ADR 252). The balance is the sum of every amount.
 * For a retainer engagement every payment is held as the retainer, and everything else (time, expenses, fees,
 * free-standing adjustments) draws from it, up to what is held; what it cannot cover is owed. So
 * held - drawn = remaining, and the balance is what was billed less what was held.
 */
export function summarize(
  entries: readonly LedgerEntry[],
  feeKind: FeeKind | null,
): Omit<LedgerView, "entries"> {
  const byId = new Map(entries.map((e) => [e.id, e]));
  let balanceCents = 0;
  let heldCents = 0;
  let billedCents = 0;
  for (const e of entries) {
    balanceCents += e.amountCents;
    if (countedKind(e, byId) === "payment") heldCents -= e.amountCents;
    else billedCents += e.amountCents;
  }
  if (feeKind !== "retainer") return { balanceCents, retainer: null };
  const drawnCents = Math.min(Math.max(billedCents, 0), Math.max(heldCents, 0));
  const retainer: RetainerView = { heldCents, drawnCents, remainingCents: heldCents - drawnCents };
  return { balanceCents, retainer };
}

/** Whole cents as the accountant's file writes them: -1250.00. */
export function decimalDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${(abs - (abs % 100)) / 100}.${String(abs % 100).padStart(2, "0")}`;
}

/** A firm's day (YYYY-MM-DD) as QuickBooks and Xero read a US file's dates: MM/DD/YYYY. */
export function importDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}
