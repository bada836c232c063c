import * as v from "valibot";
import { findSensitiveData, SENSITIVE_MESSAGES } from "./sensitive-data";

/**
 * The intake request (SPEC.md sections 3 and 5), written once: the browser form validates with it on blur and
 * on submit, and POST /api/contact validates with it again. Messages are SPEC.md's words.
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

const tooLong = (what: string, max: number) =>
  `${what} must be at most ${max.toLocaleString("en-US")} characters`;

/** Free text may not carry SSNs, card numbers or routing-plus-account numbers; the message says which. */
const noSensitiveData = v.rawCheck<string>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const kind = findSensitiveData(dataset.value);
  if (kind) addIssue({ message: SENSITIVE_MESSAGES[kind] });
});

/** Control characters (other than tab and line breaks) never belong in a form field: dropped, not stored. */
function dropControls(s: string): string {
  let out = "";
  for (const c of s) {
    const n = c.charCodeAt(0);
    if (n === 9 || n === 10 || n === 13 || (n >= 32 && n !== 127)) out += c;
  }
  return out;
}
const stripControls = v.transform(dropControls);

const text = (message: string, min: number, max: number, label: string) =>
  v.pipe(
    v.string(message),
    stripControls,
    v.trim(),
    v.minLength(min, message),
    v.maxLength(max, tooLong(label, max)),
    noSensitiveData,
  );

export const IntakeSchema = v.object({
  name: text(INTAKE_MESSAGES.name, 2, INTAKE_LIMITS.name, "Name"),
  firm: v.pipe(
    v.nullish(v.string(INTAKE_MESSAGES.invalid)),
    v.transform((s) => (s == null ? undefined : dropControls(s).trim() || undefined)),
    v.optional(
      v.pipe(
        v.string(),
        v.maxLength(INTAKE_LIMITS.firm, tooLong("Firm", INTAKE_LIMITS.firm)),
        noSensitiveData,
      ),
    ),
  ),
  email: v.pipe(
    v.string(INTAKE_MESSAGES.email),
    stripControls,
    v.trim(),
    v.toLowerCase(),
    v.maxLength(INTAKE_LIMITS.email, tooLong("Email", INTAKE_LIMITS.email)),
    v.email(INTAKE_MESSAGES.email),
  ),
  phone: v.pipe(
    v.string(INTAKE_MESSAGES.phone),
    stripControls,
    v.trim(),
    v.minLength(10, INTAKE_MESSAGES.phone),
    v.maxLength(INTAKE_LIMITS.phone, tooLong("Phone number", INTAKE_LIMITS.phone)),
  ),
  role: v.picklist(ROLES, INTAKE_MESSAGES.role),
  matterType: v.picklist(MATTER_TYPES, INTAKE_MESSAGES.matterType),
  subjectType: v.picklist(SUBJECT_TYPES, INTAKE_MESSAGES.subjectType),
  jurisdictions: text(INTAKE_MESSAGES.jurisdictions, 2, INTAKE_LIMITS.jurisdictions, "Jurisdictions"),
  desiredService: v.picklist(DESIRED_SERVICES, INTAKE_MESSAGES.desiredService),
  description: text(INTAKE_MESSAGES.description, 10, INTAKE_LIMITS.description, "Description"),
  acknowledgment: v.literal(true, INTAKE_MESSAGES.acknowledgment),
  website: v.optional(v.pipe(v.string(INTAKE_MESSAGES.invalid), v.maxLength(0, INTAKE_MESSAGES.invalid))),
  formStartTime: v.optional(v.pipe(v.number(INTAKE_MESSAGES.invalid), v.finite(INTAKE_MESSAGES.invalid))),
});

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

/** Validates with one message per field (the first rule broken), shaped as the API answers 422. */
export function validateIntake(
  input: unknown,
): { success: true; output: Intake } | { success: false; errors: IntakeErrors } {
  // A missing key is checked as an undefined value, so it gets the field's own message, not a generic one.
  const complete =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? { ...Object.fromEntries(Object.keys(IntakeSchema.entries).map((k) => [k, undefined])), ...input }
      : input;
  const result = v.safeParse(IntakeSchema, complete, { abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output };
  const errors: IntakeErrors = {};
  for (const issue of result.issues) {
    const key = (v.getDotPath(issue) ?? "form") as IntakeField;
    if (!errors[key]) errors[key] = [issue.message];
  }
  return { success: false, errors };
}

/**
 * A form-encoded body (the form posted with JavaScript off) as the JSON payload the schema reads: the
 * checkbox is present only when ticked, and formStartTime arrives as text.
 */
export function intakeFromForm(form: Record<string, string | undefined>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of [...INTAKE_FIELDS.filter((f) => f !== "acknowledgment"), "website"] as const) {
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
