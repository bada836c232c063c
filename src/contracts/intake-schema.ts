import * as v from "valibot";
import { dropControls, isOneLine, oneLine, oneLineMessage } from "./fields";
import {
  DESIRED_SERVICES,
  INTAKE_LIMITS,
  INTAKE_MESSAGES,
  INTAKE_REQUIRED,
  type Intake,
  type IntakeErrors,
  type IntakeField,
  MATTER_TYPES,
  PHONE_MIN_DIGITS,
  ROLES,
  SUBJECT_TYPES,
} from "./intake";
import { findSensitiveData, SENSITIVE_MESSAGES } from "./sensitive-data";

/**
 * The intake schema, shared by the server and the browser. Kept apart from the intake constants so the
 * form's page can render without it; the form loads it when the visitor starts on the form.
 */

const tooLong = (what: string, max: number) =>
  `${what} must be at most ${max.toLocaleString("en-US")} characters`;

/** Free text may not carry SSNs, card numbers or routing-plus-account numbers; the message says which. */
const noSensitiveData = v.rawCheck<string>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const kind = findSensitiveData(dataset.value);
  if (kind) addIssue({ message: SENSITIVE_MESSAGES[kind] });
});

const stripControls = v.transform(dropControls);

/** A one-line field (name, jurisdictions): a line break in it would forge a line in the desk's e-mail. */
const line = (message: string, required: string, min: number, max: number, label: string) =>
  v.pipe(
    v.string(required),
    oneLine(oneLineMessage(label)),
    v.trim(),
    v.nonEmpty(required),
    v.minLength(min, message),
    v.maxLength(max, tooLong(label, max)),
    noSensitiveData,
  );

/** Free text of paragraphs (the description): line breaks kept, other control characters dropped. */
const paragraphs = (message: string, required: string, min: number, max: number, label: string) =>
  v.pipe(
    v.string(required),
    stripControls,
    v.trim(),
    v.nonEmpty(required),
    v.minLength(min, message),
    v.maxLength(max, tooLong(label, max)),
    noSensitiveData,
  );

export const IntakeSchema = v.object({
  name: line(INTAKE_MESSAGES.name, INTAKE_REQUIRED.name, 2, INTAKE_LIMITS.name, "Name"),
  firm: v.pipe(
    v.nullish(v.string(INTAKE_MESSAGES.invalid)),
    v.check((s) => s == null || isOneLine(s), oneLineMessage("Firm")),
    v.transform((s) => s?.trim() || undefined),
    v.optional(
      v.pipe(
        v.string(),
        v.maxLength(INTAKE_LIMITS.firm, tooLong("Firm", INTAKE_LIMITS.firm)),
        noSensitiveData,
      ),
    ),
  ),
  email: v.pipe(
    v.string(INTAKE_REQUIRED.email),
    oneLine(oneLineMessage("Email")),
    v.trim(),
    v.nonEmpty(INTAKE_REQUIRED.email),
    v.toLowerCase(),
    v.maxLength(INTAKE_LIMITS.email, tooLong("Email", INTAKE_LIMITS.email)),
    v.email(INTAKE_MESSAGES.email),
  ),
  phone: v.pipe(
    v.string(INTAKE_REQUIRED.phone),
    oneLine(oneLineMessage("Phone number")),
    v.trim(),
    v.nonEmpty(INTAKE_REQUIRED.phone),
    // Digits are counted, not characters: "abcdefghij" is no phone number.
    v.check((s) => (s.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS, INTAKE_MESSAGES.phone),
    v.maxLength(INTAKE_LIMITS.phone, tooLong("Phone number", INTAKE_LIMITS.phone)),
  ),
  role: v.picklist(ROLES, INTAKE_MESSAGES.role),
  matterType: v.picklist(MATTER_TYPES, INTAKE_MESSAGES.matterType),
  subjectType: v.picklist(SUBJECT_TYPES, INTAKE_MESSAGES.subjectType),
  jurisdictions: line(
    INTAKE_MESSAGES.jurisdictions,
    INTAKE_REQUIRED.jurisdictions,
    2,
    INTAKE_LIMITS.jurisdictions,
    "Jurisdictions",
  ),
  desiredService: v.picklist(DESIRED_SERVICES, INTAKE_MESSAGES.desiredService),
  description: paragraphs(
    INTAKE_MESSAGES.description,
    INTAKE_REQUIRED.description,
    10,
    INTAKE_LIMITS.description,
    "Description",
  ),
  acknowledgment: v.literal(true, INTAKE_MESSAGES.acknowledgment),
  website: v.optional(v.pipe(v.string(INTAKE_MESSAGES.invalid), v.maxLength(0, INTAKE_MESSAGES.invalid))),
  formStartTime: v.optional(v.pipe(v.number(INTAKE_MESSAGES.invalid), v.finite(INTAKE_MESSAGES.invalid))),
  formSentTime: v.optional(v.pipe(v.number(INTAKE_MESSAGES.invalid), v.finite(INTAKE_MESSAGES.invalid))),
});

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
