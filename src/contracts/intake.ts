import type * as v from "valibot";
import { isInstant } from "./dates";
import type { IntakeSchema } from "./intake-schema";
import { VISIT_SOURCE_FIELDS } from "./visit-source";

/**
 * The intake request (SPEC.md sections 3 and 5), written once: its fields, choices, limits and messages (SPEC.md's
 * words). The schema built from them is in intake-schema.ts: the browser form validates with it on blur and on
 * submit, and POST /api/contact validates with it again.
 */
export const ROLES = ["attorney", "fiduciary", "individual"] as const;
export const MATTER_TYPES = ["family-law", "probate-estate", "commercial", "other"] as const;
export const SUBJECT_TYPES = ["individual", "entity", "both"] as const;
export const DESIRED_SERVICES = [
  "asset-map",
  "transaction-trace",
  "judgment-intel",
  "individual-asset-check",
  "record-ready-prep",
  "other",
] as const;

/** Where a submission stands on the submissions desk; every new one starts as "new". */
export const SUBMISSION_STATUSES = ["new", "in-review", "quoted", "engaged", "declined", "closed"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A filled trap field or a form sent sooner than this after the page loaded is treated as a bot. */
export const MIN_FILL_MS = 3000;

/** A phone number has at least this many digits, whatever spaces, brackets or "ext." surround them. */
export const PHONE_MIN_DIGITS = 10;

export const INTAKE_LIMITS = {
  name: 120,
  firm: 200,
  email: 254,
  phone: 40,
  jurisdictions: 500,
  description: 5000,
} as const;

export const INTAKE_MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Invalid email address",
  phone: "Phone number must be at least 10 digits",
  role: "Please select your role",
  matterType: "Please select matter type",
  subjectType: "Please select subject type",
  jurisdictions: "Please specify jurisdictions",
  desiredService: "Please select a service",
  description: "Please provide a brief description (no sensitive data)",
  acknowledgment: "You must acknowledge the engagement terms",
  invalid: "Invalid input",
} as const;

/**
 * What an empty text field says: that it is needed, not that its value is too short (SPEC section 5's messages
 * stay for a value given but too short or malformed).
 */
export const INTAKE_REQUIRED = {
  name: "Name is required",
  email: "Email is required",
  phone: "Phone number is required",
  jurisdictions: "Jurisdictions are required",
  description: "Description is required",
} as const;

export type IntakeInput = v.InferInput<typeof IntakeSchema>;
export type Intake = v.InferOutput<typeof IntakeSchema>;
export type IntakeField = keyof Intake;

/** The fields in the order the form shows them: focus goes to the first invalid one. */
export const INTAKE_FIELDS = [
  "name",
  "firm",
  "email",
  "phone",
  "role",
  "matterType",
  "subjectType",
  "jurisdictions",
  "desiredService",
  "description",
  "acknowledgment",
] as const satisfies readonly IntakeField[];

export type IntakeErrors = Partial<Record<IntakeField, string[]>>;

/**
 * What a filed request's sender is told, by the API's answer and by /thanks (issue 22): the reference the
 * confirmation e-mail carries, when the firm answers on its business clock, and where that e-mail really is.
 */
export type IntakeReceipt = {
  reference: string;
  /** When the first response is due (ISO 8601): RESPONSE_SLA_HOURS business hours after arrival. */
  respondBy: string;
  /** The same on the firm's clock, as a person reads it: "Tuesday 12:51 EST", "17:00 EST today". */
  respondByText: string;
  /** queued: the confirmation goes out now; delayed: mail is not set up on the server, and it waits. */
  confirmation: "queued" | "delayed";
};

/** What /thanks is rendered with on the server: the visitor's receipt, if any, and the server's mail state. */
export type ThanksState = { receipt: IntakeReceipt | null; confirmation: IntakeReceipt["confirmation"] };

const RECEIPT_REFERENCE = /^IR-\d{6}-[2-9A-Z]{4}$/;

/** Whether a value (navigation state, a parsed answer) is a receipt, so a page shows nothing else as one. */
export function isIntakeReceipt(value: unknown): value is IntakeReceipt {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.reference === "string" &&
    RECEIPT_REFERENCE.test(r.reference) &&
    typeof r.respondBy === "string" &&
    isInstant(r.respondBy) &&
    typeof r.respondByText === "string" &&
    r.respondByText.length <= 80 &&
    (r.confirmation === "queued" || r.confirmation === "delayed")
  );
}

/**
 * A form-encoded body (the form posted with JavaScript off) as the JSON payload the schema reads: the
 * checkbox is present only when ticked, and formStartTime arrives as text. The visit's source fields ride
 * along for the server to check on its own.
 */
export function intakeFromForm(form: Record<string, string | undefined>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const keys = [...INTAKE_FIELDS.filter((f) => f !== "acknowledgment"), "website", ...VISIT_SOURCE_FIELDS];
  for (const key of keys) {
    if (form[key] !== undefined) payload[key] = form[key];
  }
  payload.acknowledgment = ["on", "true", "1", "yes"].includes((form.acknowledgment ?? "").toLowerCase());
  const start = form.formStartTime?.trim();
  if (start) payload.formStartTime = /^\d+(\.\d+)?$/.test(start) ? Number(start) : start;
  return payload;
}

/**
 * The form's state when the server renders /contact after a form post (JavaScript off): what was typed and
 * what is wrong, so nothing is lost. formError is a message for the whole form (e.g. a rate limit).
 */
export type IntakeFormState = {
  values: Record<string, string | boolean>;
  errors: IntakeErrors;
  formError?: string;
};
