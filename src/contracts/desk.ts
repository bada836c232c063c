/**
 * The desk's business-day clock as the admin API shows it (ADR 052): a request's due state with its label,
 * the morning view's figures, and the closures staff set. Labels are computed on the server, which holds the
 * firm's calendar; the screens show them as they come.
 */

/** waiting: not answered and not yet due; overdue: not answered and past due; answered: first response recorded. */
export type DueState = "waiting" | "overdue" | "answered";

export type DueStatus = {
  state: DueState;
  /** "due in 3 h", "due tomorrow 10:00", "overdue by 2 business hours", "answered in 1 h 40 m". */
  label: string;
  /** The due time in the firm's zone, e.g. "Wed Nov 18, 10:00 EST". */
  dueText: string;
  /** Answered after the due time. */
  late: boolean;
};

export type WaitingRequest = {
  id: number;
  reference: string;
  desiredService: string;
  submittedAt: string;
  respondBy: string;
  due: DueStatus;
};

export type FailedMail = {
  id: number;
  kind: string;
  /** failed: given up; retrying: an attempt failed and another is planned. */
  state: "failed" | "retrying";
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  submissionId: number | null;
  reference: string | null;
};

export type DeskOverview = {
  now: string;
  /** Requests waiting for a first response, soonest due first (at most OVERVIEW_WAITING_MAX). */
  waiting: WaitingRequest[];
  counts: { newToday: number; waiting: number; overdue: number };
  /** First-response times of requests received in the last `days` days and answered, in business minutes. */
  firstResponse: {
    days: number;
    answered: number;
    medianMinutes: number | null;
    p90Minutes: number | null;
    medianLabel: string | null;
    p90Label: string | null;
  };
  failedMail: FailedMail[];
  /** Whether mail can leave this server (SMTP_URL is set): without it, queued e-mail waits, none fails. */
  mailConfigured: boolean;
  settings: DeskSettings;
};

export type DeskSettings = {
  timeZone: string;
  businessHours: string;
  /** "US", "US-NY", or null when no public holidays apply. */
  holidays: string | null;
  slaHours: number;
};

export type Closure = { date: string; note: string };

export type ClosureList = {
  closures: Closure[];
  settings: DeskSettings;
  /** Public holidays of the next 90 days, for staff deciding on closures. */
  upcomingHolidays: { date: string; name: string }[];
};

export const OVERVIEW_WAITING_MAX = 20;
export const FIRST_RESPONSE_DAYS = 30;
/** The morning view lists at most this many failed e-mails, newest first. */
export const FAILED_MAIL_MAX = 20;
export const CLOSURE_NOTE_MAX = 200;

export const CLOSURE_MESSAGES = {
  date: "Enter the date as YYYY-MM-DD, such as 2026-12-24",
  range: "Choose a date within a year back and three years ahead",
  note: `Notes can be at most ${CLOSURE_NOTE_MAX} characters`,
  exists: "That date is already a closure",
  notFound: "That date is not a closure",
} as const;
