import * as v from "valibot";
import { calendarDate } from "./dates";
import type { ServiceId } from "./services";

/**
 * Document requests (issue 48, ADR 295): the list of records the firm asks a client for, shared by the desk, the
 * portal and the server: paths, states and their words, the bodies each route takes and the refusals it answers.
 */
export const DOCUMENT_REQUEST_STATES = [
  "requested",
  "provided",
  "accepted",
  "revision-requested",
  "unavailable",
  "waived",
  "withdrawn",
] as const;
export type DocumentRequestState = (typeof DOCUMENT_REQUEST_STATES)[number];

/** How each state reads to the client and to staff. */
export const DOCUMENT_REQUEST_STATE_LABELS: Record<DocumentRequestState, string> = {
  requested: "Requested",
  provided: "Received, under review",
  accepted: "Accepted",
  "revision-requested": "Sent back",
  unavailable: "Not available",
  waived: "No longer needed",
  withdrawn: "Withdrawn",
};

/** The states in which the firm still waits on the client: what reminders are about and progress counts against. */
export const OUTSTANDING_STATES: readonly DocumentRequestState[] = ["requested", "revision-requested"];
/** The states an item counts as received in ("7 of 12 received"). */
export const RECEIVED_STATES: readonly DocumentRequestState[] = ["provided", "accepted"];
/** The states a file may still be sent against an item in. */
export const UPLOADABLE_STATES: readonly DocumentRequestState[] = [
  "requested",
  "revision-requested",
  "unavailable",
  "provided",
];

/** The services a template is kept for: the four whose work runs on the client's records. */
export const TEMPLATE_SERVICES = [
  "asset-map",
  "transaction-trace",
  "individual-asset-check",
  "record-ready-prep",
] as const satisfies readonly ServiceId[];
export type TemplateService = (typeof TEMPLATE_SERVICES)[number];

export const DOCUMENT_REQUESTS_STAFF_API = (submissionId: number) =>
  `/api/admin/submissions/${submissionId}/document-requests`;
export const DOCUMENT_REQUEST_TEMPLATES_API = "/api/admin/document-request-templates";
export const DOCUMENT_REQUESTS_OVERVIEW_API = "/api/admin/document-requests/overview";
export const PORTAL_DOCUMENT_REQUESTS_API = "/api/portal/document-requests";
/** The tus Upload-Metadata key that sends a file against an item: its id, base64 as every value there. */
export const REQUEST_ITEM_METADATA = "requestItem";

export const TITLE_MIN = 3;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const PERIOD_MAX = 100;
export const NOTE_MAX = 2000;
export const MAX_ITEMS = 100;

export const DOCUMENT_REQUEST_MESSAGES = {
  title: `Give the item a title of ${TITLE_MIN} to ${TITLE_MAX} characters`,
  description: `Keep what is asked to ${DESCRIPTION_MAX.toLocaleString("en-US")} characters`,
  period: `Keep the period to ${PERIOD_MAX} characters, e.g. "36 months"`,
  dueOn: "Give the due date as YYYY-MM-DD",
  dueInPast: (today: string) => `A due date is today or later: choose ${today} or after`,
  required: "Say whether the item is required (true or false)",
  items: "Send the items as a list of 1 or more",
  tooMany: `Send at most ${MAX_ITEMS} items at once`,
  nothingToEdit: "Send at least one of title, description, period, dueOn or required to change",
  noEngagement:
    "This request has no engagement yet: draft and send the engagement letter before asking for documents.",
  noItem: "No such item on this engagement's list",
  accepted: "This item was accepted: it can no longer be changed or withdrawn.",
  withdrawn: "This item was withdrawn: it is kept in the history and can no longer be changed.",
  waived: "This item was waived: nothing more is asked for it.",
  notProvided: "Nothing has been received for this item yet: there is nothing to accept or send back.",
  reason: `Tell the client why it is sent back: 3 to ${NOTE_MAX.toLocaleString("en-US")} characters`,
  note: `Tell us why, in 3 to ${NOTE_MAX.toLocaleString("en-US")} characters (where it might be found, or who holds it)`,
  notAskedNow: "This item is not waiting on you: it was already received, accepted or is no longer needed.",
  closedForFiles: "This item no longer takes files: it was accepted, waived or withdrawn.",
  badItemId: "requestItem in Upload-Metadata must be the id of an item on your list",
  service: "No template is kept for this service",
  dueInDays: "Give the days to the due date as a whole number from 0 to 365, or leave it empty",
} as const;
const M = DOCUMENT_REQUEST_MESSAGES;

const title = v.pipe(
  v.string(M.title),
  v.trim(),
  v.minLength(TITLE_MIN, M.title),
  v.maxLength(TITLE_MAX, M.title),
);
const description = v.pipe(v.string(M.description), v.trim(), v.maxLength(DESCRIPTION_MAX, M.description));
const period = v.pipe(v.string(M.period), v.trim(), v.maxLength(PERIOD_MAX, M.period));
const dueOn = v.nullable(calendarDate(M.dueOn));
const required = v.boolean(M.required);
const text = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(3, message), v.maxLength(NOTE_MAX, message));

export const NewItemSchema = v.object({
  title,
  description: v.optional(description, ""),
  period: v.optional(period, ""),
  dueOn: v.optional(dueOn, null),
  required: v.optional(required, true),
});
export type NewItem = v.InferOutput<typeof NewItemSchema>;

export const NewItemsBody = v.object({
  items: v.pipe(v.array(NewItemSchema, M.items), v.minLength(1, M.items), v.maxLength(MAX_ITEMS, M.tooMany)),
});

export const EditItemBody = v.pipe(
  v.object({
    title: v.optional(title),
    description: v.optional(description),
    period: v.optional(period),
    dueOn: v.optional(dueOn),
    required: v.optional(required),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), M.nothingToEdit),
);
export type EditItem = v.InferOutput<typeof EditItemBody>;

export const ReviseBody = v.object({ reason: text(M.reason) });
export const UnavailableBody = v.object({ note: text(M.note) });

export const TemplateItemSchema = v.object({
  title,
  description: v.optional(description, ""),
  period: v.optional(period, ""),
  dueInDays: v.optional(
    v.nullable(
      v.pipe(
        v.number(M.dueInDays),
        v.integer(M.dueInDays),
        v.minValue(0, M.dueInDays),
        v.maxValue(365, M.dueInDays),
      ),
    ),
    null,
  ),
  required: v.optional(required, true),
});
export type TemplateItem = v.InferOutput<typeof TemplateItemSchema>;
export const TemplateBody = v.object({
  items: v.pipe(v.array(TemplateItemSchema, M.items), v.maxLength(MAX_ITEMS, M.tooMany)),
});

/** A file sent against an item, as either side lists it. */
/**
 * A file sent against an item. `checking`: it arrived whole but the virus scanner has not yet said it is clean
 * (ADR 304): shown as received and being checked, never downloadable, and it does not provide the item yet.
 */
export type RequestItemFile = {
  id: string;
  name: string;
  size: number;
  receivedAt: string | null;
  checking: boolean;
};

/** One step of an item's history. */
export type RequestItemEvent = {
  at: string;
  by: "staff" | "client";
  action: string;
  state: DocumentRequestState;
  detail: string | null;
};

/** An item as the desk and the portal read it. */
export type RequestItemView = {
  id: number;
  title: string;
  description: string;
  period: string;
  dueOn: string | null;
  required: boolean;
  state: DocumentRequestState;
  /** The client's note when they answered it is not available. */
  note: string | null;
  /** Why the firm sent it back, as the client reads it. */
  reason: string | null;
  overdue: boolean;
  files: RequestItemFile[];
};

export type StaffRequestItem = RequestItemView & { history: RequestItemEvent[] };

/** "7 of 12 received": what is received of what is still asked (withdrawn and waived items left out). */
export type RequestProgress = { received: number; asked: number; overdue: number };

export type StaffDocumentRequests = {
  /** False for a request without an engagement yet: nothing can be asked, and the panel shows nothing. */
  engaged: boolean;
  items: StaffRequestItem[];
  progress: RequestProgress;
  remindersPaused: boolean;
  /** The service's template as a list to start from, its due dates counted from the firm's today. */
  template: NewItem[];
  today: string;
};

export type PortalDocumentRequests = { items: RequestItemView[]; progress: RequestProgress };

export type TemplateView = { service: TemplateService; name: string; items: TemplateItem[] };

export type RequestsOverviewRow = {
  submissionId: number;
  reference: string;
  progress: RequestProgress;
};

/** The progress in plain words: "7 of 12 received", with what is overdue. */
export const progressWords = (p: RequestProgress) =>
  `${p.received} of ${p.asked} received${p.overdue ? ` (${p.overdue} overdue)` : ""}`;
