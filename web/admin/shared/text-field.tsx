import type { InputHTMLAttributes, Ref } from "react";
import { CONTROL_CLASS, Field } from "./field";

type Props = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id">;

/** A labelled input whose message sits under it and is tied to it (aria-invalid, aria-describedby). */
export function TextField({ id, label, error, hint, className, ...input }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} className={`${CONTROL_CLASS} min-h-11`} {...input} />}
    </Field>
  );
}
