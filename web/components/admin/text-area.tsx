import type { Ref, TextareaHTMLAttributes } from "react";

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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-danger focus:border-navy ${mono ? "font-mono" : ""}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
