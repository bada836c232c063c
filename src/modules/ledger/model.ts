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
  type MoneyView,
  type PaymentDispute,
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

/** What the client is asked to pay now, and the day the letter set for it (null: billed monthly, no day set). */
export type PaymentDue = { amountDueCents: number; dueOn: string | null };

/** The kinds the letter sets a day for: the flat fee on engagement, each month on the day it begins. */
const DATED_KINDS: ReadonlySet<LedgerKind> = new Set(["fee", "charge"]);

/**
 * What is due and by when (ADR 271), the one figure the portal's Payments card, a statement and its pay link
 * show. It is the ledger's balance, unless the letter still asks more on engagement than the ledger records as
 * owed: a retainer (a deposit, held rather than billed) or a monthly engagement's first month before it is
 * raised (`askedCents`, less every payment), due on the day the letter was signed. Otherwise the day is that
 * of the oldest amount payments and credits have not covered, when the letter dates it (a fee, a month);
 * time and expenses past what is held are billed monthly, with no day of their own.
 */
export function paymentDue(
  entries: readonly LedgerEntry[],
  terms: { askedCents: number; signedOn: string },
): PaymentDue {
  const byId = new Map(entries.map((e) => [e.id, e]));
  let balanceCents = 0;
  let paidCents = 0;
  for (const e of entries) {
    balanceCents += e.amountCents;
    if (countedKind(e, byId) === "payment") paidCents -= e.amountCents;
  }
  const askedCents = terms.askedCents - paidCents;
  if (askedCents > 0 && askedCents >= balanceCents)
    return { amountDueCents: askedCents, dueOn: terms.signedOn };
  if (balanceCents <= 0) return { amountDueCents: 0, dueOn: null };
  // Payments and credits settle the oldest amounts first: the first one left owing dates what is due.
  let covered = -entries.reduce((sum, e) => (e.amountCents < 0 ? sum + e.amountCents : sum), 0);
  const owing = entries
    .filter((e) => e.amountCents > 0)
    .toSorted((a, b) => (a.on === b.on ? a.id - b.id : a.on < b.on ? -1 : 1))
    .find((e) => {
      covered -= e.amountCents;
      return covered < 0;
    });
  const kind = owing ? countedKind(owing, byId) : "adjustment";
  return { amountDueCents: balanceCents, dueOn: owing && DATED_KINDS.has(kind) ? owing.on : null };
}

/** What an engagement's letter asks, as the ledger reads it to tell what is due. */
export type LetterTerms = {
  feeKind: FeeKind | null;
  feeCents: number;
  /** The firm's day the letter was signed; null while it is not. */
  signedOn: string | null;
  /** A monthly engagement's first month, asked on engagement until a month is raised. */
  firstMonthCents: number;
};

/** Every figure of an engagement as of the end of a day: the entries dated up to it and all they add up to. */
export type Standing = LedgerView & { due: PaymentDue | null };

/**
 * Every figure of an engagement as of the end of `asOf` (ADR 282; null: every entry there is): the entries dated
 * on or before it, the balance, the retainer held, drawn and remaining, and what is due and by when. Each is
 * computed from those entries alone, so a statement through a day reads the same figures whenever it is issued,
 * whatever was recorded for the days after. What the letter asks on engagement is asked from the day it was
 * signed; a monthly engagement's first month until a month is raised (a charge dated by then).
 */
export function standingAsOf(all: readonly LedgerEntry[], terms: LetterTerms, asOf: string | null): Standing {
  const entries = asOf === null ? [...all] : all.filter((e) => e.on <= asOf);
  const figures = summarize(entries, terms.feeKind);
  const { signedOn } = terms;
  if (signedOn === null || (asOf !== null && signedOn > asOf)) return { entries, ...figures, due: null };
  const monthRaised = entries.some((e) => e.kind === "charge");
  const askedCents =
    terms.feeKind === "retainer"
      ? terms.feeCents
      : terms.feeKind === "monthly" && !monthRaised
        ? terms.firstMonthCents
        : 0;
  return { entries, ...figures, due: paymentDue(entries, { askedCents, signedOn }) };
}

/** Whole cents as the accountant's file writes them: -1250.00. */
export { decimalDollars } from "../../contracts/money";

/** A firm's day (YYYY-MM-DD) as QuickBooks and Xero read a US file's dates: MM/DD/YYYY. */
export function importDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}

/** Each entry with the balance after it, in the order given: the desk's running balance column. */
export function withRunning(entries: readonly LedgerEntry[]): (LedgerEntry & { runningCents: number })[] {
  let runningCents = 0;
  return entries.map((e) => {
    runningCents += e.amountCents;
    return { ...e, runningCents };
  });
}

/** Cents added up: the one sum of amounts in the code (ADR 285). Everything else asks the ledger's functions. */
export function sumCents(entries: readonly Pick<LedgerEntry, "amountCents">[]): number {
  let total = 0;
  for (const e of entries) total += e.amountCents;
  return total;
}

/**
 * What the client has paid, net: every payment less every refund of one (an adjustment that corrects a payment).
 */
export function paidCents(entries: readonly LedgerEntry[]): number {
  const byId = new Map(entries.map((e) => [e.id, e]));
  let paid = 0;
  for (const e of entries) if (countedKind(e, byId) === "payment") paid -= e.amountCents;
  return paid;
}

/** The firm's day the payments received first added up to `cents` (net of refunds by then), or null. */
export function dayPaidReaching(entries: readonly LedgerEntry[], cents: number): string | null {
  const byId = new Map(entries.map((e) => [e.id, e]));
  let paid = 0;
  for (const e of byDay(entries)) {
    if (countedKind(e, byId) !== "payment") continue;
    paid -= e.amountCents;
    if (paid >= cents) return e.on;
  }
  return null;
}

const byDay = (entries: readonly LedgerEntry[]) =>
  entries.toSorted((a, b) => (a.on === b.on ? a.id - b.id : a.on < b.on ? -1 : 1));

/** The last payment received (its day and amount), or null: the portal's "last payment". */
export function lastPayment(entries: readonly LedgerEntry[]): { on: string; amountCents: number } | null {
  const last = byDay(entries)
    .filter((e) => e.kind === "payment")
    .at(-1);
  return last ? { on: last.on, amountCents: -last.amountCents } : null;
}

/** A month of a subscription, as its calendar raised it (the amount is the ledger's charge dated `from`). */
export type MonthRaised = { from: string; to: string };

/**
 * The last day of the unbroken run of months, from the first, that what was paid and credited covers: payments
 * and credits settle the oldest amounts billed first (a month, then anything billed after it), as what is due
 * reads them. A month is covered when every charge dated its first day is.
 */
export function paidThrough(entries: readonly LedgerEntry[], months: readonly MonthRaised[]): string | null {
  const byId = new Map(entries.map((e) => [e.id, e]));
  // What settles: every credit, less what was refunded of a payment (a refund settles nothing).
  let covered = 0;
  for (const e of entries) {
    if (e.amountCents < 0) covered -= e.amountCents;
    else if (countedKind(e, byId) === "payment") covered -= e.amountCents;
  }
  const unsettled = new Set<number>();
  for (const e of byDay(entries)) {
    if (e.amountCents <= 0 || countedKind(e, byId) === "payment") continue;
    covered -= e.amountCents;
    if (covered < 0) unsettled.add(e.id);
  }
  let through: string | null = null;
  for (const m of months) {
    const charges = entries.filter((e) => e.kind === "charge" && e.on === m.from);
    if (charges.length === 0 || charges.some((c) => unsettled.has(c.id))) break;
    through = m.to;
  }
  return through;
}

/** What the refunds of a payment add up to so far: a new refund total records only what is new. */
export function refundedCents(entries: readonly LedgerEntry[], paymentId: number): number {
  return sumCents(entries.filter((e) => e.kind === "adjustment" && e.corrects === paymentId));
}
