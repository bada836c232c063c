import type { ReactNode } from "react";
import { useSteadyDuringPress } from "../../lib/after-press";

/** What a control inside a Field must carry so its label, hint and message are tied to it. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A labelled control with an optional hint above it and its message under it, tied together with
 * aria-invalid and aria-describedby. The control itself is whatever `children` renders. Hint and message
 * change between presses, never during one, so a press on the form's button always lands (issue 17).
 */
export function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { id, label, className, children } = props;
  const hint = useSteadyDuringPress(props.hint);
  const error = useSteadyDuringPress(props.error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The classes every admin text control shares. */
export const CONTROL_CLASS =
  "mt-1.5 block w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-danger focus:border-navy";
