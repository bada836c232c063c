import {
  createRef,
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from "react";
import * as v from "valibot";
import type { FieldMessages } from "../../lib/api-errors";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";

/** The first message for each field of a failed parse, keyed by the field's path. */
export function fieldMessages(result: v.SafeParseResult<v.GenericSchema>): FieldMessages {
  if (result.success) return {};
  const out: FieldMessages = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue);
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * The messages shown under a form's fields, kept true to its values: when a field showing a message changes,
 * `validate` judges it again, so the message goes as soon as the value is valid (or changes to the new
 * problem). A message only the server could give (a slug taken) goes once that field is edited; the server
 * judges again on the next save. Every admin form's messages live here, so none outstays its cause.
 */
export function useFieldMessages<T extends object>(
  values: T,
  validate: (values: T) => FieldMessages,
): [FieldMessages, Dispatch<SetStateAction<FieldMessages>>] {
  const [errors, setErrors] = useState<FieldMessages>({});
  const before = useRef(values);
  const judge = useRef(validate);
  judge.current = validate;
  useEffect(() => {
    const previous = before.current as Record<string, unknown>;
    const current = values as Record<string, unknown>;
    before.current = values;
    setErrors((shown) => {
      const changed = Object.keys(shown).filter((k) => shown[k] && !Object.is(previous[k], current[k]));
      if (changed.length === 0) return shown;
      const fresh = judge.current(values);
      const next = { ...shown };
      for (const k of changed) next[k] = fresh[k];
      return next;
    });
  }, [values]);
  return [errors, setErrors];
}

/**
 * A small admin form's fields: values, one message per field from the schema, a ref per input. `checkAll` shows
 * every message and moves focus to the first bad field in the order they appear (false), or says the form may
 * be sent (true); `showServerErrors` does the same with the messages the server answered. The inputs are
 * named after their fields. The messages wait for a press to end through the shared Field (issue 17).
 */
export function useFieldForm<F extends string>(
  fields: readonly F[],
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldMessages,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useFieldMessages(values, validate);
  const refs = useRef(
    Object.fromEntries(fields.map((f) => [f, createRef<HTMLInputElement>()])) as Record<
      F,
      RefObject<HTMLInputElement | null>
    >,
  ).current;

  // Any field's input knows its form; focus follows the form's order, not the order of `fields`.
  const focusFirst = (messages: FieldMessages) =>
    focusFirstInvalid(fields.map((f) => refs[f].current?.form).find(Boolean), messages);

  return {
    values,
    errors,
    refs,
    setValues,
    setErrors,
    /** Updates a value; a field already showing a message is checked again as it changes. */
    change(name: F, value: string) {
      setValues((vals) => ({ ...vals, [name]: value }));
    },
    /** The field's message once it loses focus. */
    blur: (name: F) => setErrors((e) => ({ ...e, [name]: validate(values)[name] })),
    checkAll(): boolean {
      const next = validate(values);
      setErrors(next);
      focusFirst(next);
      return fields.every((f) => !next[f]);
    },
    showServerErrors(messages: FieldMessages) {
      setErrors(messages);
      focusFirst(messages);
    },
  };
}
