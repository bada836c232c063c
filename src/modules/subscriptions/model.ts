import * as v from "valibot";
import { addBusinessDays, addDays, addMonths, daysBetween } from "../../contracts/firm-calendar";
import { SUBSCRIPTION_ALLOWS } from "../../contracts/lifecycle";
import {
  CADENCES,
  type Cadence,
  FIRST_SWEEP_BUSINESS_DAYS,
  NOTICE_DAYS,
  SUBJECT_MESSAGES,
  SubjectsSchema,
  type SubscriptionState,
  type Sweep,
} from "../../contracts/subscriptions";

export {
  CADENCES,
  type Cadence,
  type Charge,
  longDate,
  NOTICE_DAYS,
  SUBJECT_MAX_CHARS,
  SUBJECT_MIN_CHARS,
  SUBJECTS_MAX,
  SUBSCRIPTION_STATES,
  SubjectsSchema,
  type SubscriptionState,
  type SubscriptionView,
  type Sweep,
  type SweepReceipt,
} from "../../contracts/subscriptions";

/**
 * Judgment Intel as a subscription (issue 29; ADRs 246 and 247): its states, its terms and the calendar of its
 * charges and sweeps, as pure functions over the firm's calendar dates (YYYY-MM-DD in the firm's time zone).
 * Nothing here reads a clock or the database: the service passes today's date and the desk's business calendar.
 */

/** Months between two sweeps. */
export const SWEEP_MONTHS: Record<Cadence, number> = { quarterly: 3, monthly: 1 };

export type SubscriptionAction = "pause" | "resume" | "cancel";

/** What the desk's business calendar answers for a date: whether the firm opens (weekends, holidays, closures). */
export type WorkCalendar = { isBusinessDay: (date: string) => boolean };

// ---- Calendar dates ---------------------------------------------------------------------------------------

// The firm's calendar (ADR 280): days, and months clamped to their last day (31 January and one month is 28
// February, two months is 31 March, always counted from the date given, so nothing drifts).
export { addDays, addMonths, daysBetween };

/** The date itself when the firm opens on it, else the next day it does (a sweep due on a holiday moves on). */
export function businessDayOnOrAfter(calendar: WorkCalendar, date: string): string {
  let day = date;
  // Closures over more than a year would be a calendar nobody can work to: the date stands as it is.
  for (let i = 0; i < 400; i++, day = addDays(day, 1)) if (calendar.isBusinessDay(day)) return day;
  return date;
}

// ---- The schedule -----------------------------------------------------------------------------------------

/**
 * A subscription's state and the two calendars it runs on. Each calendar is an anchor and a count: the next
 * charge begins `billMonths` months after `billAnchorOn`, the next sweep is nominally due `sweepCount` sweeps
 * after `sweepAnchorOn`. A resume moves both anchors by the days paused and restarts the counts (ADR 246), so
 * month lengths never make the dates drift.
 */
export type Schedule = {
  state: SubscriptionState;
  cadence: Cadence;
  monthlyCents: number;
  startedOn: string | null;
  billAnchorOn: string | null;
  billMonths: number;
  sweepAnchorOn: string | null;
  sweepCount: number;
  pausedOn: string | null;
  cancelNoticeOn: string | null;
  endsOn: string | null;
};

export type ChargeDue = { from: string; to: string; amountCents: number };
/** A sweep owed: the calendar date it falls on and the business day it is due. */
export type SweepDue = { nominalOn: string; dueOn: string };

export const pendingSchedule = (terms: { cadence: Cadence; monthlyCents: number }): Schedule => ({
  state: "pending",
  ...terms,
  startedOn: null,
  billAnchorOn: null,
  billMonths: 0,
  sweepAnchorOn: null,
  sweepCount: 0,
  pausedOn: null,
  cancelNoticeOn: null,
  endsOn: null,
});

/** The month beginning on `from`: to the day before the same date a month later. */
const monthFrom = (from: string, anchor: string, months: number) => ({
  from,
  to: addDays(addMonths(anchor, months + 1), -1),
});

/**
 * The day the first sweep is due (ADR 306): the FIRST_SWEEP_BUSINESS_DAYSth business day after monitoring
 * begins, or, when closures push that past the first paid month, that month's last business day (its last day
 * when the firm opens on none of them). Always inside the month the client paid first.
 */
export function firstSweepOn(startedOn: string, calendar: WorkCalendar): string {
  const lastOfMonth = addDays(addMonths(startedOn, 1), -1);
  const by = addBusinessDays(startedOn, FIRST_SWEEP_BUSINESS_DAYS, calendar.isBusinessDay);
  if (by <= lastOfMonth) return by;
  for (let day = lastOfMonth; day > startedOn; day = addDays(day, -1))
    if (calendar.isBusinessDay(day)) return day;
  return lastOfMonth;
}

/**
 * The subscription starts on the later of the signature and the first payment: that month is billed and paid
 * at once, the first sweep is due within that month (firstSweepOn), and each later one a cadence after the one
 * before, counted from the first.
 */
export function begin(
  s: Schedule,
  startedOn: string,
  calendar: WorkCalendar,
): { schedule: Schedule; firstCharge: ChargeDue } {
  return {
    schedule: {
      ...s,
      state: "active",
      startedOn,
      billAnchorOn: startedOn,
      billMonths: 1,
      sweepAnchorOn: firstSweepOn(startedOn, calendar),
      sweepCount: 0,
    },
    firstCharge: { ...monthFrom(startedOn, startedOn, 0), amountCents: s.monthlyCents },
  };
}

/** Whether charges and sweeps fall due: active, or under notice and not paused. */
const running = (s: Schedule) => (s.state === "active" || s.state === "cancelling") && s.pausedOn === null;

export const nextChargeDate = (s: Schedule) =>
  s.billAnchorOn === null ? null : addMonths(s.billAnchorOn, s.billMonths);
export const nextSweepNominal = (s: Schedule) =>
  s.sweepAnchorOn === null ? null : addMonths(s.sweepAnchorOn, s.sweepCount * SWEEP_MONTHS[s.cadence]);

/** A date still inside the notice period, or any date when no notice was given. */
const beforeEnd = (s: Schedule, date: string) => s.endsOn === null || date < s.endsOn;

/**
 * Everything that has fallen due by `today`, and the schedule once it is raised: each month that began (before
 * `endsOn`, when notice was given) is charged in full, each sweep whose date came (before `endsOn`) is owed on
 * its business day, and on `endsOn` the subscription ends. Idempotent: the schedule returned owes nothing more
 * for the same `today`.
 */
export function dueBy(
  s: Schedule,
  today: string,
  calendar: WorkCalendar,
): { schedule: Schedule; charges: ChargeDue[]; sweeps: SweepDue[]; ended: boolean } {
  const charges: ChargeDue[] = [];
  const sweeps: SweepDue[] = [];
  let next = s;
  if (running(s)) {
    for (let from = nextChargeDate(next); from && from <= today && beforeEnd(next, from); ) {
      const anchor = next.billAnchorOn as string;
      charges.push({ ...monthFrom(from, anchor, next.billMonths), amountCents: next.monthlyCents });
      next = { ...next, billMonths: next.billMonths + 1 };
      from = nextChargeDate(next);
    }
    for (let on = nextSweepNominal(next); on && on <= today && beforeEnd(next, on); ) {
      sweeps.push({ nominalOn: on, dueOn: businessDayOnOrAfter(calendar, on) });
      next = { ...next, sweepCount: next.sweepCount + 1 };
      on = nextSweepNominal(next);
    }
  }
  const ended = next.state === "cancelling" && next.endsOn !== null && today >= next.endsOn;
  if (ended) next = { ...next, state: "ended" };
  return { schedule: next, charges, sweeps, ended };
}

// ---- The actions ------------------------------------------------------------------------------------------

/** Why an action cannot be taken in this state, in the words both sides read; null when it can. */
export function refusal(action: SubscriptionAction, s: Schedule): string | null {
  // Which states allow which move is the lifecycle table's (ADR 278); the words, with their dates, are here.
  if (SUBSCRIPTION_ALLOWS[action].includes(s.state)) return null;
  if (s.state === "pending")
    return "Monitoring has not started yet: it starts once the engagement letter is signed and the first month is paid.";
  if (s.state === "ended") return `Monitoring ended on ${s.endsOn}: there is nothing left to ${action}.`;
  switch (action) {
    case "pause":
      if (s.state === "paused") return `Monitoring is already paused (since ${s.pausedOn}).`;
      if (s.state === "cancelling")
        return `Monitoring is under notice and ends on ${s.endsOn}: it cannot be paused. Resume it first to withdraw the notice.`;
      return null;
    case "resume":
      if (s.state === "active") return "Monitoring is already active: there is nothing to resume.";
      return null;
    case "cancel":
      return `Notice to cancel was already given on ${s.cancelNoticeOn}: monitoring ends on ${s.endsOn}.`;
  }
}

/** Paused from today: nothing falls due until it is resumed. */
export const pause = (s: Schedule, today: string): Schedule => ({ ...s, state: "paused", pausedOn: today });

/**
 * Notice given today: it ends NOTICE_DAYS later. A paused subscription stays paused through its notice, so
 * nothing more falls due; an active one goes on until then.
 */
export const cancel = (s: Schedule, today: string): Schedule => ({
  ...s,
  state: "cancelling",
  cancelNoticeOn: today,
  endsOn: addDays(today, NOTICE_DAYS),
});

/**
 * Active again from today (ADR 246). A pause is given back day for day: both calendars move on by the days
 * paused, so the month that was running when it paused ends that many days later (`currentMonthEndsOn`, the
 * charge already raised for it is extended) and the next sweep is that many days later too. A notice is
 * withdrawn.
 */
export function resume(
  s: Schedule,
  today: string,
): { schedule: Schedule; currentMonthEndsOn: string | null } {
  const paused = s.pausedOn === null ? 0 : Math.max(0, daysBetween(s.pausedOn, today));
  const nextCharge = nextChargeDate(s);
  const nextSweep = nextSweepNominal(s);
  const billAnchorOn = nextCharge === null ? null : addDays(nextCharge, paused);
  return {
    schedule: {
      ...s,
      state: "active",
      billAnchorOn,
      billMonths: 0,
      sweepAnchorOn: nextSweep === null ? null : addDays(nextSweep, paused),
      sweepCount: 0,
      pausedOn: null,
      cancelNoticeOn: null,
      endsOn: null,
    },
    currentMonthEndsOn: paused > 0 && billAnchorOn !== null ? addDays(billAnchorOn, -1) : null,
  };
}

// ---- What both sides see ----------------------------------------------------------------------------------

/** The next charge, while charges fall due and before the end. */
export function upcomingCharge(s: Schedule): string | null {
  const next = nextChargeDate(s);
  return running(s) && next !== null && beforeEnd(s, next) ? next : null;
}

/** The sweep owed soonest: one raised and not yet delivered, else the next one the calendar will raise. */
export function upcomingSweep(s: Schedule, sweeps: readonly Sweep[], calendar: WorkCalendar): string | null {
  const owed = sweeps.filter((w) => w.deliveredAt === null).map((w) => w.dueOn);
  if (owed.length > 0) return owed.sort()[0] ?? null;
  const next = nextSweepNominal(s);
  return running(s) && next !== null && beforeEnd(s, next) ? businessDayOnOrAfter(calendar, next) : null;
}

// ---- Input ------------------------------------------------------------------------------------------------

export const SUBSCRIPTION_MESSAGES = {
  ...SUBJECT_MESSAGES,
  monthlyCents: "The monthly fee must be a whole number of cents above zero",
  date: "A date must be written YYYY-MM-DD",
  amountCents: "A payment must be a whole number of cents above zero",
  none: "This request has no monitoring subscription.",
  noneInPortal: "This engagement has no monitoring subscription.",
  notStarted:
    "Monitoring has not started yet: it starts once the engagement letter is signed and the first month is paid.",
  nothingOwed: "No sweep is owed: every sweep due so far has been delivered.",
  otherEngagement: "This engagement already has a monitoring subscription with other terms.",
} as const;

const DATE = v.pipe(v.string(SUBSCRIPTION_MESSAGES.date), v.isoDate(SUBSCRIPTION_MESSAGES.date));

/** What the engagement gives when its letter is signed and its first month paid (either may come first). */
export const StartSchema = v.object({
  engagementId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  submissionId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  subjects: SubjectsSchema,
  cadence: v.optional(v.picklist(CADENCES, SUBSCRIPTION_MESSAGES.cadence), "quarterly"),
  monthlyCents: v.pipe(
    v.number(SUBSCRIPTION_MESSAGES.monthlyCents),
    v.integer(SUBSCRIPTION_MESSAGES.monthlyCents),
    v.minValue(1, SUBSCRIPTION_MESSAGES.monthlyCents),
  ),
  signedOn: v.optional(v.nullable(DATE), null),
  paidOn: v.optional(v.nullable(DATE), null),
});
export type StartInput = v.InferInput<typeof StartSchema>;

/** The path's request id, as the desk reads it. */
export const SubmissionParams = v.object({ id: v.string() });
