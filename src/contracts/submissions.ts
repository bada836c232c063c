import type { DueStatus } from "./desk";
import type { SubmissionStatus } from "./intake";

/**
 * What the submissions desk API answers and accepts, shared by the server and the admin screens. The
 * request schemas themselves live in src/modules/desk/model.ts.
 */
export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: "New",
  "in-review": "In review",
  quoted: "Quoted",
  engaged: "Engaged",
  declined: "Declined",
  closed: "Closed",
};

export const DESK_PAGE_SIZE = 25;
export const NOTE_MAX = 4000;
export const SEARCH_MAX = 100;
/** The list's orders: by arrival (newest first) or by due time (soonest first, answered last). */
export const DESK_SORTS = ["newest", "due"] as const;

export const DESK_MESSAGES = {
  notFound: "Submission not found",
  status: "Choose one of the statuses: New, In review, Quoted, Engaged, Declined or Closed",
  noteEmpty: "Write a note before adding it",
  noteTooLong: `Notes can be at most ${NOTE_MAX.toLocaleString("en-US")} characters`,
  nothingToChange: "Change the status or add a note",
  mailNotConfigured:
    "Mail is not configured on this server (SMTP_URL is not set), so a retry cannot send anything.",
  nothingToRetry: "There is no failed or waiting e-mail to retry for this submission.",
} as const;

/** One row of the list: enough to pick a submission, nothing more. */
export type SubmissionSummary = {
  id: number;
  reference: string;
  name: string;
  firm: string | null;
  email: string;
  role: string;
  matterType: string;
  desiredService: string;
  status: SubmissionStatus;
  submittedAt: string;
  emailSent: boolean;
  /** When the first response is due (ISO): RESPONSE_SLA_HOURS business hours after arrival. */
  respondBy: string;
  /** When staff first replied or moved the request out of New (ISO); null until then. */
  firstResponseAt: string | null;
  due: DueStatus;
};

export type SubmissionList = {
  items: SubmissionSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

export type SubmissionNote = { id: number; author: string; body: string; createdAt: string };

export type MailState = {
  kind: "intake-notification" | "intake-confirmation";
  state: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
};

export type SubmissionDetail = {
  submission: SubmissionSummary & {
    phone: string;
    subjectType: string;
    jurisdictions: string;
    description: string;
    acknowledgment: boolean;
    emailError: string | null;
    updatedAt: string | null;
  };
  notes: SubmissionNote[];
  mail: MailState[];
  mailConfigured: boolean;
};
