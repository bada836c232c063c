import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import type { NewItem } from "../../../src/contracts/document-requests";
import { FieldProblem, ItemWords } from "./item-fields";

/** An item being written, keyed so a row keeps its fields when another is removed. */
export type DraftItem = NewItem & { key: string };

let next = 0;
export const draftItem = (item: Partial<NewItem> = {}): DraftItem => ({
  key: `item-${next++}`,
  title: "",
  description: "",
  period: "",
  dueOn: null,
  required: true,
  ...item,
});

/**
 * The items of a list before it is sent (or of a template before it is saved): each row's title, what is asked,
 * the period, the due date (`due` draws that field: a date for a list, days for a template) and whether it is
 * required, with the field's own message from the server beside it.
 */
export function ListDraft<
  T extends { key: string; title: string; description: string; period: string; required: boolean },
>({
  items,
  onChange,
  fields,
  fieldPrefix,
  due,
  blank,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  fields?: Record<string, string[]>;
  fieldPrefix: string;
  due: (item: T, set: (change: Partial<T>) => void, id: string) => React.ReactNode;
  blank: () => T;
}) {
  const set = (key: string, change: Partial<T>) =>
    onChange(items.map((i) => (i.key === key ? { ...i, ...change } : i)));
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {items.map((item, index) => (
          <DraftRow
            key={item.key}
            index={index}
            item={item}
            set={(c) => set(item.key, c)}
            onRemove={() => onChange(items.filter((i) => i.key !== item.key))}
            problems={(name) => fields?.[`${fieldPrefix}.${index}.${name}`]}
            due={due}
          />
        ))}
      </ol>
      <button type="button" className="btn-outline min-h-11" onClick={() => onChange([...items, blank()])}>
        <Plus className="size-4" aria-hidden="true" />
        Add an item
      </button>
    </div>
  );
}

function DraftRow<
  T extends { key: string; title: string; description: string; period: string; required: boolean },
>({
  index,
  item,
  set,
  onRemove,
  problems,
  due,
}: {
  index: number;
  item: T;
  set: (change: Partial<T>) => void;
  onRemove: () => void;
  problems: (name: string) => string[] | undefined;
  due: (item: T, set: (change: Partial<T>) => void, id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <li className="rounded-lg border border-line bg-paper p-3">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Item {index + 1}</legend>
        <ItemWords
          id={id}
          values={item}
          titleLabel={`Item ${index + 1}: title`}
          problems={problems}
          onChange={(change) => set(change as Partial<T>)}
        />
        <div>
          {due(item, set, `${id}-due`)}
          <FieldProblem id={`${id}-dueOn-problem`} problems={problems("dueOn")} />
          <FieldProblem id={`${id}-dueInDays-problem`} problems={problems("dueInDays")} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
          <label className="inline-flex min-h-11 items-center gap-2 text-ink">
            <input
              type="checkbox"
              className="size-5"
              checked={item.required}
              onChange={(e) => set({ required: e.currentTarget.checked } as Partial<T>)}
            />
            Required
          </label>
          <button
            type="button"
            className="btn-base min-h-11 px-3 text-sm text-danger underline hover:bg-danger-light"
            onClick={onRemove}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove item {index + 1}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
