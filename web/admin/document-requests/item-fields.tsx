import { DESCRIPTION_MAX, PERIOD_MAX, TITLE_MAX } from "../../../src/contracts/document-requests";

/** The fields' look in every form of the requested documents (a list being written, an item being edited). */
export const ITEM_INPUT =
  "mt-1 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus:border-navy";

type Words = { title: string; description: string; period: string };

/** A field's message from the server, beside it, under the id its input names in aria-describedby. */
export function FieldProblem({ id, problems }: { id: string; problems: string[] | undefined }) {
  return problems ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {problems.join(" ")}
    </p>
  ) : null;
}

/**
 * An item's words, the same wherever an item is written: its title, what exactly is asked and the period, each
 * held to the server's own limits (src/contracts/document-requests.ts) and marked with the server's message for
 * it. The due date and "required" differ between a list (a date), a template (days) and an edit, so each form
 * draws those itself.
 */
export function ItemWords({
  id,
  values,
  titleLabel,
  problems,
  onChange,
}: {
  id: string;
  values: Words;
  titleLabel: string;
  problems: (name: keyof Words) => string[] | undefined;
  onChange: (change: Partial<Words>) => void;
}) {
  const field = (name: keyof Words) => {
    const invalid = problems(name) !== undefined;
    return {
      id: `${id}-${name}`,
      className: name === "description" ? `${ITEM_INPUT} min-h-24` : ITEM_INPUT,
      value: values[name],
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": invalid ? `${id}-${name}-problem` : undefined,
    } as const;
  };
  return (
    <>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-title`} className="block text-sm font-semibold text-ink">
          {titleLabel}
        </label>
        <input
          {...field("title")}
          maxLength={TITLE_MAX}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
        />
        <FieldProblem id={`${id}-title-problem`} problems={problems("title")} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className="block text-sm font-semibold text-ink">
          What exactly is asked
        </label>
        <textarea
          {...field("description")}
          maxLength={DESCRIPTION_MAX}
          onChange={(e) => onChange({ description: e.currentTarget.value })}
        />
        <FieldProblem id={`${id}-description-problem`} problems={problems("description")} />
      </div>
      <div>
        <label htmlFor={`${id}-period`} className="block text-sm font-semibold text-ink">
          Period
        </label>
        <input
          {...field("period")}
          maxLength={PERIOD_MAX}
          placeholder="e.g. 36 months"
          onChange={(e) => onChange({ period: e.currentTarget.value })}
        />
        <FieldProblem id={`${id}-period-problem`} problems={problems("period")} />
      </div>
    </>
  );
}
