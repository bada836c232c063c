import { AlertCircle } from "lucide-react";
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useLocation } from "wouter";
import {
  DESIRED_SERVICES,
  INTAKE_FIELDS,
  type IntakeErrors,
  type IntakeField,
  type IntakeFormState,
  MATTER_TYPES,
  ROLES,
  SUBJECT_TYPES,
} from "../../src/contracts/intake";
import {
  MATTER_TYPE_LABELS,
  ROLE_LABELS,
  SERVICE_LABELS,
  SUBJECT_TYPE_LABELS,
} from "../../src/contracts/intake-labels";
import { PATHS } from "../../src/contracts/paths";
import { FIELD_HINTS, FIELD_LABELS, INTAKE_PAGE, SELECT_PROMPTS } from "../content/intake";
import { useSteadyDuringPress } from "../lib/after-press";
import { ApiError, apiRequest } from "../lib/api";
import { focusFirstInvalid } from "../lib/focus-first-invalid";
import { usePageData } from "../lib/page-data-context";
import { toast } from "../lib/toast-store";
import { useVisitSource } from "../lib/use-visit-source";

type TextField = Exclude<IntakeField, "acknowledgment" | "formStartTime" | "formSentTime">;
type Values = Record<TextField, string> & { acknowledgment: boolean };

const EMPTY: Values = {
  name: "",
  firm: "",
  email: "",
  phone: "",
  role: "",
  matterType: "",
  subjectType: "",
  jurisdictions: "",
  desiredService: "",
  description: "",
  website: "",
  acknowledgment: false,
};

/**
 * The shared schema (valibot and the sensitive-data guard: most of the form's code) loads when the visitor
 * first focuses the form, so the page itself carries none of it; the form posts and answers without it.
 */
let schema: Promise<typeof import("../../src/contracts/intake-schema")> | undefined;
const loadSchema = () => {
  schema ??= import("../../src/contracts/intake-schema").catch((error: unknown) => {
    // A failed download (the network dropped) is tried again next time.
    schema = undefined;
    throw error;
  });
  return schema;
};

const fieldId = (field: string) => `intake-${field}`;
const errorId = (field: string) => `intake-${field}-error`;
const hintId = (field: string) => `intake-${field}-hint`;

function initialValues(state: IntakeFormState | undefined, service: string | undefined): Values {
  const values = { ...EMPTY, desiredService: service ?? "" };
  for (const key of Object.keys(EMPTY) as (keyof Values)[]) {
    const v = state?.values[key];
    if (key === "acknowledgment") values.acknowledgment = v === true;
    else if (typeof v === "string") values[key] = v;
  }
  return values;
}

/**
 * The intake form. It works as a plain HTML form (POST /contact, form-encoded) before or without
 * JavaScript; once hydrated it validates with the shared schema on blur and on submit and posts JSON.
 */
export function IntakeForm({
  service,
}: {
  /** Chosen already ("Request This Service"). */ service?: string;
}) {
  const serverState = usePageData()?.intake;
  const [values, setValues] = useState<Values>(() => initialValues(serverState, service));
  const [errors, setErrors] = useState<IntakeErrors>(() => serverState?.errors ?? {});
  const [formError, setFormError] = useState(serverState?.formError);
  const [pending, setPending] = useState(false);
  const [formStartTime, setFormStartTime] = useState(() => {
    const v = serverState?.values.formStartTime;
    return typeof v === "string" ? v : "";
  });
  const [, navigate] = useLocation();
  const source = useVisitSource();

  // Taken when the page has loaded in the browser; a send sooner than a few seconds later looks like a bot.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    if (!formStartTime) setFormStartTime(String(Date.now()));
  }, []);

  const payload = (v: Values) => ({
    ...v,
    ...source,
    formStartTime: formStartTime ? Number(formStartTime) : undefined,
  });
  // The trap field is the server's business: a person never sees it, so it never blocks them here.
  const validate = async (v: Values) =>
    (await loadSchema()).validateIntake({ ...payload(v), website: undefined });

  const checkField = (field: IntakeField, v: Values) => {
    validate(v).then(
      (result) => {
        const messages = result.success ? undefined : result.errors[field];
        setErrors((prev) => ({ ...prev, [field]: messages }));
      },
      // Without the schema there is no message on blur; the submit says what went wrong, and the server
      // checks everything anyway.
      () => undefined,
    );
  };

  const update = (field: keyof Values, value: string | boolean) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows a message, it follows the typing so the message goes as soon as it is fixed.
    if (errors[field as IntakeField]) checkField(field as IntakeField, next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    setFormError(undefined);
    setPending(true);
    try {
      const result = await validate(values);
      if (!result.success) {
        setErrors(result.errors);
        focusFirstInvalid(form, result.errors);
        return;
      }
      setErrors({});
      // The visitor's clock at the send, beside formStartTime: the server times the fill on that one clock.
      const res = await apiRequest("POST", "/api/contact", { ...payload(values), formSentTime: Date.now() });
      const receipt: unknown = await res.json().catch(() => null);
      toast(INTAKE_PAGE.successToast);
      // The receipt (reference, due time) travels in the navigation's state, never in the URL.
      navigate(PATHS.thanks, { state: { receipt } });
    } catch (error) {
      if (error instanceof ApiError) {
        const body = error.json<{ errors?: IntakeErrors; error?: string }>();
        if (body?.errors) {
          setErrors(body.errors);
          focusFirstInvalid(form, body.errors);
        }
        if (error.status === 429 && body?.error) setFormError(body.error);
      }
      toast({ ...INTAKE_PAGE.failureToast, variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  // What the form shows of its messages waits while a press is under way: a message appearing or going as
  // focus leaves a field must not push the pressed button away (issues 13 and 17).
  const shown = useSteadyDuringPress(errors);
  const invalidFields = INTAKE_FIELDS.filter((f) => shown[f]?.length);

  const inputClass = (field: IntakeField) =>
    `mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-navy ${
      shown[field]?.length ? "border-danger" : "border-ink-muted/50"
    }`;

  const control = (field: TextField) => {
    const describedBy = [
      FIELD_HINTS[field] ? hintId(field) : null,
      shown[field]?.length ? errorId(field) : null,
    ]
      .filter(Boolean)
      .join(" ");
    return {
      id: fieldId(field),
      name: field,
      value: values[field],
      "aria-invalid": shown[field]?.length ? true : undefined,
      "aria-describedby": describedBy || undefined,
      onBlur: () => checkField(field, values),
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        update(field, e.target.value),
      className: inputClass(field),
    } as const;
  };

  const select = (
    field: "role" | "matterType" | "subjectType" | "desiredService",
    options: readonly string[],
    labels: Record<string, string>,
  ) => (
    <Field field={field} errors={shown}>
      <select {...control(field)} required>
        <option value="">{SELECT_PROMPTS[field]}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </Field>
  );

  const input = (
    field: TextField,
    type: "text" | "email" | "tel",
    autoComplete?: string,
    required = true,
  ) => (
    <Field field={field} errors={shown}>
      <input {...control(field)} type={type} autoComplete={autoComplete} required={required} />
    </Field>
  );

  return (
    <form
      action={PATHS.contact}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadSchema()}
      aria-labelledby="intake-form-title"
      className="relative"
    >
      <h2 id="intake-form-title" className="font-serif text-2xl font-bold text-navy">
        {INTAKE_PAGE.formTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">All fields are required unless marked optional.</p>

      {formError && (
        <div
          role="alert"
          className="mt-4 flex gap-2 rounded-md border border-danger bg-danger-light p-3 text-danger"
        >
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{formError}</p>
        </div>
      )}
      {invalidFields.length > 0 && (
        <div
          className="mt-4 rounded-md border border-danger bg-danger-light p-3 text-danger"
          data-testid="error-summary"
        >
          <p className="font-semibold">{INTAKE_PAGE.errorSummary}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {invalidFields.map((f) => (
              <li key={f}>
                <a href={`#${fieldId(f)}`} className="inline-block min-h-6 text-danger underline">
                  {f === "acknowledgment" ? "Engagement terms" : FIELD_LABELS[f]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        {input("name", "text", "name")}
        {input("firm", "text", "organization", false)}
        {input("email", "email", "email")}
        {input("phone", "tel", "tel")}
        {select("role", ROLES, ROLE_LABELS)}
        {select("matterType", MATTER_TYPES, MATTER_TYPE_LABELS)}
        {select("subjectType", SUBJECT_TYPES, SUBJECT_TYPE_LABELS)}
        {select("desiredService", DESIRED_SERVICES, SERVICE_LABELS)}
        <div className="sm:col-span-2">{input("jurisdictions", "text")}</div>
        <div className="sm:col-span-2">
          <Field field="description" errors={shown}>
            <textarea {...control("description")} rows={6} required />
          </Field>
        </div>
      </div>

      <div className="mt-6">
        <div className="flex gap-3">
          <input
            id={fieldId("acknowledgment")}
            name="acknowledgment"
            type="checkbox"
            value="true"
            required
            checked={values.acknowledgment}
            aria-invalid={shown.acknowledgment?.length ? true : undefined}
            aria-describedby={shown.acknowledgment?.length ? errorId("acknowledgment") : undefined}
            onChange={(e) => update("acknowledgment", e.target.checked)}
            onBlur={() => checkField("acknowledgment", values)}
            className="mt-1 size-5 shrink-0 accent-navy"
          />
          <label htmlFor={fieldId("acknowledgment")} className="text-sm text-ink">
            {FIELD_LABELS.acknowledgment}
          </label>
        </div>
        <FieldError field="acknowledgment" errors={shown} />
      </div>

      {/* The trap: out of sight, out of the tab order and the accessibility tree. People never fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={fieldId("website")}>{INTAKE_PAGE.honeypotLabel}</label>
        <input
          id={fieldId("website")}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => update("website", e.target.value)}
        />
      </div>
      <input type="hidden" name="formStartTime" value={formStartTime} />
      <input type="hidden" name="landingPage" value={source.landingPage} />
      <input type="hidden" name="referrerHost" value={source.referrerHost} />

      <button
        type="submit"
        disabled={pending}
        className="btn-navy mt-8 w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {pending ? INTAKE_PAGE.pending : INTAKE_PAGE.submit}
      </button>
    </form>
  );
}

function Field({ field, errors, children }: { field: TextField; errors: IntakeErrors; children: ReactNode }) {
  const hint = FIELD_HINTS[field];
  return (
    <div>
      <label htmlFor={fieldId(field)} className="block text-sm font-semibold text-ink">
        {FIELD_LABELS[field as keyof typeof FIELD_LABELS]}
      </label>
      {hint && (
        <p id={hintId(field)} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {children}
      <FieldError field={field} errors={errors} />
    </div>
  );
}

function FieldError({ field, errors }: { field: IntakeField; errors: IntakeErrors }) {
  const message = errors[field]?.[0];
  if (!message) return null;
  return (
    <p id={errorId(field)} className="mt-1 flex gap-1.5 text-sm font-medium text-danger">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
