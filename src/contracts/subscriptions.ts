import * as v from "valibot";
import { formatDay } from "./time-format";

/**
 * Judgment Intel's subscription as both sides read it (issue 29; ADRs 246, 247 and 249): its states, its
 * cadences, the rules for its subjects and the view the desk and the portal show. The server's subscriptions
 * feature owns the behaviour; this is what the screens and the engagement's form share with it.
 */
export const SUBSCRIPTION_STATES = ["pending", "active", "paused", "cancelling", "ended"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const CADENCES = ["quarterly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * The first sweep is due within this many business days of the day monitoring begins (the first month paid),
 * and never after that first paid month ends (issue 44, ADR 306): a client who gives notice on the first day
 * still receives a sweep for the month they paid.
 */
export const FIRST_SWEEP_BUSINESS_DAYS = 10;

/** Notice to cancel, in calendar days: the spec's "cancelled with 30 days' notice". */
export const NOTICE_DAYS = 30;
export const SUBJECTS_MAX = 20;
export const SUBJECT_MIN_CHARS = 2;
export const SUBJECT_MAX_CHARS = 200;

export const SUBJECT_MESSAGES = {
  subjects: `Name between 1 and ${SUBJECTS_MAX} people or entities to monitor`,
  subject: `Each subject's name must be ${SUBJECT_MIN_CHARS} to ${SUBJECT_MAX_CHARS} characters`,
  cadence: 'Cadence must be "quarterly" or "monthly"',
} as const;

/** The people or entities a subscription monitors: 1 to 20 names, each 2 to 200 characters once trimmed. */
export const SubjectsSchema = v.pipe(
  v.array(
    v.pipe(
      v.string(SUBJECT_MESSAGES.subject),
      v.trim(),
      v.minLength(SUBJECT_MIN_CHARS, SUBJECT_MESSAGES.subject),
      v.maxLength(SUBJECT_MAX_CHARS, SUBJECT_MESSAGES.subject),
    ),
    SUBJECT_MESSAGES.subjects,
  ),
  v.minLength(1, SUBJECT_MESSAGES.subjects),
  v.maxLength(SUBJECTS_MAX, SUBJECT_MESSAGES.subjects),
);

export const CadenceSchema = v.picklist(CADENCES, SUBJECT_MESSAGES.cadence);

/** A month raised, at the amount the ledger's charge for it holds; what is paid of it is the ledger's to say. */
export type Charge = { from: string; to: string; amountCents: number };
export type Sweep = { dueOn: string; deliveredAt: string | null };
/** A sweep as both sides read it: with its receipt, the client's first download of its report (issue 29). */
export type SweepReport = Sweep & {
  receivedAt: string | null;
  /** The days the report was delivered and received, on the firm's calendar (YYYY-MM-DD), for people to read. */
  deliveredOn: string | null;
  receivedOn: string | null;
};
/** A file delivered as a sweep report: when it was delivered, and its receipt once downloaded. */
export type SweepReceipt = { deliveredAt: string; receivedAt: string | null };

/** `GET /api/admin/submissions/:id/subscription` and the portal's engagement: every date in the firm's zone. */
export type SubscriptionView = {
  state: SubscriptionState;
  subjects: string[];
  cadence: Cadence;
  monthlyCents: number;
  startedOn: string | null;
  /** The last day of the months the ledger's payments cover, oldest first (ADR 285). */
  paidThrough: string | null;
  nextChargeOn: string | null;
  nextSweepDueOn: string | null;
  pausedOn: string | null;
  cancelNoticeOn: string | null;
  endsOn: string | null;
  sweeps: SweepReport[];
  charges: Charge[];
};

/** A sweep owed on the desk's dashboard: whose, when it is due, and how that stands against today. */
export type SweepDueItem = {
  submissionId: number;
  reference: string;
  dueOn: string;
  standing: "overdue" | "due" | "due-soon";
};
/** `GET /api/admin/subscriptions/sweeps`: the sweeps owed, overdue first, and the firm's today. */
export type SweepsDue = { today: string; soonDays: number; sweeps: SweepDueItem[] };

/** "27 Dec 2026": a date as the letter, the mails and the portal write it, the one formatter's (ADR 266). */
export const longDate = formatDay;

/** The state in the words the client and the desk read. */
export const STATE_WORDS: Record<SubscriptionState, string> = {
  pending: "Starts once the letter is signed and the first month is paid",
  active: "Active",
  paused: "Paused",
  cancelling: "Cancelled with notice",
  ended: "Ended",
};
