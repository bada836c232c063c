import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import * as v from "valibot";
import {
  AdjustmentSchema,
  ExpenseEntrySchema,
  LEDGER_KIND_LABELS,
  type LedgerView,
  TimeEntrySchema,
} from "../../../src/contracts/ledger";
import { money, plainDollars } from "../../../src/contracts/money";
import { apiAnswer, apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { centsOf } from "../engagements";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";
import { useFieldForm } from "../shared/use-field-form";

const api = (id: number) => `/api/admin/submissions/${id}`;
type Engagement = { status: string; feeKind: string; firmToday: string; hourlyRateCents: number | null };

/** A signed amount typed as dollars ("-50" or "1,250.50"), in cents; NaN when it is not one. */
const signedCentsOf = (text: string) => {
  const t = text.trim();
  return t.startsWith("-") ? -centsOf(t.slice(1)) : centsOf(t);
};

/** The three forms: what each sends, from which typed values, and the contract that judges them. */
const FORMS = {
  time: {
    title: "Add time",
    path: "time",
    schema: TimeEntrySchema,
    fields: ["on", "minutes", "description"] as const,
    body: (x: Record<string, string>) => ({
      on: x.on,
      minutes: Number(x.minutes),
      description: x.description,
    }),
  },
  expense: {
    title: "Add an expense",
    path: "expenses",
    schema: ExpenseEntrySchema,
    fields: ["on", "amount", "description", "documentId"] as const,
    body: (x: Record<string, string>) => ({
      on: x.on,
      amountCents: centsOf(x.amount ?? ""),
      description: x.description,
      ...(x.documentId?.trim() ? { documentId: x.documentId.trim() } : {}),
    }),
  },
  adjustment: {
    title: "Add an adjustment",
    path: "ledger/adjustments",
    schema: AdjustmentSchema,
    fields: ["corrects", "amount", "description"] as const,
    body: (x: Record<string, string>) => ({
      ...(x.corrects?.trim() ? { corrects: Number(x.corrects) } : {}),
      amountCents: signedCentsOf(x.amount ?? ""),
      description: x.description,
    }),
  },
} as const;
type FormKind = keyof typeof FORMS;
/** The contract's field names, as the forms name them. */
const FORM_FIELD: Record<string, string> = { amountCents: "amount" };

const LABELS: Record<
  string,
  { label: string; hint?: string; type?: string; inputMode?: "numeric" | "decimal" }
> = {
  on: { label: "Date", type: "date" },
  minutes: { label: "Minutes", inputMode: "numeric" },
  amount: { label: "Amount (US dollars)", inputMode: "decimal" },
  description: { label: "Description" },
  documentId: { label: "Receipt (document id, optional)", hint: "A file sent in the documents panel." },
  corrects: { label: "Corrects entry number (optional)", inputMode: "numeric" },
};

function EntryForm(props: {
  kind: FormKind;
  submissionId: number;
  today: string;
  onSaved: (view: LedgerView) => void;
}) {
  const spec = FORMS[props.kind];
  const fields = spec.fields as readonly string[];
  const blank = () => Object.fromEntries(fields.map((f) => [f, f === "on" ? props.today : ""]));
  const check = (values: Record<string, string>): FieldMessages => {
    const out: FieldMessages = {};
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
  // Made when the form opens and sent with each press: the server records a press that arrives twice once.
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
      toast({ title: "Entry Recorded", description: `${spec.title.replace("Add ", "")} is on the ledger.` });
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
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={spec.title}
      className="grid gap-3 rounded-lg border border-line p-4"
    >
      <h3 className="font-semibold text-navy">{spec.title}</h3>
      {fields.map((f) => {
        const meta = LABELS[f] ?? { label: f };
        return (
          <TextField
            key={f}
            ref={form.refs[f]}
            id={id(f)}
            label={meta.label}
            hint={meta.hint}
            name={f}
            type={meta.type}
            inputMode={meta.inputMode}
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

/**
 * The engagement's ledger (issue 30): every entry with its running balance, the retainer left, and the forms
 * that add time, an expense or an adjustment. Entries are never edited: a mistake is corrected by an adjustment
 * naming its entry number. Shown once the letter is signed; `changed` reloads it (a payment recorded above).
 */
export function LedgerPanel({ submissionId, changed }: { submissionId: number; changed?: unknown }) {
  const [engagement, setEngagement] = useState<Engagement | null>(null);
  const [view, setView] = useState<LedgerView | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is the signal to read the ledger again.
  useEffect(() => {
    let live = true;
    apiAnswer<{ engagement: Engagement | null }>("GET", `${api(submissionId)}/engagement`).then(async (e) => {
      const found = e.ok ? e.data.engagement : null;
      if (!live || !found || (found.status !== "signed" && found.status !== "engaged")) return;
      const a = await apiAnswer<LedgerView>("GET", `${api(submissionId)}/ledger`);
      if (!live || !a.ok) return;
      setEngagement(found);
      setView(a.data);
    });
    return () => {
      live = false;
    };
  }, [submissionId, changed]);
  if (!engagement || !view) return null;
  // The balance after each entry is the ledger's own running total: no figure is summed on this screen.
  const rows = view.entries.map((e) => ({ ...e, running: e.runningCents ?? 0 }));
  return (
    <section aria-labelledby="ledger-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="ledger-title" className="font-serif text-xl font-bold text-navy">
        Ledger
      </h2>
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-ink-muted">Balance owed</dt>
          <dd className="text-lg font-semibold text-ink" data-testid="ledger-balance">
            {money(view.balanceCents)}
          </dd>
        </div>
        {view.retainer && (
          <div>
            <dt className="text-sm text-ink-muted">Retainer left</dt>
            <dd className="text-lg font-semibold text-ink" data-testid="ledger-retainer">
              {money(view.retainer.remainingCents)} of {money(view.retainer.heldCents)}
            </dd>
          </div>
        )}
      </dl>
      {engagement.hourlyRateCents !== null && (
        <p className="mt-2 text-sm text-ink-muted">
          Time is billed at ${plainDollars(engagement.hourlyRateCents)} an hour.
        </p>
      )}
      <section
        aria-label="Ledger entries"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
        tabIndex={0}
        // Width 0 and at least the card's: the table's width never widens the page; it scrolls here instead.
        className="mt-4 w-0 min-w-full overflow-x-auto"
      >
        {rows.length === 0 ? (
          <p className="text-ink">No entries yet.</p>
        ) : (
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Entries, oldest first, with the balance after each</caption>
            <thead>
              <tr className="border-b border-line text-ink-muted">
                <th scope="col" className="py-2 pr-3">
                  No.
                </th>
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-3">
                  Description
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Amount
                </th>
                <th scope="col" className="py-2 text-right">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} className="border-b border-line align-top">
                  <td className="py-2 pr-3">{e.id}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{e.on}</td>
                  <td className="py-2 pr-3">{LEDGER_KIND_LABELS[e.kind]}</td>
                  <td className="py-2 pr-3">
                    {e.description}
                    {e.minutes !== undefined && <span className="text-ink-muted"> ({e.minutes} min)</span>}
                    {e.corrects !== undefined && (
                      <span className="text-ink-muted"> (corrects no. {e.corrects})</span>
                    )}
                    {e.by && <span className="block text-ink-muted">by {e.by}</span>}
                  </td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{money(e.amountCents)}</td>
                  <td className="py-2 text-right whitespace-nowrap">{money(e.running)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {engagement.hourlyRateCents !== null && (
          <EntryForm kind="time" submissionId={submissionId} today={engagement.firmToday} onSaved={setView} />
        )}
        <EntryForm
          kind="expense"
          submissionId={submissionId}
          today={engagement.firmToday}
          onSaved={setView}
        />
        <EntryForm
          kind="adjustment"
          submissionId={submissionId}
          today={engagement.firmToday}
          onSaved={setView}
        />
      </div>
    </section>
  );
}
