import * as v from "valibot";
import {
  BadRequestError,
  ConflictError,
  InvalidError,
  NotFoundError,
  UnavailableError,
} from "../../contracts/errors";
import type { UnmatchedPayment } from "../../contracts/payments";
import type { Logger } from "../../log";
import type { Sealed } from "../../store";
import type { Actor } from "../audit";
import { writeAudit } from "../audit";
import { type DisputeFact, type PaymentDispute, PaymentRecordedError, type RefundFact } from "../ledger";
import { STRIPE_TOLERANCE_SECONDS, verifyStripeSignature } from "./lib/stripe-signature";
import {
  AMOUNT_MAX_CENTS,
  type CheckoutSession,
  CheckoutSessionSchema,
  DISPUTE_EVENT,
  DisputeSchema,
  idOf,
  isCreatedTime,
  type MatchPaymentInput,
  PAID_SESSION_EVENTS,
  PAYMENTS_MESSAGES,
  paidAtMs,
  RECORDED_CURRENCY,
  REFUND_EVENT,
  RefundedChargeSchema,
  STRIPE,
  StripeEventSchema,
  unmatchedReason,
  type WebhookOutcome,
} from "./model";
import { type ProcessorPaymentRow, processorPaymentsRepo } from "./repo/processor-payments";

/** What a processor payment paid, as the ledger keys it: the processor's name before each id. */
const processorRefs = (p: Pick<ProcessorPaymentRow, "processor" | "objectId" | "paymentIntent">) => ({
  object: `${p.processor}:${p.objectId}`,
  intent: p.paymentIntent ? `${p.processor}:${p.paymentIntent}` : null,
});

/**
 * A payment as the desk records one (the portal's PaymentSchema), with what it paid at the processor: the
 * ledger records one payment per Checkout Session and per PaymentIntent (ADR 281).
 */
export type RecordedPayment = {
  amountCents: number;
  receivedOn: string;
  method: string;
  processor: { object: string; intent: string | null };
};

export type PaymentsDeps = {
  store: Sealed;
  /** STRIPE_WEBHOOK_SECRET: without it the endpoint answers 503, so Stripe keeps the events and retries. */
  stripeWebhookSecret: string | undefined;
  /** The firm's calendar: the day a payment was made is the firm's day. */
  calendar: { local(at: Date): { date: string } };
  logger: Logger;
  now: () => Date;
  /**
   * Records a payment on the request a reference names, through the desk's own path (the work clock, the
   * month of a subscription and the audit follow as for a payment staff record): the request's id, or null
   * when the reference names no request with an engagement. Runs inside this feature's transaction.
   */
  record: (reference: string, payment: RecordedPayment, actor: Actor) => number | null;
  /**
   * What the processor says of a payment besides that it was made, told to the ledger (ADR 285): a refund is an
   * entry correcting the payment, a dispute is recorded beside it; the dashboard lists the disputes.
   */
  ledger: {
    refunded(r: RefundFact): { engagementId: number; entryId: number | null } | null;
    disputed(d: DisputeFact): { created: boolean; engagementId: number | null };
    disputes(): (PaymentDispute & { engagementId: number | null })[];
  };
  /** The request of an engagement, for the dashboard's line. */
  requestOf?: (engagementId: number) => { submissionId: number; reference: string } | null;
};

/** Payments the firm's processor reports (the webhook) and the desk's matching of those that named no engagement. */
export function createPaymentsService(deps: PaymentsDeps) {
  const { store, logger, now } = deps;
  const { db } = store;
  const repo = processorPaymentsRepo(store);
  const paymentOf = (p: ProcessorPaymentRow): RecordedPayment => ({
    amountCents: p.amountCents,
    receivedOn: p.paidOn,
    method: STRIPE.method,
    processor: processorRefs(p),
  });

  /**
   * A paid Checkout Session: stored once per session and per PaymentIntent (whatever the event's id or type:
   * a retry, the same session sent under another event, `async_payment_succeeded` after `completed`), then
   * recorded on the engagement its reference names, all in one transaction, so a repeat records nothing more and
   * a failure leaves nothing half done for the retry to trip on. The ledger keys the payment on the session and
   * the intent too: a copy that got past this (stored by an earlier version) is refused there.
   */
  function paidSession(eventId: string, created: number, s: CheckoutSession, clientAddress: string) {
    const at = now();
    const reference = s.client_reference_id?.trim() || null;
    const amountCents = s.amount_total ?? 0;
    if (amountCents < 1 || amountCents > AMOUNT_MAX_CENTS) {
      logger.warn("stripe_payment_amount_refused", { eventId, amountCents });
      return "ignored" as const;
    }
    const paidAt = paidAtMs(created, at.getTime(), STRIPE_TOLERANCE_SECONDS);
    if (paidAt !== created * 1000)
      logger.warn("stripe_event_dated_received", { eventId, created, receivedAt: at.toISOString() });
    const payment = {
      processor: STRIPE.processor,
      eventId,
      objectId: s.id,
      paymentIntent: typeof s.payment_intent === "string" ? s.payment_intent : (s.payment_intent?.id ?? null),
      reference,
      amountCents,
      currency: (s.currency ?? "").toLowerCase(),
      paidOn: deps.calendar.local(new Date(paidAt)).date,
      payer: s.customer_details?.email ?? null,
      receivedAt: at.toISOString(),
    };
    const actor: Actor = { id: 0, username: STRIPE.actor, clientAddress };
    const record = db.transaction((): { outcome: WebhookOutcome; submissionId?: number } => {
      if (repo.paying(payment)) return { outcome: "replay" };
      const id = repo.add(payment);
      if (id === null) return { outcome: "replay" };
      if (payment.currency !== RECORDED_CURRENCY || reference === null) return { outcome: "unmatched" };
      const stored = repo.byId(id) as ProcessorPaymentRow;
      const submissionId = deps.record(reference, paymentOf(stored), actor);
      if (submissionId === null) return { outcome: "unmatched" };
      repo.settle(id, { state: "recorded", submissionId, by: STRIPE.actor, at: at.toISOString() });
      return { outcome: "recorded", submissionId };
    });
    const outcome = replayIfRecorded(record);
    const fields = { eventId, objectId: s.id, reference, amountCents, currency: payment.currency };
    if (outcome.outcome === "unmatched") logger.warn("stripe_payment_unmatched", fields);
    else if (outcome.outcome === "recorded")
      logger.info("stripe_payment_recorded", { ...fields, submissionId: outcome.submissionId });
    else logger.info("stripe_event_repeated", { eventId });
    return outcome.outcome;
  }

  /** The firm's day of an event: its `created`, within the signature's tolerance of when it arrived. */
  const eventDay = (created: number) =>
    deps.calendar.local(new Date(paidAtMs(created, now().getTime(), STRIPE_TOLERANCE_SECONDS))).date;

  /**
   * A refund: the ledger writes what is new of the charge's refunded total as an entry correcting the payment,
   * once per total, so a repeated event writes nothing more. A refund of a payment the ledger does not hold (one
   * that waits for staff) is left to them.
   */
  function refund(eventId: string, created: number, object: unknown): WebhookOutcome {
    const charge = v.safeParse(RefundedChargeSchema, object);
    if (!charge.success) throw new BadRequestError(PAYMENTS_MESSAGES.charge);
    const { id, amount_refunded: refunded, currency } = charge.output;
    const intent = idOf(charge.output.payment_intent);
    if (intent === null || (currency ?? "").toLowerCase() !== RECORDED_CURRENCY || refunded < 1) {
      logger.warn("stripe_refund_unmatched", { eventId, charge: id, intent });
      return "unmatched";
    }
    const recorded = db.transaction(() =>
      deps.ledger.refunded({
        intent: `${STRIPE.processor}:${intent}`,
        object: `${STRIPE.processor}:${id}`,
        refundedTotalCents: refunded,
        on: eventDay(created),
        by: STRIPE.actor,
      }),
    )();
    if (!recorded) {
      logger.warn("stripe_refund_unmatched", { eventId, charge: id, intent });
      return "unmatched";
    }
    if (recorded.entryId === null) {
      logger.info("stripe_event_repeated", { eventId });
      return "replay";
    }
    logger.info("stripe_refund_recorded", {
      eventId,
      charge: id,
      engagementId: recorded.engagementId,
      refunded,
    });
    return "recorded";
  }

  /** A dispute, recorded once beside the payment it names: the dashboard and the engagement show it. */
  function dispute(eventId: string, created: number, object: unknown): WebhookOutcome {
    const parsed = v.safeParse(DisputeSchema, object);
    if (!parsed.success) throw new BadRequestError(PAYMENTS_MESSAGES.dispute);
    const intent = idOf(parsed.output.payment_intent);
    const d = db.transaction(() =>
      deps.ledger.disputed({
        dispute: `${STRIPE.processor}:${parsed.output.id}`,
        intent: intent === null ? null : `${STRIPE.processor}:${intent}`,
        reason: parsed.output.reason ?? "unknown",
        on: eventDay(created),
      }),
    )();
    if (!d.created) {
      logger.info("stripe_event_repeated", { eventId });
      return "replay";
    }
    logger.warn("stripe_dispute_opened", {
      eventId,
      dispute: parsed.output.id,
      engagementId: d.engagementId,
    });
    return d.engagementId === null ? "unmatched" : "recorded";
  }

  return {
    /**
     * A delivery to the Stripe webhook: `body` exactly as it arrived (the signature is over its bytes). A bad
     * or stale signature and a body that is not a readable event are 400 and store nothing; any other event
     * is acknowledged and ignored.
     */
    async stripe(body: Uint8Array, signature: string, clientAddress: string): Promise<WebhookOutcome> {
      const secret = deps.stripeWebhookSecret;
      if (!secret) throw new UnavailableError(PAYMENTS_MESSAGES.notConfigured, 3600);
      const verified = await verifyStripeSignature(body, signature, secret, now().getTime());
      if (!verified.ok) {
        logger.warn("stripe_webhook_refused", { reason: verified.reason, detail: verified.detail });
        throw new BadRequestError(PAYMENTS_MESSAGES[verified.reason]);
      }
      const event = v.safeParse(StripeEventSchema, verified.event);
      if (!event.success) throw new BadRequestError(PAYMENTS_MESSAGES.event);
      const { id, type, created, data } = event.output;
      if (!isCreatedTime(created)) {
        logger.warn("stripe_webhook_refused", { reason: "created", eventId: id, created });
        throw new BadRequestError(PAYMENTS_MESSAGES.created);
      }
      if (type === REFUND_EVENT) return refund(id, created, data.object);
      if (type === DISPUTE_EVENT) return dispute(id, created, data.object);
      if (!PAID_SESSION_EVENTS.has(type)) {
        logger.info("stripe_event_ignored", { eventId: id, type });
        return "ignored";
      }
      const session = v.safeParse(CheckoutSessionSchema, data.object);
      if (!session.success) throw new BadRequestError(PAYMENTS_MESSAGES.session);
      if (session.output.payment_status !== "paid") {
        logger.info("stripe_event_ignored", {
          eventId: id,
          type,
          paymentStatus: session.output.payment_status,
        });
        return "ignored";
      }
      return paidSession(id, created, session.output, clientAddress);
    },

    /** Every dispute the processor opened, oldest first, with its request when the ledger holds the payment. */
    disputes() {
      return deps.ledger.disputes().map(({ engagementId, ...d }) => {
        const request = engagementId === null ? null : (deps.requestOf?.(engagementId) ?? null);
        return { ...d, submissionId: request?.submissionId ?? null, reference: request?.reference ?? null };
      });
    },

    /** What waits for staff: oldest first. */
    unmatched(): UnmatchedPayment[] {
      return repo.unmatched().map(({ eventId: _e, state: _s, submissionId: _r, receivedAt: _a, ...p }) => ({
        ...p,
        processor: STRIPE.actor,
        reason: unmatchedReason(p),
      }));
    },

    /** Staff match a payment to the request it belongs to: recorded there as the webhook would have. */
    match(id: number, input: MatchPaymentInput, actor: Actor): { submissionId: number } {
      const at = now();
      return db.transaction(() => {
        const p = open(id);
        if (p.currency !== RECORDED_CURRENCY) throw new ConflictError(PAYMENTS_MESSAGES.currency);
        const submissionId = deps.record(input.reference, paymentOf(p), actor);
        if (submissionId === null) throw new InvalidError({ reference: [PAYMENTS_MESSAGES.noEngagement] });
        repo.settle(id, { state: "matched", submissionId, by: actor.username, at: at.toISOString() });
        writeAudit(store, {
          event: "payment.matched",
          actor,
          detail: { paymentId: id, submissionId, amountCents: p.amountCents, objectId: p.objectId },
          at,
        });
        return { submissionId };
      })();
    },

    /** Staff set a payment aside (a test payment, one recorded by hand already): it leaves the list. */
    dismiss(id: number, actor: Actor): void {
      const at = now();
      db.transaction(() => {
        const p = open(id);
        repo.settle(id, { state: "dismissed", submissionId: null, by: actor.username, at: at.toISOString() });
        writeAudit(store, {
          event: "payment.dismissed",
          actor,
          detail: { paymentId: id, amountCents: p.amountCents, objectId: p.objectId },
          at,
        });
      })();
    },
  };

  /** The transaction's outcome, or a replay when the ledger holds the session or intent it pays already. */
  function replayIfRecorded(run: () => { outcome: WebhookOutcome; submissionId?: number }) {
    try {
      return run();
    } catch (error) {
      if (error instanceof PaymentRecordedError) return { outcome: "replay" as const };
      throw error;
    }
  }

  /** An unmatched payment, or why it cannot be acted on. */
  function open(id: number): ProcessorPaymentRow {
    const p = repo.byId(id);
    if (!p) throw new NotFoundError(PAYMENTS_MESSAGES.notFound);
    if (p.state !== "unmatched") throw new ConflictError(PAYMENTS_MESSAGES.settled);
    return p;
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
