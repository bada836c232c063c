import type { Brand } from "../../../contracts/brand";
import { formatDuration } from "../../../contracts/duration";
import { LEDGER_KIND_LABELS } from "../../../contracts/ledger";
import { money } from "../../../contracts/money";
import { statementTitle } from "../../../contracts/statements";
import { longDate } from "../../../contracts/subscriptions";
import { type DocBlock, type DocSpec, renderPdf, winAnsi } from "../../signing";
import type { PaymentDue, Retainer, StatedEntry } from "../model";

/** Everything a statement shows: given the same facts, the same document. */
export type StatementFacts = {
  number: number;
  reference: string;
  clientName: string;
  /** The first day covered (the day after the last statement's), or null for the first statement. */
  fromOn: string | null;
  throughOn: string;
  /** The day it was issued, in the firm's time zone. */
  issuedOn: string;
  /** Each with its number in the engagement's ledger, what it corrects and whether it came in late. */
  entries: readonly StatedEntry[];
  /** What was owed at the end of the last statement's period (0 for the first). */
  openingCents: number;
  balanceCents: number;
  retainer: Retainer | null;
  replenish: { percent: number } | null;
  /** What is due and by when, as the portal's Payments card says it, and how to pay it. */
  payment: PaymentDue & { url: string | null; instructions: string | null };
};

const kindOf = (e: StatedEntry) =>
  e.kind === "time" && e.minutes !== undefined
    ? `Time, ${formatDuration(e.minutes)}`
    : LEDGER_KIND_LABELS[e.kind];

/**
 * What the description cell says (ADR 292): the entry's words, the entry it corrects by the number this and
 * earlier statements print beside it, and a late entry's mark. Each note stands beside its own entry only.
 */
const descriptionOf = (e: StatedEntry) =>
  [
    winAnsi(e.description),
    e.correctsNumber !== undefined ? `(corrects entry ${e.correctsNumber})` : "",
    e.lateFor !== undefined
      ? `Late entry: dated within statement ${e.lateFor}'s period, recorded after it.`
      : "",
  ]
    .filter(Boolean)
    .join(" ");

/** The statement as a document: the firm's letterhead is the shared PDF writer's (src/modules/signing). */
export function statementDoc(brand: Brand, f: StatementFacts): DocSpec {
  const period = f.fromOn
    ? `${longDate(f.fromOn)} to ${longDate(f.throughOn)}`
    : `Through ${longDate(f.throughOn)}`;
  const { amountDueCents: due, dueOn } = f.payment;
  const owed = due > 0;
  const blocks: DocBlock[] = [
    {
      kind: "fields",
      labels: ["Client", "Reference", "Statement", "Period", "Issued"],
      values: [winAnsi(f.clientName), f.reference, String(f.number), period, longDate(f.issuedOn)],
    },
    { kind: "heading", text: f.fromOn ? "Since the last statement" : "Your account" },
    ...(f.fromOn
      ? [{ kind: "paragraph" as const, text: `Balance on the last statement: ${money(f.openingCents)}.` }]
      : []),
    {
      kind: "table",
      columns: [
        { label: "No.", share: 0.07 },
        { label: "Date", share: 0.15 },
        { label: "Type", share: 0.17 },
        { label: "Description", share: 0.43 },
        { label: "Amount", share: 0.18, align: "right" },
      ],
      rows: f.entries.map((e) => [
        String(e.number),
        longDate(e.on),
        kindOf(e),
        descriptionOf(e),
        money(e.amountCents),
      ]),
      total: ["", "", "", `Balance on ${longDate(f.throughOn)}`, money(f.balanceCents)],
    },
  ];
  if (f.entries.some((e) => e.lateFor !== undefined))
    blocks.push({
      kind: "paragraph",
      text: "An entry marked late is dated within an earlier statement's period but was recorded after that statement was issued, so it was not on it; it is stated here, and the balance above includes it.",
    });
  if (f.retainer) {
    blocks.push(
      { kind: "heading", text: "Retainer" },
      {
        kind: "paragraph",
        text: `Held ${money(f.retainer.heldCents)}; drawn ${money(f.retainer.drawnCents)}; remaining ${money(f.retainer.remainingCents)}.`,
      },
    );
    if (f.replenish)
      blocks.push({
        kind: "note",
        title: "Please replenish the retainer",
        text: `What remains of the retainer is below ${f.replenish.percent}% of the ${money(f.retainer.heldCents)} held. Please pay ${money(f.retainer.drawnCents)} to bring it back to ${money(f.retainer.heldCents)}. This is a request, not an amount due: time and expenses beyond the retainer are billed monthly, as your engagement letter says.`,
      });
  }
  blocks.push(
    { kind: "heading", text: "How to pay" },
    {
      kind: "paragraph",
      // The day is the letter's (on engagement, or the day a month begins); what it bills monthly has none.
      text: owed
        ? `Amount due: ${money(due)}${dueOn ? `, due on ${longDate(dueOn)}` : ""}. Please quote reference ${f.reference} with your payment.`
        : `Nothing is due on this statement${f.balanceCents < 0 ? `: you are in credit by ${money(-f.balanceCents)}` : ""}.`,
    },
  );
  if (owed && f.payment.url)
    blocks.push({ kind: "paragraph", text: `Pay online at the firm's processor: ${f.payment.url}` });
  if (owed && f.payment.instructions)
    blocks.push({ kind: "paragraph", text: winAnsi(f.payment.instructions) });
  blocks.push({
    kind: "paragraph",
    text: `Questions about this statement: ${brand.email} or ${brand.phone}, quoting reference ${f.reference}.`,
  });
  return {
    title: `${statementTitle(f.number)}`,
    subtitle: `Statement of account, reference ${f.reference}: ${period}`,
    subject: `Statement of account ${f.number} for ${f.reference}`,
    keywords: ["statement", f.reference],
    blocks,
    footer: `${brand.name}  |  ${statementTitle(f.number)}  |  Reference ${f.reference}`,
  };
}

/** The statement's PDF. `at` (the instant it was issued) is its creation date. */
export const renderStatement = (brand: Brand, f: StatementFacts, at: Date) =>
  renderPdf(statementDoc(brand, f), brand, at);
