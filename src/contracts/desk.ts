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
  name: string;
  desiredService: string;
  submittedAt: string;
  respondBy: string;
  due: DueStatus;
};

/** An engaged request's delivery: the work clock runs from the signed letter and the fee paid. */
export type WaitingDelivery = {
  id: number;
  reference: string;
  name: string;
  desiredService: string;
  deliveryDueAt: string;
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
  counts: {
    newToday: number;
    waiting: number;
    overdue: number;
    /** Deliveries owed (engaged requests), and those past their due time. */
    deliveriesDue: number;
    deliveriesOverdue: number;
  };
  /** Deliveries owed, soonest due first (at most OVERVIEW_WAITING_MAX). */
  deliveries: WaitingDelivery[];
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
  /** Whether mail can leave this server (SMTP_URL is set): without it, queued email waits, none fails. */
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
  noOpening: "Closing that date would leave no business hours in the next three years",
} as const;

/**
 * How staff answered a request other than by a reply from the desk, when they record it (ADR 108): the first
 * response, by whatever way, stops the one-business-day clock; status changes do not.
 */
export const RESPONSE_CHANNELS = ["call", "other-email", "meeting"] as const;
export type ResponseChannel = (typeof RESPONSE_CHANNELS)[number];

export const RESPONSE_CHANNEL_LABELS: Record<ResponseChannel, string> = {
  call: "Phone call",
  "other-email": "Email from another account",
  meeting: "Meeting",
};

/**
 * What made a request's first response: a reply sent from the desk, a response recorded as made another way,
 * the engagement letter sent to the client's portal (ADR 227), or (requests from before responses were
 * recorded only) the first move out of New, which says nothing of whether or when the client heard.
 */
export type FirstResponseBy = "reply" | ResponseChannel | "engagement-letter" | "status-change";

export const FIRST_RESPONSE_BY_LABELS: Record<FirstResponseBy, string> = {
  reply: "Reply from the desk",
  ...RESPONSE_CHANNEL_LABELS,
  "engagement-letter": "Engagement letter sent",
  "status-change": "Status change (how is not recorded)",
};

/** A staff member's clock may run a little ahead of the server's: "now" on their screen is not the future. */
export const RESPONSE_CLOCK_SKEW_MS = 60_000;

export const RESPONSE_MESSAGES = {
  channel: "Choose how you responded: a phone call, an email from another account or a meeting",
  at: "Enter when you responded, with its date and time",
  future: "A response cannot be in the future",
  beforeRequest: "A response cannot be before the request arrived",
  invalid: "Send how and when you responded",
} as const;

/** A response staff recorded as made another way than a reply from the desk. */
export type RecordedResponse = {
  id: number;
  channel: ResponseChannel;
  /** When the client was answered (ISO). */
  at: string;
  /** Who recorded it. */
  actor: string;
};
