import * as v from "valibot";
import { dateRefusal, isInstant } from "./dates";
import { dollars } from "./money";

/**
 * The audit log in words: a label for every event the server records (a test walks src/ for events and fails
 * on one without a label), the areas the log is filtered by, and the events that only read.
 */
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  "admin.created": "Admin created",
  "login.succeeded": "Signed in",
  "login.failed": "Sign-in failed",
  "login.password_accepted": "Password accepted, code requested",
  logout: "Signed out",
  "password.changed": "Password changed",
  "password.change_failed": "Password change refused",
  "mfa.enabled": "Two-step sign-in turned on",
  "mfa.disabled": "Two-step sign-in turned off",
  "passkey.added": "Passkey added",
  "passkey.add_refused": "Passkey not added (second factor or response refused)",
  "passkey.removed": "Passkey removed",
  "submissions.listed": "Submissions listed",
  "submissions.exported": "Submissions exported (CSV)",
  "submission.viewed": "Submission opened",
  "submission.status_changed": "Submission status changed",
  "submission.note_added": "Note added to a submission",
  "submission.mail_retried": "Submission email retried",
  "submission.reply_sent": "Reply sent to a requester",
  "submission.response_recorded": "Response to a requester recorded (call, other email or meeting)",
  "firm.consultation-place": "How consultations happen changed",
  "person.create": "Person added",
  "person.update": "Person's profile edited",
  "person.photo": "Person's photo changed",
  "person.delete": "Person deleted",
  "person.publish": "Person shown on the site",
  "person.unpublish": "Person taken off the site",
  "testimonial.create": "Testimonial added",
  "testimonial.update": "Testimonial edited",
  "testimonial.delete": "Testimonial deleted",
  "testimonial.publish": "Testimonial published",
  "testimonial.unpublish": "Testimonial unpublished",
  "engagement.saved": "Engagement letter drafted",
  "engagement.sent": "Engagement letter sent to the client's portal",
  "engagement.withdrawn": "Engagement letter withdrawn (link and consent void, client told)",
  "engagement.payment": "Payment received recorded",
  "engagement.opened": "Portal opened by the client with an emailed link",
  "engagement.consented": "Client consented to sign electronically",
  "engagement.signed": "Engagement letter signed by the client",
  "engagement.device_kept": "Client chose to stay signed in on a device for 30 days",
  "engagement.device_returned": "Portal opened by the client on a device kept signed in",
  "engagement.device_ended": "Device kept signed in ended",
  "engagement.passkey_added": "Passkey added by the client",
  "engagement.passkey_returned": "Portal opened by the client with a passkey",
  "engagement.passkey_removed": "Client's passkey removed",
  "engagement.declined": "Engagement letter declined by a signer, with a reason",
  "engagement.access_code_refused": "Wrong access code entered with a signer's link",
  "engagement.link_locked": "Signer's link locked after five wrong access codes",
  "engagement.countersigned": "Engagement letter countersigned for the firm",
  "consultation.booked": "Consultation booked by the client",
  "consultation.moved": "Consultation moved by the client",
  "consultation.cancelled": "Consultation cancelled by the client",
  "payment.matched": "Card payment that named no engagement matched to a request",
  "payment.dismissed": "Card payment that named no engagement dismissed",
  "subscription.paused": "Judgment Intel monitoring paused",
  "subscription.resumed": "Judgment Intel monitoring resumed",
  "subscription.cancelled": "Judgment Intel monitoring cancelled with 30 days' notice",
  "ledger.time_recorded": "Time recorded on an engagement's ledger",
  "ledger.expense_recorded": "Expense recorded on an engagement's ledger",
  "ledger.adjusted": "Adjustment recorded on an engagement's ledger",
  "ledger.exported": "Ledger exported for the accountant (CSV)",
  "statement.issued": "Statement of account issued and the client told",
  "document.downloaded": "Engagement document downloaded",
  "document.uploaded": "Document sent by the client through the portal",
  "document.report": "Document marked as the report and the client told",
  "document.sweep-report": "Document delivered as a sweep report and counsel told",
  "document.integrity_failed": "Engagement document refused: its stored file failed its check",
  "document.infected": "Upload refused: the virus scanner found a signature (kept in quarantine)",
  "audit.unknown_usernames_removed": "Usernames of failed sign-ins removed (they named no admin)",
  "submission.deleted": "Submission deleted",
  "staff.invited": "Colleague invited",
  "staff.invitation_withdrawn": "Invitation withdrawn",
  "staff.invitation_accepted": "Invitation accepted",
  "staff.removed": "Colleague removed",
  "staff.remove_refused": "Colleague removal refused",
  "staff.mfa_reset": "Two-step sign-in reset",
  "staff.mfa_reset_refused": "Two-step sign-in reset refused",
  "staff.role_changed": "Colleague's role changed",
  "staff.role_change_refused": "Role change refused",
  "staff.name_changed": "Display name changed",
  "retention.policy_changed": "Retention policy changed",
  "retention.request_deleted": "Request deleted by the retention policy (receipt)",
  "data_request.created": "Data request recorded",
  "data_request.exported": "Data request exported (JSON)",
  "data_request.intake_erased": "Intake erased for a data request (receipt)",
  "data_request.completed": "Data request completed",
  "desk.closure_added": "Closure added (no business day)",
  "desk.closure_removed": "Closure removed (a business day again)",
  ...contentLabels("article", "Article"),
  "article.image_uploaded": "Image uploaded for an article",
  ...contentLabels("case_study", "Case study"),
  ...contentLabels("resource", "Resource"),
};

/** The events of the content screens (src/modules/content/model/changes.ts, changeEvent). */
function contentLabels(kind: string, noun: string): Record<string, string> {
  return {
    [`${kind}.create`]: `${noun} created`,
    [`${kind}.update`]: `${noun} edited`,
    [`${kind}.publish`]: `${noun} published`,
    [`${kind}.unpublish`]: `${noun} unpublished`,
    [`${kind}.delete`]: `${noun} deleted`,
  };
}

/** Events that only show data: many a day, hidden from the log unless "Show views" is on. */
export const READ_ONLY_EVENTS: ReadonlySet<string> = new Set(["submissions.listed", "submission.viewed"]);

/** What the log can be narrowed to, by the part of the event name before its dot. */
export const AUDIT_AREAS = [
  {
    value: "account",
    label: "Sign-in and accounts",
    prefixes: ["admin", "login", "logout", "password", "mfa", "passkey", "audit"],
  },
  {
    value: "desk",
    label: "Intake desk",
    prefixes: [
      "submissions",
      "submission",
      "desk",
      "engagement",
      "document",
      "subscription",
      "ledger",
      "payment",
      "statement",
      "consultation",
    ],
  },
  {
    value: "content",
    label: "Content",
    prefixes: ["article", "case_study", "resource", "person", "testimonial", "firm"],
  },
  { value: "staff", label: "Staff", prefixes: ["staff"] },
  { value: "privacy", label: "Privacy and retention", prefixes: ["retention", "data_request"] },
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number]["value"];

export const areaOf = (event: string): AuditArea | undefined => {
  const prefix = event.split(".")[0]!;
  return AUDIT_AREAS.find((a) => (a.prefixes as readonly string[]).includes(prefix))?.value;
};

/** The labelled events of an area: what the server filters by. */
export const eventsOf = (area: AuditArea): string[] =>
  Object.keys(AUDIT_EVENT_LABELS).filter((e) => areaOf(e) === area);

export const auditLabel = (event: string) => AUDIT_EVENT_LABELS[event] ?? event;

export const AUDIT_PAGE_MAX = 200;
export const AUDIT_USER_MAX = 64;

/** A whole number given as plain digits within bounds; absent or empty gives the fallback. */
const wholeNumberQuery = (fallback: number | undefined, max: number, message: string) =>
  v.pipe(
    v.optional(v.string(message), ""),
    v.trim(),
    v.check((s) => s === "" || (/^\d{1,16}$/.test(s) && Number(s) >= 1 && Number(s) <= max), message),
    v.transform((s) => (s === "" ? fallback : Number(s))),
  );

/** An instant (the browser turns the chosen local day into one), or empty for no bound. */
const instantQuery = (message: string) =>
  v.pipe(
    v.optional(v.string(message), ""),
    v.trim(),
    v.check((s) => s === "" || isInstant(s), dateRefusal(message)),
    v.transform((s) => (s === "" ? undefined : new Date(s).toISOString())),
  );

/**
 * GET /api/admin/audit: a page of entries (before the id the previous page ended at), narrowed by who, what
 * and when; views (read-only events) only when asked for.
 */
export const AuditQuerySchema = v.object({
  limit: wholeNumberQuery(50, AUDIT_PAGE_MAX, `Limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`),
  before: wholeNumberQuery(
    undefined,
    Number.MAX_SAFE_INTEGER,
    "Before must be the id of an audit entry (a whole number of 1 or more)",
  ),
  user: v.pipe(
    v.optional(v.string("User must be given once, as text"), ""),
    v.trim(),
    v.maxLength(AUDIT_USER_MAX, `User can be at most ${AUDIT_USER_MAX} characters`),
    v.transform((s) => s || undefined),
  ),
  area: v.pipe(
    v.optional(v.string("Choose one of the listed areas"), ""),
    v.trim(),
    v.union([v.literal(""), v.picklist(AUDIT_AREAS.map((a) => a.value))], "Choose one of the listed areas"),
    v.transform((s) => (s === "" ? undefined : s)),
  ),
  since: instantQuery("From must be a date and time"),
  until: instantQuery("To must be a date and time"),
  views: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.picklist(["", "0", "1"], "Views is 1 (show them) or empty"),
    v.transform((s) => s === "1"),
  ),
});
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;

/** One piece of an audit entry's sentence: words, or a request named by its reference and linked to it. */
export type AuditPart = { text: string } | { text: string; submissionId: number };

/** "submissionId" as "submission id": a fact's name in words. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/**
 * What an entry's facts say, as a sentence: the request it is about by its reference (a link), a status change
 * from one status to the other, amounts as money, yes and no for flags, and any other fact by its name.
 */
export function auditSentence(
  detail: Record<string, unknown> | null,
  reference: string | undefined,
  statusLabel: (status: string) => string,
): AuditPart[] {
  if (!detail) return [];
  const parts: AuditPart[] = [];
  const facts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (key === "submissionId" && typeof value === "number") {
      parts.push({ text: "Request " }, { text: reference ?? `#${value}`, submissionId: value });
    } else if (key === "from" && typeof value === "string" && typeof detail.to === "string") {
      facts.push(`from ${statusLabel(value)} to ${statusLabel(detail.to)}`);
    } else if (key === "to" && typeof detail.from === "string") {
      // Said with "from".
    } else if (/Cents$/.test(key) && typeof value === "number") {
      facts.push(`${words(key.replace(/Cents$/, ""))} ${dollars(value)}`);
    } else {
      const shown =
        typeof value === "boolean" ? (value ? "yes" : "no") : value === null ? "none" : String(value);
      facts.push(`${words(key)} ${shown}`);
    }
  }
  const said = facts.join(", ");
  if (said) parts.push({ text: parts.length ? `: ${said}.` : `${said[0]?.toUpperCase()}${said.slice(1)}.` });
  else if (parts.length) parts.push({ text: "." });
  return parts;
}
