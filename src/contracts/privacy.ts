import * as v from "valibot";
import { DATA_RIGHTS_RESPONSE_DAYS } from "./constants";
import { oneLine, oneLineMessage } from "./fields";
import { spanOfDays } from "./firm-calendar";
import type { SubmissionStatus } from "./intake";

/**
 * Retention and data-rights requests: what the privacy API accepts and answers, shared by the server, the
 * admin screens and the privacy page.
 */
export { RETENTION_DEFAULTS, retentionPeriod } from "./retention";
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 36_500;

const daysMessage = (what: string) =>
  `Keep ${what} between ${RETENTION_MIN_DAYS} and ${RETENTION_MAX_DAYS.toLocaleString("en-US")} days (a whole number)`;

const days = (what: string) =>
  v.pipe(
    v.number(daysMessage(what)),
    v.integer(daysMessage(what)),
    v.minValue(RETENTION_MIN_DAYS, daysMessage(what)),
    v.maxValue(RETENTION_MAX_DAYS, daysMessage(what)),
  );

/** PUT /api/admin/retention. */
export const RetentionPolicySchema = v.object(
  {
    unengagedDays: days("requests that ended without an engagement"),
    engagedDays: days("requests that became engagements"),
  },
  `Send unengagedDays and engagedDays, each a whole number of days between ${RETENTION_MIN_DAYS} and ${RETENTION_MAX_DAYS.toLocaleString("en-US")}`,
);
export type RetentionPolicy = v.InferOutput<typeof RetentionPolicySchema>;

/** Statuses the purge deletes, and which setting applies to each; every other status is kept. */
export const RETENTION_RULES = {
  declined: "unengaged",
  closed: "unengaged",
  engaged: "engaged",
} as const satisfies Partial<Record<SubmissionStatus, "unengaged" | "engaged">>;
export type RetentionRule = (typeof RETENTION_RULES)[keyof typeof RETENTION_RULES];

/** One request the purge deletes on `deleteOn` (a UTC date), counted from its last status change. */
export type PlannedPurge = {
  reference: string;
  status: SubmissionStatus;
  receivedAt: string;
  lastChangeAt: string;
  deleteOn: string;
  rule: RetentionRule;
};

/** GET /api/admin/retention. */
export type RetentionView = RetentionPolicy & {
  /** When the purge last ran (ISO 8601), null before its first run. */
  lastPurgeAt: string | null;
  /** The deletions due within the next PURGE_HORIZON_DAYS, soonest first (overdue ones go at the next run). */
  upcoming: PlannedPurge[];
  horizonDays: number;
  /** The firm's today (YYYY-MM-DD in its zone): the day the list is counted from and its labels read against. */
  today: string;
};

export const PURGE_HORIZON_DAYS = 30;

/**
 * GET /api/admin/retention/dry-run?unengagedDays=&engagedDays=: what the purge would delete at once (on `asOf`,
 * the firm's today) under a proposed policy, before it is saved. Nothing is deleted.
 */
export type RetentionDryRun = RetentionPolicy & {
  asOf: string;
  count: number;
  /** Soonest first, as `tracewell retention --dry-run` lists them. */
  deletions: PlannedPurge[];
};

export const DATA_REQUEST_KINDS = ["access", "correction", "deletion", "opt-out"] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  access: "Access",
  correction: "Correction",
  deletion: "Deletion",
  "opt-out": "Opt-out",
};

export const DATA_REQUEST_DUE_DAYS = DATA_RIGHTS_RESPONSE_DAYS;

/** The morning digest names open data requests due within this many days, and overdue ones. */
export const DATA_REQUEST_REMIND_DAYS = 7;

/**
 * Whole days until the due time, rounded up (29.5 days is "30 days left"); once past it, the whole days late,
 * at least one, negative (an hour late is "1 day overdue").
 */
export function daysLeft(dueAt: string, at: Date): number {
  const diff = (Date.parse(dueAt) - at.getTime()) / spanOfDays(1);
  return diff >= 0 ? Math.ceil(diff) : -Math.max(1, Math.floor(-diff));
}

const EMAIL_MAX = 254;

export const DATA_REQUEST_MESSAGES = {
  email: "Enter the email address the person wrote from",
  kind: "Choose what the person asks for: access, correction, deletion or opt-out",
  notFound: "Data request not found",
  completed: "This request is already completed; a completed request keeps no address",
  eraseOnlyDeletion: "Only a deletion request erases intakes; complete the other kinds when answered",
  completeNotDeletion: "A deletion request is completed by erasing its intakes",
} as const;

/** POST /api/admin/data-requests. The address is matched exactly, as the intake stored it (lower case). */
export const DataRequestSchema = v.object(
  {
    email: v.pipe(
      v.string(DATA_REQUEST_MESSAGES.email),
      oneLine(oneLineMessage("Email")),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty(DATA_REQUEST_MESSAGES.email),
      v.maxLength(EMAIL_MAX, `Email addresses are at most ${EMAIL_MAX} characters`),
      v.email(DATA_REQUEST_MESSAGES.email),
    ),
    kind: v.picklist(DATA_REQUEST_KINDS, DATA_REQUEST_MESSAGES.kind),
  },
  "Send an email and a kind",
);
export type DataRequestInput = v.InferOutput<typeof DataRequestSchema>;

export type DataRequestCreated = { id: number; dueAt: string; references: string[] };

export type DataRequestItem = {
  id: number;
  kind: DataRequestKind;
  status: "open" | "completed";
  /**
   * The requester's address while the request is open, so staff know whose data it is; null once completed, when
   * the request keeps no address (ADR 301).
   */
  email: string | null;
  receivedAt: string;
  dueAt: string;
  /** Whole days until dueAt, negative once overdue; null when completed. */
  daysLeft: number | null;
  completedAt: string | null;
  /** Intakes from the address: now while open, at completion once completed. */
  intakeCount: number;
};

export type DataRequestList = { items: DataRequestItem[] };
