import { ConflictError, InvalidError, NotFoundError } from "../../contracts/errors";
import { PORTAL_MESSAGES } from "../../contracts/portal";
import type { DataStore } from "../../store";
import { type Actor, auditBy } from "../audit";
import type { PersonOf } from "../desk";
import type { EngagementFacts, EngagementLookup, LedgerHooks } from "../engagements";
import {
  type AdjustmentInput,
  dayPaidReaching,
  decimalDollars,
  type ExpenseEntryInput,
  importDate,
  LEDGER_KIND_LABELS,
  type LedgerEntry,
  type LedgerView,
  type LetterTerms,
  lastPayment,
  LEDGER_MESSAGES as M,
  type MoneyView,
  type MonthRaised,
  type PaymentDispute,
  type PaymentDue,
  paidCents,
  paidThrough,
  refundedCents,
  type Standing,
  standingAsOf,
  type TimeEntryInput,
  timeAmountCents,
  withRunning,
} from "./model";
import { type DisputeRow, ledgerRepo, type NewEntry } from "./repo/entries";

/** The firm's calendar day at an instant (its time zone): the desk's business clock answers it. */
export type FirmDay = { local: (at: Date) => { date: string } };

/** A payment as the portal records it (staff's, or the payment processor's through the same path). */
export type PaymentFact = Parameters<LedgerHooks["paid"]>[0];

/**
 * A payment the processor reported whose session or intent the ledger holds already: refused (409), so nothing
 * that would follow from it in the caller's transaction is written either. The webhook answers it as a replay.
 */
export class PaymentRecordedError extends ConflictError {
  constructor(readonly processorRef: string) {
    super(M.paymentRecorded(processorRef));
  }
}

/** A refund the processor reported: the payment it refunds and the total refunded of it so far. */
export type RefundFact = {
  /** What was paid, as the ledger keys it ("stripe:pi_…"). */
  intent: string;
  /** The processor's object that carries the refund total (the charge), for the entry's key. */
  object: string;
  refundedTotalCents: number;
  on: string;
  by: string;
};

/** A dispute the processor opened: its own id, the payment it names, why, and the firm's day it was opened. */
export type DisputeFact = { dispute: string; intent: string | null; reason: string; on: string };

/** What a staff write answers: the ledger, and whether this press wrote the entry (not a repeat of it). */
export type StaffWrite = { created: boolean; view: LedgerView };

/** A subscription month as its feature raises it. */
export type ChargeFact = {
  engagementId: number;
  subscriptionId: number;
  from: string;
  to: string;
  amountCents: number;
};

export type LedgerDeps = {
  store: DataStore;
  calendar: FirmDay;
  engagements: EngagementLookup;
  personOf: PersonOf;
  /** Whether a document (its public id) belongs to the engagement: an expense's receipt. */
  documentOf: (engagementId: number, documentId: string) => boolean;
  /** A monthly engagement's first month while it is not raised yet: the letter asks it on engagement. */
  firstMonthAsked: (engagementId: number) => number;
  now: () => Date;
};

/**
 * The engagement's money as an append-only ledger (issue 30, ADRs 252 and 253): entries are only ever added.
 * What the other features do becomes an entry in their own write (the signature of a flat fee, a payment, a
 * subscription month), each under a source key so a retry or the start's backfill writes it once; staff add
 * time, expenses and adjustments. Every day is the firm's.
 */
export function createLedgerService(deps: LedgerDeps) {
  const { store, calendar, engagements, now } = deps;
  const { db } = store;
  const repo = ledgerRepo(store);
  const today = () => calendar.local(now()).date;
  const at = () => now().toISOString();
  const add = (e: NewEntry) => repo.add(e, at());

  /** Every figure of the engagement as of the end of `asOf` (null: every entry), from the one derivation. */
  function standing(facts: EngagementFacts | null, engagementId: number, asOf: string | null): Standing {
    const entries: LedgerEntry[] = repo.of(engagementId).map(({ engagementId: _, ...e }) => e);
    return standingAsOf(entries, termsOf(facts), asOf);
  }

  function termsOf(e: EngagementFacts | null): LetterTerms {
    return {
      feeKind: e?.feeKind ?? null,
      feeCents: e?.feeCents ?? 0,
      signedOn: e?.signedAt ? calendar.local(new Date(e.signedAt)).date : null,
      firstMonthCents: e?.feeKind === "monthly" ? deps.firstMonthAsked(e.id) : 0,
    };
  }

  function viewOf(facts: EngagementFacts | null, engagementId: number): LedgerView {
    const { due: _, entries, ...view } = standing(facts, engagementId, null);
    return { entries: withRunning(entries), ...view };
  }

  /** The request's engagement, or the 404 that says which is missing. */
  function engagementOf(submissionId: number): EngagementFacts {
    if (!deps.personOf(submissionId)) throw new NotFoundError("Not found");
    const e = engagements.ofSubmission(submissionId);
    if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
    return e;
  }

  /** Staff write on a signed engagement only: before it there is no account to bill. */
  function signedEngagementOf(submissionId: number): EngagementFacts {
    const e = engagementOf(submissionId);
    if (!e.signedAt) throw new ConflictError(M.notSigned);
    return e;
  }

  const notAfterToday = (on: string) => {
    if (on > today()) throw new InvalidError({ on: [M.future] });
  };

  /** The fee a signed flat engagement owes, on the firm's day it was signed. */
  function recordFee(e: EngagementFacts): number | null {
    if (e.feeKind !== "flat" || !e.signedAt) return null;
    return add({
      engagementId: e.id,
      source: `fee:${e.id}`,
      on: calendar.local(new Date(e.signedAt)).date,
      kind: "fee",
      description: "Flat fee, paid in full on engagement",
      amountCents: e.feeCents,
    });
  }

  /**
   * A payment, dated the day it was received. Whatever brought it (staff, the processor, a match), that day has
   * come: one after the firm's today is refused (422 naming it), before anything follows from it in the
   * caller's transaction (the work clock, a subscription's start). The backfill writes what was recorded before
   * this rule as it was recorded.
   */
  function paid(p: PaymentFact): number | null {
    const firmToday = today();
    if (p.receivedOn > firmToday)
      throw new InvalidError({ receivedOn: [M.paymentFuture(p.receivedOn, firmToday)] });
    const id = recordPayment(p);
    if (id === null && p.processor) throw new PaymentRecordedError(p.processor.intent ?? p.processor.object);
    return id;
  }

  function recordPayment(p: PaymentFact): number | null {
    return add({
      engagementId: p.engagementId,
      source: `payment:${p.paymentId}`,
      on: p.receivedOn,
      kind: "payment",
      description: `Payment received (${p.method})`,
      amountCents: -p.amountCents,
      ...(p.by ? { by: p.by } : {}),
      ...(p.processor ? { processorObject: p.processor.object, processorIntent: p.processor.intent } : {}),
    });
  }

  function recordCharge(c: ChargeFact): number | null {
    return add({
      engagementId: c.engagementId,
      source: `charge:${c.subscriptionId}:${c.from}`,
      on: c.from,
      kind: "charge",
      description: `Judgment Intel monitoring, ${c.from} to ${c.to}`,
      amountCents: c.amountCents,
    });
  }

  const entriesOf = (engagementId: number): LedgerEntry[] =>
    repo.of(engagementId).map(({ engagementId: _, ...e }) => e);

  /**
   * A refund the processor reported, as an adjustment that corrects the payment it refunds (a positive amount:
   * it takes back what the payment credited). The processor reports the total refunded so far: only what is new
   * is written, once per total, and never more than the payment. Null when the ledger holds no such payment.
   */
  function refunded(r: RefundFact): { engagementId: number; entryId: number | null } | null {
    const payment = repo.paymentByProcessor(r.intent);
    if (!payment) return null;
    const entries = entriesOf(payment.engagementId);
    const already = refundedCents(entries, payment.id);
    const total = Math.min(r.refundedTotalCents, -payment.amountCents);
    if (total <= already) return { engagementId: payment.engagementId, entryId: null };
    const entryId = add({
      engagementId: payment.engagementId,
      source: `refund:${r.object}:${total}`,
      on: r.on,
      kind: "adjustment",
      description: `Refund of the payment received ${payment.on}`,
      amountCents: total - already,
      corrects: payment.id,
      by: r.by,
    });
    return { engagementId: payment.engagementId, entryId };
  }

  /** A dispute, recorded once, beside the payment it names when the ledger holds it. */
  function disputed(d: DisputeFact): { created: boolean; engagementId: number | null } {
    const payment = d.intent ? repo.paymentByProcessor(d.intent) : null;
    const id = repo.addDispute(
      {
        dispute: d.dispute,
        intent: d.intent,
        engagementId: payment?.engagementId ?? null,
        entryId: payment?.id ?? null,
        reason: d.reason,
        openedOn: d.on,
      },
      at(),
    );
    return { created: id !== null, engagementId: payment?.engagementId ?? null };
  }

  const disputeView = (d: DisputeRow): PaymentDispute => {
    const payment = d.entryId === null ? null : repo.byId(d.entryId);
    return {
      openedOn: d.openedOn,
      reason: d.reason,
      payment: payment ? { on: payment.on, amountCents: -payment.amountCents } : null,
    };
  };

  /** An engagement's money as the desk and the portal show it: every figure from its entries. */
  function money(engagementId: number): MoneyView {
    const { entries, balanceCents, retainer } = viewOf(engagements.byId(engagementId), engagementId);
    return {
      balanceCents,
      paidCents: paidCents(entries),
      retainer,
      lastPayment: lastPayment(entries),
      disputes: repo.disputesOf(engagementId).map(disputeView),
    };
  }

  /**
   * What the client owes now: what is due once the letter is signed; before it, what the letter will ask on
   * signing (the fee, the deposit, the first month) less what was paid already.
   */
  function owed(engagementId: number): PaymentDue {
    const facts = engagements.byId(engagementId);
    const terms = termsOf(facts);
    const signedOn = terms.signedOn ?? today();
    const due = standingAsOf(entriesOf(engagementId), { ...terms, signedOn }, null).due;
    if (!due) return { amountDueCents: 0, dueOn: null };
    // The fee of a flat engagement is entered on signing: until then the letter asks it.
    if (facts?.feeKind === "flat" && !terms.signedOn) {
      const unpaid = (facts.feeCents ?? 0) - paidCents(entriesOf(engagementId));
      return { amountDueCents: Math.max(0, unpaid), dueOn: null };
    }
    return due;
  }

  /** A payment as the portal lists them. */
  type RecordedPayment = { id: number; amountCents: number; receivedOn: string; method: string };

  /**
   * A staff entry, audited, in one transaction. With the form's key it is written once: the same press arriving
   * again answers the entry the first wrote (`created` false); a key that wrote another entry is refused.
   */
  const staffWrite = (
    e: EngagementFacts,
    key: string | undefined,
    entry: Omit<NewEntry, "engagementId" | "source" | "by">,
    actor: Actor,
    audit: (entryId: number) => [event: string, detail: Parameters<typeof auditBy>[3]],
  ): StaffWrite => {
    const source = key === undefined ? null : `form:${key}`;
    const created = db.transaction(() => {
      const id = add({ ...entry, engagementId: e.id, source, by: actor.username });
      if (id !== null) {
        auditBy(db, actor, ...audit(id), now());
        return true;
      }
      const first = source === null ? null : repo.bySource(source);
      if (first?.engagementId !== e.id || first.kind !== entry.kind) throw new ConflictError(M.keyUsed);
      return false;
    })();
    return { created, view: viewOf(e, e.id) };
  };

  /** Entries for these engagements' fees and payments and for these months, each source written once. */
  const backfillOf = db.transaction(
    (batch: {
      engagements: readonly EngagementFacts[];
      payments: (engagementId: number) => readonly RecordedPayment[];
      charges: readonly ChargeFact[];
    }) => {
      let written = 0;
      const count = (id: number | null) => {
        if (id !== null) written++;
      };
      for (const e of batch.engagements) {
        count(recordFee(e));
        for (const p of batch.payments(e.id))
          count(recordPayment({ ...p, engagementId: e.id, paymentId: p.id }));
      }
      for (const c of batch.charges) count(recordCharge(c));
      return written;
    },
  );
  const backfillTx = (sources: {
    payments: (engagementId: number) => readonly RecordedPayment[];
    charges: readonly ChargeFact[];
  }) => backfillOf({ engagements: engagements.all(), ...sources });

  return {
    today,
    /** The engagement's entries (by day, then as written), its balance and, for a retainer, what is left of it. */
    view: (engagementId: number): LedgerView => viewOf(engagements.byId(engagementId), engagementId),
    /**
     * What is due and by when (the portal's Payments card, a statement and its pay link all read this), or
     * null before the letter is signed: nothing is asked of an unsigned engagement.
     */
    due: (engagementId: number): PaymentDue | null =>
      standing(engagements.byId(engagementId), engagementId, null).due,
    /**
     * Every figure as of the end of `asOf`: the entries dated up to it, the balance, the retainer and what is due
     * (a statement through that day reads these, whenever it is issued).
     */
    asOf: (engagementId: number, asOf: string): Standing =>
      standing(engagements.byId(engagementId), engagementId, asOf),
    /** Every engagement with entries: the ones the monthly statements look at. */
    engagementIds: () => repo.engagementIds(),
    /** The desk's ledger of a request: 404 for an unknown request or one without an engagement. */
    forSubmission(submissionId: number): LedgerView {
      const e = engagementOf(submissionId);
      return viewOf(e, e.id);
    },
    /** For the routes' hook: the request and its engagement exist before a body is read. */
    requireEngagement: (submissionId: number) => void engagementOf(submissionId),

    /** The hooks of the other features, each in their own transaction; every one writes once. */
    signed(engagementId: number) {
      const e = engagements.byId(engagementId);
      if (e) recordFee(e);
    },
    paid,
    charged: recordCharge,
    refunded,
    disputed,
    money,
    owed,
    /** What was paid, net of refunds: the work clock reads it against what the letter asks up front. */
    paidCents: (engagementId: number): number => paidCents(entriesOf(engagementId)),
    /** The day payments first added up to `cents` (a monthly engagement's first month), or null. */
    dayPaidReaching: (engagementId: number, cents: number): string | null =>
      dayPaidReaching(entriesOf(engagementId), cents),
    /** The last day of the months raised that payments cover, oldest first (a subscription's paid through). */
    paidThrough: (engagementId: number, months: readonly MonthRaised[]): string | null =>
      paidThrough(entriesOf(engagementId), months),
    /** Every dispute recorded, with the request it is on: the dashboard's line. */
    disputes: (): (PaymentDispute & { engagementId: number | null })[] =>
      repo.disputes().map((d) => ({ ...disputeView(d), engagementId: d.engagementId })),
    /**
     * Entries for what happened before the ledger existed (or while a hook was not wired): every signed flat
     * fee, every payment, every subscription month. Run at each start; a source already written is skipped.
     */
    backfill: backfillTx,
    /**
     * The same for one batch (the server's start, after it listens, a batch at a time: ADR 289), in a transaction
     * of its own; how many entries it wrote.
     */
    backfillBatch: backfillOf,

    recordTime(submissionId: number, input: TimeEntryInput, actor: Actor): StaffWrite {
      const e = signedEngagementOf(submissionId);
      if (!e.hourlyRateCents) throw new ConflictError(M.noRate);
      notAfterToday(input.on);
      const rate = e.hourlyRateCents;
      const amountCents = timeAmountCents(input.minutes, rate);
      const entry = {
        on: input.on,
        kind: "time" as const,
        description: input.description,
        amountCents,
        minutes: input.minutes,
        rateCents: rate,
      };
      return staffWrite(e, input.key, entry, actor, (entryId) => [
        "ledger.time_recorded",
        { submissionId, entryId, minutes: input.minutes, amountCents },
      ]);
    },

    recordExpense(submissionId: number, input: ExpenseEntryInput, actor: Actor): StaffWrite {
      const e = signedEngagementOf(submissionId);
      notAfterToday(input.on);
      if (input.documentId !== undefined && !deps.documentOf(e.id, input.documentId))
        throw new InvalidError({ documentId: [M.documentId] });
      const entry = {
        on: input.on,
        kind: "expense" as const,
        description: input.description,
        amountCents: input.amountCents,
        ...(input.documentId !== undefined ? { documentId: input.documentId } : {}),
      };
      return staffWrite(e, input.key, entry, actor, (entryId) => [
        "ledger.expense_recorded",
        { submissionId, entryId, amountCents: input.amountCents },
      ]);
    },

    /** A correction or a credit on the firm's today; one that corrects names an entry of this engagement. */
    adjust(submissionId: number, input: AdjustmentInput, actor: Actor): StaffWrite {
      const e = signedEngagementOf(submissionId);
      if (input.corrects !== undefined && repo.byId(input.corrects)?.engagementId !== e.id)
        throw new InvalidError({ corrects: [M.corrects] });
      const entry = {
        on: today(),
        kind: "adjustment" as const,
        description: input.description,
        amountCents: input.amountCents,
        ...(input.corrects !== undefined ? { corrects: input.corrects } : {}),
      };
      return staffWrite(e, input.key, entry, actor, (entryId) => [
        "ledger.adjusted",
        { submissionId, entryId, corrects: input.corrects ?? null, amountCents: input.amountCents },
      ]);
    },

    /**
     * Every entry dated from `from` to `to` (the firm's days) across engagements, as the accountant imports
     * them: Date, Client, Reference, Type, Description, Amount in decimal dollars.
     */
    csvRows(from: string, to: string, actor: Actor): string[][] {
      const entries = repo.between(from, to);
      const requests = engagements.submissionsOf(entries.map((e) => e.engagementId));
      const people = new Map<number, ReturnType<PersonOf>>();
      const personOf = (submissionId: number | undefined) => {
        if (submissionId === undefined) return null;
        if (!people.has(submissionId)) people.set(submissionId, deps.personOf(submissionId));
        return people.get(submissionId) ?? null;
      };
      const rows = entries.map((e) => {
        const person = personOf(requests.get(e.engagementId));
        return [
          importDate(e.on),
          person?.name ?? "",
          person?.reference ?? "",
          LEDGER_KIND_LABELS[e.kind],
          e.description,
          decimalDollars(e.amountCents),
        ];
      });
      auditBy(db, actor, "ledger.exported", { from, to, entries: rows.length }, now());
      return rows;
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
