import { Plus } from "lucide-react";
import { type FormEvent, type RefObject, useState } from "react";
import * as v from "valibot";
import { parseDuration } from "../../../src/contracts/duration";
import {
  AdjustmentSchema,
  ExpenseEntrySchema,
  type LedgerView,
  TimeEntrySchema,
} from "../../../src/contracts/ledger";
import { apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { centsOf } from "../engagements";
import { failedToast } from "../shared/failed-toast";
import { CONTROL_CLASS, Field } from "../shared/field";
import { TextField } from "../shared/text-field";
import { useFieldForm } from "../shared/use-field-form";

const api = (id: number) => `/api/admin/submissions/${id}`;

/** A signed amount typed as dollars ("-50" or "1,250.50"), in cents; NaN when it is not one. */
const signedCentsOf = (text: string) => {
  const t = text.trim();
  return t.startsWith("-") ? -centsOf(t.slice(1)) : centsOf(t);
};

/** A choice of a select: what it sends and how it reads. */
export type Choice = { value: string; label: string };

/**
 * The three forms: what each sends, from which typed values, and the contract that judges them. Time is typed
 * as people say it ("1:30", "1.5 h", "90 min") and sent as the minutes the API takes (ADR 292); a duration that
 * cannot be read is the field's own message, before the contract's.
 */
const FORMS = {
  time: {
    title: "Add time",
    noun: "Time",
    path: "time",
    schema: TimeEntrySchema,
    fields: ["on", "duration", "description"] as const,
    body: (x: Record<string, string>) => {
      const read = parseDuration(x.duration ?? "");
      return { on: x.on, minutes: read.ok ? read.minutes : Number.NaN, description: x.description };
    },
    own: (x: Record<string, string>): FieldMessages => {
      const read = parseDuration(x.duration ?? "");
      return read.ok ? {} : { duration: read.message };
    },
  },
  expense: {
    title: "Add an expense",
    noun: "The expense",
    path: "expenses",
    schema: ExpenseEntrySchema,
    fields: ["on", "amount", "description", "documentId"] as const,
    body: (x: Record<string, string>) => ({
      on: x.on,
      amountCents: centsOf(x.amount ?? ""),
      description: x.description,
      ...(x.documentId ? { documentId: x.documentId } : {}),
    }),
    own: (): FieldMessages => ({}),
  },
  adjustment: {
    title: "Add an adjustment",
    noun: "The adjustment",
    path: "ledger/adjustments",
    schema: AdjustmentSchema,
    fields: ["corrects", "amount", "description"] as const,
    body: (x: Record<string, string>) => ({
      ...(x.corrects ? { corrects: Number(x.corrects) } : {}),
      amountCents: signedCentsOf(x.amount ?? ""),
      description: x.description,
    }),
    own: (): FieldMessages => ({}),
  },
} as const;
export type FormKind = keyof typeof FORMS;
/** The contract's field names, as the forms name them. */
const FORM_FIELD: Record<string, string> = { amountCents: "amount", minutes: "duration" };

type FieldMeta = {
  label: string;
  hint?: string;
  type?: string;
  inputMode?: "numeric" | "decimal";
  /** A select of these choices (the first is the empty one) rather than a typed value. */
  choices?: "documents" | "entries";
};
const META: Record<string, FieldMeta> = {
  on: { label: "Date", type: "date" },
  duration: { label: "Time worked", hint: "Hours and minutes (1:30), hours (1.5 h) or minutes (90 min)." },
  amount: { label: "Amount (US dollars)", inputMode: "decimal" },
  description: { label: "Description" },
  documentId: {
    label: "Receipt (optional)",
    hint: "A file of this engagement, from the documents panel.",
    choices: "documents",
  },
  corrects: { label: "Corrects entry (optional)", choices: "entries" },
};
const EMPTY_CHOICE: Record<"documents" | "entries", string> = {
  documents: "No receipt",
  entries: "None: a credit or charge of its own",
};
const HINTS: Partial<Record<FormKind, Record<string, string>>> = {
  adjustment: { amount: "A credit is negative (-50); a charge is positive." },
};

/**
 * One of the ledger's add-forms. Entries are never edited: a mistake is corrected by an adjustment naming its
 * entry. Each form carries a key made when it opens, so a press that reaches the server twice records once.
 */
export function EntryForm(props: {
  kind: FormKind;
  submissionId: number;
  today: string;
  documents: readonly Choice[];
  entries: readonly Choice[];
  onSaved: (view: LedgerView) => void;
}) {
  const spec = FORMS[props.kind];
  const fields = spec.fields as readonly string[];
  const blank = () => Object.fromEntries(fields.map((f) => [f, f === "on" ? props.today : ""]));
  const check = (values: Record<string, string>): FieldMessages => {
    const out: FieldMessages = { ...spec.own(values) };
    const result = v.safeParse(spec.schema, spec.body(values));
    if (result.success) return out;
    for (const issue of result.issues) {
      const key = v.getDotPath(issue) ?? "form";
      const field = FORM_FIELD[key] ?? key;
      if (!out[field]) out[field] = issue.message;
    }
    return out;
  };
  const form = useFieldForm(fields, blank(), check);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.checkAll()) return;
    setPending(true);
    try {
      const res = await apiRequest("POST", `${api(props.submissionId)}/${spec.path}`, {
        ...spec.body(form.values),
        key,
      });
      toast({ title: "Entry Recorded", description: `${spec.noun} is on the ledger.` });
      form.setValues(blank());
      setKey(crypto.randomUUID());
      props.onSaved((await res.json()) as LedgerView);
    } catch (error) {
      const found = serverErrors(error);
      const messages = found
        ? Object.fromEntries(Object.entries(found).map(([k, m]) => [FORM_FIELD[k] ?? k, m]))
        : undefined;
      failedToast("Entry Not Recorded", messages, error);
      if (messages) form.showServerErrors(messages);
    } finally {
      setPending(false);
    }
  };
  const id = (f: string) => `ledger-${props.kind}-${f}`;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={spec.title} className="grid max-w-xl gap-3">
      {fields.map((f) => {
        const meta = META[f] ?? { label: f };
        const hint = HINTS[props.kind]?.[f] ?? meta.hint;
        if (meta.choices) {
          const choices = meta.choices === "documents" ? props.documents : props.entries;
          return (
            <Field key={f} id={id(f)} label={meta.label} hint={hint} error={form.errors[f]}>
              {(control) => (
                <select
                  {...control}
                  ref={form.refs[f] as unknown as RefObject<HTMLSelectElement>}
                  name={f}
                  value={form.values[f] ?? ""}
                  onChange={(e) => form.change(f, e.target.value)}
                  onBlur={() => form.blur(f)}
                  className={`${CONTROL_CLASS} min-h-11`}
                >
                  <option value="">{EMPTY_CHOICE[meta.choices ?? "documents"]}</option>
                  {choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        }
        return (
          <TextField
            key={f}
            ref={form.refs[f]}
            id={id(f)}
            label={meta.label}
            hint={hint}
            name={f}
            type={meta.type}
            inputMode={meta.inputMode}
            autoComplete="off"
            value={form.values[f] ?? ""}
            onChange={(e) => form.change(f, e.target.value)}
            onBlur={() => form.blur(f)}
            error={form.errors[f]}
          />
        );
      })}
      <button
        type="submit"
        disabled={pending}
        className="btn-navy w-full disabled:opacity-70 sm:w-auto sm:justify-self-start"
      >
        <Plus className="size-4" aria-hidden="true" />
        {pending ? "Recording..." : spec.title}
      </button>
    </form>
  );
}
