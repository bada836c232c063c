import * as v from "valibot";

type ObjectSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * What an admin form's create route declares (ADR 228), from the very schema its screen checks the form with:
 * a field left out is refused with its own message ("Title is required"), not valibot's "Invalid key", and each
 * field is refused for the first rule it breaks, so the answer is one message per field as the screen shows it.
 * `prepare` turns what the form's transport sends into what the schema reads (a ticked box sent as text).
 */
export const createBody = <S extends ObjectSchema>(
  schema: S,
  prepare: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input,
) => {
  const absent = Object.fromEntries(Object.keys(schema.entries).map((k) => [k, undefined]));
  return v.config(
    v.pipe(
      v.unknown(),
      v.transform((input) => (isRecord(input) ? prepare({ ...absent, ...input }) : input)),
      schema,
    ),
    { abortPipeEarly: true },
  );
};

/**
 * What an admin form's change route (PATCH) declares: any of the fields, each checked by the same rule as on
 * create; a field left out keeps its stored value.
 */
export const changeBody = <S extends ObjectSchema>(
  schema: S,
  prepare: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input,
) =>
  v.config(
    v.pipe(
      v.unknown(),
      v.transform((input) => (isRecord(input) ? prepare(input) : input)),
      v.partial(schema),
    ),
    { abortPipeEarly: true },
  );

/** A change's fields that were sent: the rest keep their stored values. */
export const sentFields = <T extends Record<string, unknown>>(change: T): Partial<T> =>
  Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Issues as the API answers them: each field's first message at its dotted path, the whole value's at "form". */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "form";
    if (!errors[key]) errors[key] = [issue.message];
  }
  return errors;
}
