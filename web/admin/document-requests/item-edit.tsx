import { type FormEvent, useId, useState } from "react";
import type { EditItem, StaffRequestItem } from "../../../src/contracts/document-requests";
import { apiAnswer } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { FieldProblem, ITEM_INPUT, ItemWords } from "./item-fields";
import { requestsApi } from "./requests-api";

type Fields = { title: string; description: string; period: string; dueOn: string; required: boolean };

/**
 * An item already sent, changed in place until it is accepted (`PATCH …/document-requests/:itemId`): its title,
 * what is asked, the period, the due date and whether it is required. Only what changed is sent, so an overdue
 * item's date is not refused as past when only its words change; the server's message for each field is shown
 * beside it.
 */
export function ItemEditForm({
  submissionId,
  item,
  today,
  onSaved,
  onCancel,
}: {
  submissionId: number;
  item: StaffRequestItem;
  today: string;
  onSaved: () => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const start: Fields = {
    title: item.title,
    description: item.description,
    period: item.period,
    dueOn: item.dueOn ?? "",
    required: item.required,
  };
  const [f, setF] = useState<Fields>(start);
  const [fields, setFields] = useState<Record<string, string[]> | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Fields>) => setF((x) => ({ ...x, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const edit: EditItem = {};
    if (f.title !== start.title) edit.title = f.title;
    if (f.description !== start.description) edit.description = f.description;
    if (f.period !== start.period) edit.period = f.period;
    if (f.dueOn !== start.dueOn) edit.dueOn = f.dueOn || null;
    if (f.required !== start.required) edit.required = f.required;
    if (Object.keys(edit).length === 0) {
      setFields(undefined);
      setProblem("Nothing was changed: change a field, or cancel.");
      return;
    }
    setBusy(true);
    const a = await apiAnswer("PATCH", requestsApi.item(submissionId, item.id), edit);
    setBusy(false);
    if (!a.ok) {
      setFields(a.fields);
      // A field's own message is shown beside it; the line under the form says what is wrong overall.
      const marked = a.fields && Object.keys(a.fields).some((k) => k in start);
      setProblem(marked ? "Nothing was changed: correct the fields marked above." : a.error);
      return;
    }
    toast({
      title: "Item Changed",
      description: `"${f.title.trim()}" now reads as you set it for the client.`,
    });
    await onSaved();
  };

  const aria = (name: keyof Fields) =>
    fields?.[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-problem` } : {};

  return (
    // The server's message goes beside each field (the browser's own bubble for a date before `min` would not
    // say which day is the first allowed, and vanishes).
    <form
      noValidate
      onSubmit={save}
      className="grid gap-3 rounded-lg border border-line bg-paper p-3 sm:grid-cols-2"
    >
      <h4 className="font-semibold text-ink sm:col-span-2">
        Edit <span className="break-words">{item.title}</span>
      </h4>
      <ItemWords id={id} values={f} titleLabel="Title" problems={(name) => fields?.[name]} onChange={set} />
      <div>
        <label htmlFor={`${id}-due`} className="block text-sm font-semibold text-ink">
          Due
        </label>
        <input
          id={`${id}-due`}
          type="date"
          min={today}
          className={ITEM_INPUT}
          value={f.dueOn}
          {...aria("dueOn")}
          onChange={(e) => set({ dueOn: e.currentTarget.value })}
        />
        <FieldProblem id={`${id}-dueOn-problem`} problems={fields?.dueOn} />
      </div>
      <label className="inline-flex min-h-11 items-center gap-2 text-ink sm:col-span-2">
        <input
          type="checkbox"
          className="size-5"
          checked={f.required}
          onChange={(e) => set({ required: e.currentTarget.checked })}
        />
        Required
      </label>
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-navy min-h-10 px-3 py-1.5 text-sm" disabled={busy}>
          Save changes
        </button>
        <button type="button" className="btn-outline min-h-10 px-3 py-1.5 text-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
