import type { DueStatus, FirstResponseBy, RecordedResponse } from "./desk";
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

/** The desk's requests, staff's side: the server's routes and the admin's calls name them from here. */
export const SUBMISSIONS_API = "/api/admin/submissions";

export const DESK_PAGE_SIZE = 25;
export const NOTE_MAX = 4000;
export const SEARCH_MAX = 100;
/** The list's orders: by arrival (newest first) or by due time (soonest first, answered last). */
export const DESK_SORTS = ["newest", "due"] as const;
/** The most requests one bulk change (POST /api/admin/submissions/status) may name: a page of the list. */
export const BULK_MAX = 100;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;
/** The window of the sources report (GET /api/admin/desk/sources). */
export const SOURCES_DAYS = 90;

export const DESK_MESSAGES = {
  notFound: "Submission not found",
  status: "Choose one of the statuses: New, In review, Quoted, Engaged, Declined or Closed",
  noteEmpty: "Write a note before adding it",
  noteTooLong: `Notes can be at most ${NOTE_MAX.toLocaleString("en-US")} characters`,
  nothingToChange: "Change the status or add a note",
  bulkNone: "Select at least one request",
  bulkIds: "Select requests by their ids",
  bulkTooMany: `Select at most ${BULK_MAX} requests at once`,
  idsList: "Ids are whole numbers separated by commas",
  mailNotConfigured:
    "Mail is not configured on this server (SMTP_URL is not set), so a retry cannot send anything.",
  nothingToRetry: "There is no failed or waiting email to retry for this submission.",
  replyEmpty: "Write the reply before sending it",
  replyTooLong: `A reply can be at most ${REPLY_BODY_MAX.toLocaleString("en-US")} characters`,
  subjectOneLine: "The subject must be one line of text",
  subjectTooLong: `The subject can be at most ${REPLY_SUBJECT_MAX} characters`,
  replyInvalid: "Send a subject and a body as text",
  replyPlaceholder: "Replace the bracketed parts with the scope, timeline and quote before sending",
  searchIndexing:
    "The search is still reading the stored requests after a restart, so an export of a search could miss some. Try again in a minute.",
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
  /** When the client was first answered (ISO): the earliest reply or recorded response; null until then. */
  firstResponseAt: string | null;
  /** What made that first response; null until there is one. */
  firstResponseBy: FirstResponseBy | null;
  due: DueStatus;
  /** An engaged request's delivery against its due time on the business clock; null when none is owed. */
  delivery: DueStatus | null;
};

/**
 * Where a request's engagement stands, as the desk's list shows it beside the request: the letter drafted, sent,
 * signed, paid (the work clock runs), the report delivered; a monthly engagement's monitoring running, ending
 * on a day (cancelled with notice) or ended. `at` is when it got there (an instant), `endsOn` the firm's day
 * monitoring ends on.
 */
export const ENGAGEMENT_STAGES = [
  "drafted",
  "sent",
  "signed",
  "paid",
  "delivered",
  "monitoring",
  "monitoring-ending",
  "monitoring-ended",
] as const;
export type EngagementStageName = (typeof ENGAGEMENT_STAGES)[number];
/** Who a sent letter waits on, when it binds several (ADR 305): the party whose turn it is, or the firm. */
export const AWAITED = ["counsel", "client", "countersignature"] as const;
export type Awaited = (typeof AWAITED)[number];
export type EngagementStage = {
  stage: EngagementStageName;
  at: string | null;
  endsOn: string | null;
  /** A sent letter with several signers (or the firm's countersignature): who is awaited now. */
  awaiting?: Awaited;
};

export const ENGAGEMENT_STAGE_LABELS: Record<EngagementStageName, string> = {
  drafted: "Letter drafted",
  sent: "Letter sent",
  signed: "Signed, awaiting payment",
  paid: "Paid, work under way",
  delivered: "Report delivered",
  monitoring: "Monitoring",
  "monitoring-ending": "Monitoring ends",
  "monitoring-ended": "Monitoring ended",
};

export const AWAITED_LABELS: Record<Awaited, string> = {
  counsel: "Awaiting counsel's signature",
  client: "Awaiting client's signature",
  countersignature: "Awaiting countersignature",
};

/** The stage in the desk's words: who is awaited on a letter several sign, else the stage's own label. */
export const engagementStageLabel = (s: Pick<EngagementStage, "stage" | "awaiting">) =>
  s.awaiting ? AWAITED_LABELS[s.awaiting] : ENGAGEMENT_STAGE_LABELS[s.stage];

/** One row of the desk's list: the request, and where its engagement stands (null: none drafted). */
export type DeskListItem = SubmissionSummary & { engagement: EngagementStage | null };

export type SubmissionList = {
  items: DeskListItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /**
   * Only on a search made while the search index is still being built after a restart (newest requests
   * first): the search saw `indexed` of `total` requests, so older matches may be missing.
   */
  searchIndexing?: { indexed: number; total: number };
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

/** The confirmation's subject line; a reply from the desk answers it ("Re: …") so mail clients thread them. */
export const confirmationSubject = (reference: string) => `We received your request (reference ${reference})`;
export const defaultReplySubject = (reference: string) => `Re: ${confirmationSubject(reference)}`;

/**
 * The parts of the desk's reply draft that staff must fill in. A reply still holding one is refused, by the
 * composer and by the server, so a client never receives "[flat rate or fixed fee]".
 */
export const DRAFT_PLACEHOLDERS = [
  "[what we will search and deliver]",
  "[when you will have it]",
  "[flat rate or fixed fee]",
] as const;

export const hasPlaceholder = (body: string) => DRAFT_PLACEHOLDERS.some((p) => body.includes(p));

/** Where one outbox e-mail stands. */
export type ReplyDelivery = {
  state: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
};

/** An e-mail staff sent the requester from the desk; delivery is null only if its outbox row is gone. */
export type SubmissionReply = {
  id: number;
  submissionId: number;
  author: string;
  subject: string;
  body: string;
  createdAt: string;
  delivery: ReplyDelivery | null;
};

export type StatusChange = {
  id: number;
  from: SubmissionStatus | null;
  to: SubmissionStatus;
  actor: string;
  at: string;
};

/**
 * The audit events the request's history lists with its own (issue 44): every step of its portal, the client's
 * (opened, consent, signature, uploads, bookings, monitoring changes, ways back) and the firm's that the client
 * meets there (the letter sent or withdrawn, a payment recorded, a report or a statement delivered).
 */
export const PORTAL_HISTORY_EVENTS = [
  "engagement.sent",
  "engagement.withdrawn",
  "engagement.opened",
  "engagement.access_code_refused",
  "engagement.link_locked",
  "engagement.device_kept",
  "engagement.device_returned",
  "engagement.device_ended",
  "engagement.passkey_added",
  "engagement.passkey_returned",
  "engagement.passkey_removed",
  "engagement.consented",
  "engagement.signed",
  "engagement.payment",
  "document.uploaded",
  "document.report",
  "document.sweep-report",
  "document.infected",
  "statement.issued",
  "consultation.booked",
  "consultation.moved",
  "consultation.cancelled",
  "subscription.paused",
  "subscription.resumed",
  "subscription.cancelled",
] as const;

/** A step of the request's portal in its history: what happened (the audit log's words), and who did it. */
export type PortalStep = {
  id: number;
  event: (typeof PORTAL_HISTORY_EVENTS)[number];
  /** The client, by the engagement's client name; a colleague by the name the team knows them by. */
  by: string;
  byClient: boolean;
  /** On `document.infected`: the name of what the virus scanner found (ADR 304). */
  signature?: string;
};

/** The detail's history, oldest first: everything that happened to the request and when. */
export type TimelineEntry =
  | { kind: "received"; at: string }
  | { kind: "confirmation"; at: string; delivery: ReplyDelivery }
  | { kind: "note"; at: string; note: SubmissionNote }
  | { kind: "reply"; at: string; reply: SubmissionReply }
  | { kind: "status"; at: string; change: StatusChange }
  | { kind: "response"; at: string; response: RecordedResponse }
  | { kind: "portal"; at: string; step: PortalStep };

/** Another request with the same e-mail address or firm name: the conflict pre-screen. */
export type RelatedRequest = {
  id: number;
  reference: string;
  submittedAt: string;
  status: SubmissionStatus;
  desiredService: string;
  matchedBy: ("email" | "firm")[];
};

export type SourceCount = { value: string; count: number };

/** GET /api/admin/desk/sources: requests of the last SOURCES_DAYS days by landing page and by referrer. */
export type DeskSources = {
  from: string;
  to: string;
  days: number;
  total: number;
  withLanding: number;
  withReferrer: number;
  landingPages: SourceCount[];
  referrers: SourceCount[];
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
    /** First page of the visit on this site, and the referring site's host name; null when not known. */
    landingPage: string | null;
    referrerHost: string | null;
  };
  notes: SubmissionNote[];
  mail: MailState[];
  mailConfigured: boolean;
  replies: SubmissionReply[];
  /** Responses staff recorded as made another way, in the order they were made. */
  responses: RecordedResponse[];
  timeline: TimelineEntry[];
  relatedRequests: RelatedRequest[];
  /** Where its engagement stands, as the desk's list shows it (null: none drafted); the page's header reads it. */
  stage: EngagementStage | null;
};
