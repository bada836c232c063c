import { useEffect, useId, useState } from "react";
import type { DocumentView } from "../../../src/contracts/documents";
import { formatDuration } from "../../../src/contracts/duration";
import {
  balanceWords,
  LEDGER_KIND_LABELS,
  type LedgerView,
  runningWords,
} from "../../../src/contracts/ledger";
import { money, plainDollars } from "../../../src/contracts/money";
import { SUBMISSIONS_API } from "../../../src/contracts/submissions";
import { formatDay } from "../../../src/contracts/time-format";
import { apiAnswer } from "../../lib/api";
import { type Choice, EntryForm, type FormKind } from "./entry-form";

const api = (id: number) => `${SUBMISSIONS_API}/${id}`;
type Engagement = { status: string; feeKind: string; firmToday: string; hourlyRateCents: number | null };
type Entry = LedgerView["entries"][number];

const FORM_LABELS: Record<FormKind, string> = { time: "Time", expense: "Expense", adjustment: "Adjustment" };

/** A figure of the panel's head: a label over its amount, the amount the larger. */
function Figure(props: {
  label: string;
  amount: string;
  testId: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div data-testid={props.testId} className={props.className}>
      <dt className="text-sm text-ink-muted">{props.label}</dt>
      <dd className={`tabular-nums text-ink ${props.strong ? "text-xl font-bold" : "text-lg font-semibold"}`}>
        {props.amount}
      </dd>
    </div>
  );
}

/** A running balance: a credit unsigned with "Cr" beside it, read out as "in credit". */
function Running({ amount, credit }: { amount: string; credit: boolean }) {
  return (
    <>
      {amount}
      {credit && (
        <>
          <span aria-hidden="true"> Cr</span>
          <span className="sr-only"> in credit</span>
        </>
      )}
    </>
  );
}

/** The entry's own cell: its kind and words, the time it records, what it corrects, its receipt, who wrote it. */
function EntryCell(props: { e: Entry; numberOf: Map<number, number>; receipts: Map<string, string> }) {
  const { e } = props;
  const corrects = e.corrects === undefined ? undefined : props.numberOf.get(e.corrects);
  const receipt = e.documentId === undefined ? undefined : props.receipts.get(e.documentId);
  return (
    <>
      {/* In a narrow panel the date has no column of its own: it heads the entry. */}
      <span className="block text-ink-muted @[34rem]:hidden">{formatDay(e.on)}</span>
      <span className="font-semibold text-ink">{LEDGER_KIND_LABELS[e.kind]}</span>
      {e.minutes !== undefined && <span className="text-ink-muted">, {formatDuration(e.minutes)}</span>}
      <span className="block break-words text-ink">{e.description}</span>
      {corrects !== undefined && <span className="block text-ink-muted">Corrects entry {corrects}</span>}
      {e.documentId !== undefined && (
        <span className="block break-words text-ink-muted">Receipt: {receipt ?? "a file since removed"}</span>
      )}
      {e.by && <span className="block text-ink-muted">by {e.by}</span>}
    </>
  );
}

/**
 * The engagement's ledger (issue 30; issue 41, ADR 292), laid out as an accountant's: the balance in words (owed
 * or in credit) and the retainer held, drawn and remaining; every entry in date order with its number in the
 * engagement's ledger and the balance after it; one add-form at a time, chosen above it. The table fits its
 * column at every width: below 34rem of panel the date moves into the entry's cell, so nothing is cut or
 * scrolled. Shown once the letter is signed; `changed` reloads it (a payment recorded above).
 */
export function LedgerPanel({ submissionId, changed }: { submissionId: number; changed?: unknown }) {
  const [engagement, setEngagement] = useState<Engagement | null>(null);
  const [view, setView] = useState<LedgerView | null>(null);
  const [documents, setDocuments] = useState<DocumentView[]>([]);
  const [adding, setAdding] = useState<FormKind | null>(null);
  const choiceId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is the signal to read the ledger again.
  useEffect(() => {
    let live = true;
    apiAnswer<{ engagement: Engagement | null }>("GET", `${api(submissionId)}/engagement`).then(async (e) => {
      const found = e.ok ? e.data.engagement : null;
      if (!live || !found || (found.status !== "signed" && found.status !== "engaged")) return;
      const [a, d] = await Promise.all([
        apiAnswer<LedgerView>("GET", `${api(submissionId)}/ledger`),
        apiAnswer<{ documents: DocumentView[] }>("GET", `${api(submissionId)}/documents`),
      ]);
      if (!live || !a.ok) return;
      setEngagement(found);
      setView(a.data);
      setDocuments(d.ok ? d.data.documents.filter((doc) => doc.completedAt !== null) : []);
    });
    return () => {
      live = false;
    };
  }, [submissionId, changed]);
  if (!engagement || !view) return null;

  const kinds: FormKind[] = [
    ...(engagement.hourlyRateCents !== null ? (["time"] as const) : []),
    "expense",
    "adjustment",
  ];
  const shown = adding && kinds.includes(adding) ? adding : (kinds[0] ?? "expense");
  const numberOf = new Map(view.entries.map((e) => [e.id, e.number]));
  const receipts = new Map(documents.map((d) => [d.id, d.name]));
  const documentChoices: Choice[] = documents.map((d) => ({
    value: d.id,
    label: `${d.name} (${d.direction === "client" ? "from the client" : "the firm's"})`,
  }));
  // Newest first: a correction is most often of what was just recorded.
  const entryChoices: Choice[] = view.entries.toReversed().map((e) => ({
    value: String(e.id),
    label: `Entry ${e.number}: ${formatDay(e.on)}, ${LEDGER_KIND_LABELS[e.kind]}, ${money(e.amountCents)}, ${e.description}`,
  }));
  const balance = balanceWords(view.balanceCents);

  return (
    <section
      aria-labelledby="ledger-title"
      className="@container rounded-xl border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="ledger-title" className="font-serif text-xl font-bold text-navy">
        Ledger
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-3 @[34rem]:grid-cols-4">
        <Figure
          label={balance.label}
          amount={balance.amount}
          testId="ledger-balance"
          strong
          className="col-span-3 @[34rem]:col-span-1"
        />
        {view.retainer && (
          <>
            <Figure label="Retainer held" amount={money(view.retainer.heldCents)} testId="ledger-held" />
            <Figure label="Drawn" amount={money(view.retainer.drawnCents)} testId="ledger-drawn" />
            <Figure
              label="Remaining"
              amount={money(view.retainer.remainingCents)}
              testId="ledger-remaining"
            />
          </>
        )}
      </dl>
      {engagement.hourlyRateCents !== null && (
        <p className="mt-2 text-sm text-ink-muted">
          Time is billed at ${plainDollars(engagement.hourlyRateCents)} an hour.
        </p>
      )}
      <section aria-label="Ledger entries" className="mt-4">
        {view.entries.length === 0 ? (
          <p className="text-ink">No entries yet.</p>
        ) : (
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">
              Entries in date order, each with its number in this ledger and the balance after it; Cr: the
              client is in credit
            </caption>
            <colgroup>
              <col className="w-9" />
              <col className="hidden w-28 @[34rem]:table-column" />
              <col />
              <col className="w-[6.75rem] @[34rem]:w-28" />
              <col className="hidden w-32 @[34rem]:table-column" />
            </colgroup>
            <thead>
              <tr className="border-b-2 border-navy text-ink-muted">
                <th scope="col" className="py-2 pr-2 font-semibold">
                  No.
                </th>
                <th scope="col" className="hidden py-2 pr-2 font-semibold @[34rem]:table-cell">
                  Date
                </th>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Entry
                </th>
                <th scope="col" className="py-2 text-right font-semibold @[34rem]:pr-2">
                  Amount<span className="@[34rem]:hidden"> and balance</span>
                </th>
                <th scope="col" className="hidden py-2 text-right font-semibold @[34rem]:table-cell">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((e) => {
                const running = runningWords(e.runningCents ?? 0);
                return (
                  <tr key={e.id} className="border-b border-line align-top last:border-b-0">
                    <td className="py-2 pr-2 tabular-nums text-ink-muted">{e.number}</td>
                    <td className="hidden py-2 pr-2 whitespace-nowrap @[34rem]:table-cell">
                      {formatDay(e.on)}
                    </td>
                    <td className="py-2 pr-2">
                      <EntryCell e={e} numberOf={numberOf} receipts={receipts} />
                    </td>
                    <td className="py-2 text-right tabular-nums whitespace-nowrap @[34rem]:pr-2">
                      {money(e.amountCents)}
                      {/* In a narrow panel the balance after the entry stands under its amount. */}
                      <span className="block text-ink-muted @[34rem]:hidden">
                        <span className="sr-only">balance </span>
                        <Running {...running} />
                      </span>
                    </td>
                    <td className="hidden py-2 text-right tabular-nums whitespace-nowrap @[34rem]:table-cell">
                      <Running {...running} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <div className="mt-4 border-t border-line pt-4">
        <fieldset className="max-w-xl">
          <legend className="text-sm font-semibold text-ink">Add to the ledger</legend>
          <div className="mt-2 grid grid-flow-col auto-cols-fr rounded-md border border-navy">
            {kinds.map((k) => (
              <label
                key={k}
                htmlFor={`${choiceId}-${k}`}
                className="flex min-h-11 cursor-pointer items-center justify-center border-l border-navy px-2 text-sm font-semibold text-navy first:rounded-l-[5px] first:border-l-0 last:rounded-r-[5px] has-[:checked]:bg-navy has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-navy"
              >
                <input
                  id={`${choiceId}-${k}`}
                  type="radio"
                  name={`${choiceId}-kind`}
                  value={k}
                  checked={shown === k}
                  onChange={() => setAdding(k)}
                  className="sr-only"
                />
                {FORM_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <EntryForm
            key={shown}
            kind={shown}
            submissionId={submissionId}
            today={engagement.firmToday}
            documents={documentChoices}
            entries={entryChoices}
            onSaved={setView}
          />
        </div>
      </div>
    </section>
  );
}
