import type { FieldMessages } from "./errors";

/** One problem a Standard Schema validator reports (valibot's issues among them). */
type StandardIssue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] };
type StandardValidator = { "~standard": { validate(value: unknown): unknown } };

const FALLBACK = "The request did not pass validation.";

/**
 * A route's declared schema refused the body, query or params (ADR 228): the answer is the one services give for
 * input they refuse (InvalidError), `{ errors: { field: [message] } }` with 422, so a form shows each message at
 * its field whichever side found it. Fields are named by their dotted path; a problem with the whole value is
 * the form's.
 */
export function validationBody(error: { validator?: unknown; value?: unknown; message?: string }): {
  errors: FieldMessages;
} {
  const issues = standardIssues(error.validator, error.value);
  if (!issues?.length) return { errors: { form: [FALLBACK] } };
  const errors: FieldMessages = {};
  for (const issue of issues) {
    const key =
      issue.path
        ?.map((part) => (typeof part === "object" && part !== null && "key" in part ? part.key : part))
        .map(String)
        .join(".") || "form";
    errors[key] = [...(errors[key] ?? []), issue.message || FALLBACK];
  }
  return { errors };
}

function standardIssues(validator: unknown, value: unknown): readonly StandardIssue[] | undefined {
  const standard =
    asStandard(validator) ?? asStandard((validator as { schema?: unknown } | undefined)?.schema);
  if (!standard) return undefined;
  const result = standard["~standard"].validate(value) as
    | { issues?: readonly StandardIssue[] }
    | Promise<unknown>;
  // A route's schema is synchronous (valibot's are); an async one would have been awaited by Elysia already.
  return result instanceof Promise ? undefined : result.issues;
}

const asStandard = (x: unknown): StandardValidator | undefined =>
  x && typeof x === "object" && "~standard" in x ? (x as StandardValidator) : undefined;
