import * as v from "valibot";
import { calendarDate } from "../../contracts/dates";
import { addDays } from "../../contracts/firm-calendar";
import type { LedgerEntry, RetainerView, Standing } from "../ledger";

export type { StatementSummary } from "../../contracts/statements";

/**
 * Statements of account (issue 30, ADR 254) as pure rules over the firm's calendar days (YYYY-MM-DD in its time
 * zone): which ledger entries a statement shows, when the retainer asks to be replenished, and the day of each
 * month's run. Nothing here reads a clock or the database.
 */

export type { LedgerEntry, LedgerView, PaymentDue } from "../ledger";
export type Retainer = RetainerView;

/**
 * What statements read of the ledger (src/modules/ledger): one engagement's entries, balance, retainer and what
 * is due and by when, all as of the end of the statement's last day (ADR 282).
 */
export type StatementLedger = {
  /** Every figure as of the end of a day, from the entries dated up to it: what a statement through it shows. */
  asOf(engagementId: number, through: string): Standing;
};

export const STATEMENT_MESSAGES = {
  through: "Give the last day the statement covers, as YYYY-MM-DD",
  future: (today: string) => `A statement covers days that have passed: choose ${today} or earlier`,
  beforeLast: (last: string) => `The last statement covers through ${last}: choose ${last} or later`,
  nothingNew: (through: string) =>
    `Nothing was recorded through ${through} since the last statement: there is nothing to state`,
  noEngagement: "This request has no engagement to state",
  none: "No such statement",
  raced: "Another statement was issued meanwhile: reload to see it",
} as const;

export const IssueBody = v.object({ through: calendarDate(STATEMENT_MESSAGES.through) });
export type IssueInput = v.InferOutput<typeof IssueBody>;
export const SubmissionParams = v.object({ id: v.string() });
export const StatementParams = v.object({ id: v.string(), file: v.string() });
export const PortalStatementParams = v.object({ file: v.string() });

/** The statement id a path's file names ("12.pdf"), or null. */
export function statementIdOf(file: string): number | null {
  const m = /^([1-9]\d{0,15})\.pdf$/.exec(file);
  return m ? Number(m[1]) : null;
}

/**
 * The entries a statement through `through` shows: every entry dated on or before it that no earlier statement
 * showed (an entry recorded late for an earlier day is shown on the next statement, not lost), in date order.
 */
export function entriesToState(
  entries: readonly LedgerEntry[],
  stated: ReadonlySet<number>,
  through: string,
): LedgerEntry[] {
  return entries
    .filter((e) => e.on <= through && !stated.has(e.id))
    .toSorted((a, b) => (a.on === b.on ? a.id - b.id : a.on < b.on ? -1 : 1));
}

/** An entry as a statement lists it: the number of the entry it corrects, and whether it came in late. */
export type StatedEntry = LedgerEntry & {
  /** An adjustment: the number of the entry it corrects, as the ledger numbers it (ADR 292). */
  correctsNumber?: number;
  /** An entry dated within an earlier statement's period but recorded after it was issued: that statement. */
  lateFor?: number;
};

/**
 * The entries a statement lists, as it prints them (ADR 292): each adjustment with the number of the entry it
 * corrects (found among every entry of the engagement), and each entry dated on or before the last statement's
 * day marked late, with the statement whose period its day falls in. Such an entry was recorded after that
 * statement was issued (an entry recorded before was on it), so it is stated now rather than lost.
 */
export function asStated(
  entries: readonly LedgerEntry[],
  all: readonly LedgerEntry[],
  earlier: readonly { number: number; throughOn: string }[],
): StatedEntry[] {
  const numbers = new Map(all.map((e) => [e.id, e.number]));
  const periods = earlier.toSorted((a, b) => a.number - b.number);
  return entries.map((e) => {
    const correctsNumber = e.corrects === undefined ? undefined : numbers.get(e.corrects);
    const lateFor = periods.find((s) => e.on <= s.throughOn)?.number;
    return {
      ...e,
      ...(correctsNumber !== undefined ? { correctsNumber } : {}),
      ...(lateFor !== undefined ? { lateFor } : {}),
    };
  });
}

/**
 * Whether a statement asks for the retainer to be replenished: what remains is below `percent` of what was held.
 * Integer arithmetic throughout (cents times 100 against cents times the percent), so no rounding decides it.
 */
export function replenishDue(retainer: Retainer | null, percent: number): boolean {
  if (!retainer || retainer.heldCents <= 0) return false;
  return retainer.remainingCents * 100 < retainer.heldCents * percent;
}

const shift = addDays;

/** The day after a date. */
export const dayAfter = (date: string) => shift(date, 1);

/** The last day of the month before the one `date` is in. */
export const endOfPreviousMonth = (date: string) => shift(`${date.slice(0, 7)}-01`, -1);

/** The first day of `date`'s month on which the firm opens (weekends, public holidays and closures skipped). */
export function firstBusinessDayOfMonth(date: string, isBusinessDay: (d: string) => boolean): string | null {
  const month = date.slice(0, 7);
  for (let d = `${month}-01`; d.startsWith(month); d = shift(d, 1)) if (isBusinessDay(d)) return d;
  return null;
}

/**
 * The day of the monthly run that is owed on `today`, or null: the month's first business day once it has
 * come, unless a run on or after it is recorded (`lastRun`). A server down on that day catches up when it starts.
 */
export function monthlyRunOwed(
  today: string,
  lastRun: string | null,
  isBusinessDay: (d: string) => boolean,
): string | null {
  const first = firstBusinessDayOfMonth(today, isBusinessDay);
  if (!first || today < first) return null;
  return lastRun !== null && lastRun >= first ? null : first;
}
