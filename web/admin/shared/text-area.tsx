import type { Ref, TextareaHTMLAttributes } from "react";
import { CONTROL_CLASS, Field } from "./field";

type Props = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
  /** A fixed-width font for the text (Markdown). */
  mono?: boolean;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">;

/** A labelled textarea whose message sits under it and is tied to it, like TextField. */
export function TextArea({ id, label, error, hint, className, mono, ...input }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea {...control} className={`${CONTROL_CLASS} ${mono ? "font-mono" : ""}`} {...input} />
      )}
    </Field>
  );
}
