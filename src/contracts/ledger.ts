import * as v from "valibot";
import { calendarDate, isCalendarDate } from "./dates";
import { requiredText } from "./fields";
import { money } from "./money";

/**
 * The engagement's money as an append-only ledger (issue 30, ADR 252): what the desk and the screens share with
 * the server's ledger feature. Amounts are whole cents: positive for what the client owes, negative for what
 * they paid or were credited.
 */
export const LEDGER_KINDS = ["fee", "charge", "time", "expense", "payment", "adjustment"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  fee: "Fee",
  charge: "Charge",
  time: "Time",
  expense: "Expense",
  payment: "Payment",
  adjustment: "Adjustment",
};

export type LedgerEntry = {
  id: number;
  /**
   * The entry's number in its engagement's ledger: 1, 2, 3 in the order entries were recorded (ADR 292). The
   * desk, a statement and an adjustment that corrects one all name an entry by it; the id is the database's.
   */
  number: number;
  /** The firm's calendar day (its time zone), YYYY-MM-DD. */
  on: string;
  kind: LedgerKind;
  description: string;
  amountCents: number;
  /** Time: the minutes worked, billed at the engagement's hourly rate. */
  minutes?: number;
  /** Who recorded it (staff username), when staff did. */
  by?: string;
  /** An adjustment: the entry it corrects. */
  corrects?: number;
  /** An expense: the receipt, a document of the engagement. */
  documentId?: string;
};

/** A retainer engagement's deposit: what was paid into it, what time and expenses drew, what is left. */
export type RetainerView = { heldCents: number; drawnCents: number; remainingCents: number };

export type LedgerView = {
  /** In the desk's view, each with the balance after it (`runningCents`, the ledger's running total). */
  entries: (LedgerEntry & { runningCents?: number })[];
  /** What the client owes after every payment and credit (negative: the firm holds money of theirs). */
  balanceCents: number;
  retainer: RetainerView | null;
};

export const DESCRIPTION_MAX = 500;
/** A day's work at most in one entry. */
export const MINUTES_MAX = 24 * 60;
export const LEDGER_AMOUNT_MAX = 100_000_000;
/** The rate a retainer engagement bills its hours at unless its draft says otherwise: $350 an hour. */
export const DEFAULT_HOURLY_RATE_CENTS = 35_000;

export const LEDGER_MESSAGES = {
  on: "Date must be a date (YYYY-MM-DD)",
  future: "Date cannot be after today",
  /** A payment is dated the day it was received, which has come: the firm's today at the latest. */
  paymentFuture: (on: string, today: string) =>
    `Date received cannot be after today (${today}): a payment received on ${on} has not been received yet`,
  paymentRecorded: (ref: string) =>
    `This payment (${ref} at the processor) is recorded already: dismiss this copy of it`,
  minutes: `Minutes must be a whole number from 1 to ${MINUTES_MAX}`,
  amount: `Amount must be a whole number of cents from 1 to ${LEDGER_AMOUNT_MAX}`,
  adjustment: `Amount must be a whole number of cents, not 0, between -${LEDGER_AMOUNT_MAX} and ${LEDGER_AMOUNT_MAX}`,
  corrects: "Choose an entry of this engagement's ledger",
  documentId: "Choose a document of this engagement",
  notSigned:
    "The engagement letter is not signed yet: time, expenses and adjustments are recorded once it is.",
  noRate:
    "This engagement has no hourly rate: set one in the engagement's draft before its letter is sent to bill time.",
  from: "From must be a date (YYYY-MM-DD)",
  to: "To must be a date (YYYY-MM-DD)",
  range: "To must be on or after From",
  key: "The form's key must be a UUID: reload the page and try again",
  keyUsed: "This form's entry was recorded already: reload the ledger to see it",
} as const;

const wholeCents = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/**
 * A field that must be sent: a missing one is read as a value its schema refuses, so the form's field gets the
 * field's own message rather than the validator's "Invalid key".
 */
const given = <S extends v.GenericSchema>(schema: S, refused: string | number) =>
  v.optional(schema, refused as never);
const day = (message: string) => given(calendarDate(message), "");
const cents = (message: string, min: number, max: number) => given(wholeCents(message, min, max), Number.NaN);
const description = given(requiredText("Description", DESCRIPTION_MAX), "");
/**
 * The form's key: a UUID the desk's form makes when it opens and sends with every press of Save, kept unique
 * with the entry, so the same press arriving twice records once (ADR 271). A client that sends none is not
 * protected from its own repeats.
 */
const key = v.optional(v.pipe(v.string(LEDGER_MESSAGES.key), v.uuid(LEDGER_MESSAGES.key)));

/** POST /api/admin/submissions/:id/time. */
export const TimeEntrySchema = v.object({
  on: day(LEDGER_MESSAGES.on),
  minutes: cents(LEDGER_MESSAGES.minutes, 1, MINUTES_MAX),
  description,
  key,
});
export type TimeEntryInput = v.InferOutput<typeof TimeEntrySchema>;

/** POST /api/admin/submissions/:id/expenses: a records fee passed through at cost, its receipt a document. */
export const ExpenseEntrySchema = v.object({
  on: day(LEDGER_MESSAGES.on),
  amountCents: cents(LEDGER_MESSAGES.amount, 1, LEDGER_AMOUNT_MAX),
  description,
  documentId: v.optional(
    v.pipe(v.string(LEDGER_MESSAGES.documentId), v.trim(), v.maxLength(100, LEDGER_MESSAGES.documentId)),
  ),
  key,
});
export type ExpenseEntryInput = v.InferOutput<typeof ExpenseEntrySchema>;

/** POST /api/admin/submissions/:id/ledger/adjustments: a correction or a credit, never an edit. */
export const AdjustmentSchema = v.object({
  corrects: v.optional(wholeCents(LEDGER_MESSAGES.corrects, 1, Number.MAX_SAFE_INTEGER)),
  amountCents: given(
    v.pipe(
      wholeCents(LEDGER_MESSAGES.adjustment, -LEDGER_AMOUNT_MAX, LEDGER_AMOUNT_MAX),
      v.check((n) => n !== 0, LEDGER_MESSAGES.adjustment),
    ),
    Number.NaN,
  ),
  description,
  key,
});
export type AdjustmentInput = v.InferOutput<typeof AdjustmentSchema>;

/** GET /api/admin/ledger.csv?from=&to=: the firm's days, both included. */
export const LedgerCsvQuery = v.pipe(
  v.object({
    from: day(LEDGER_MESSAGES.from),
    to: day(LEDGER_MESSAGES.to),
  }),
  v.forward(
    v.check((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || q.from <= q.to, LEDGER_MESSAGES.range),
    ["to"],
  ),
);

/**
 * A dispute the processor opened on a payment (Stripe's `charge.dispute.created`): when, why, and the payment it
 * names as the ledger has it (null when the ledger holds no such payment).
 */
export type PaymentDispute = {
  openedOn: string;
  reason: string;
  payment: { on: string; amountCents: number } | null;
};

/**
 * An engagement's money as the desk and the portal show it, every figure derived from the ledger's entries
 * (ADR 285): what was paid (net of refunds), the balance, the retainer, the last payment and any dispute.
 */
export type MoneyView = {
  balanceCents: number;
  paidCents: number;
  retainer: RetainerView | null;
  lastPayment: { on: string; amountCents: number } | null;
  disputes: PaymentDispute[];
};

/**
 * The ledger's figures in words (ADR 292). The ledger signs amounts from the firm's side: positive the client
 * owes, negative the firm holds money of theirs. A reader should never have to decode a sign, so a negative
 * balance reads "In credit $5,000.00", never "Balance owed -$5,000.00".
 */
export function balanceWords(cents: number): { label: string; amount: string } {
  if (cents > 0) return { label: "Balance owed", amount: money(cents) };
  if (cents < 0) return { label: "In credit", amount: money(-cents) };
  return { label: "Balance", amount: `${money(0)}, nothing owed` };
}

/**
 * A running balance as the entries' column shows it, the way a bank or an accountant's ledger does: what is owed
 * as it is, a credit unsigned with "Cr" beside it (read out as "in credit").
 */
export function runningWords(cents: number): { amount: string; credit: boolean } {
  return cents < 0 ? { amount: money(-cents), credit: true } : { amount: money(cents), credit: false };
}
