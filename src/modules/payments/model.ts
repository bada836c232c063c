import * as v from "valibot";
import { type MatchPaymentInput, MatchPaymentSchema, type UnmatchedReason } from "../../contracts/payments";

export { type MatchPaymentInput, MatchPaymentSchema };

/** How a Stripe payment is named: as the processor (the audit's author), and as the payment's method. */
export const STRIPE = { processor: "stripe", actor: "Stripe", method: "card (Stripe)" } as const;

/** The events that say a Checkout Session is paid: at once (cards), or later (bank debits, which start unpaid). */
export const PAID_SESSION_EVENTS: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/** Amounts are recorded in cents: only US dollars are recorded by themselves. */
export const RECORDED_CURRENCY = "usd";

/** The largest payment the desk can record (PaymentSchema), so a webhook records nothing the desk could not. */
export const AMOUNT_MAX_CENTS = 100_000_000;

/** A Stripe body is a few kilobytes; this leaves room for any session and refuses anything larger at once. */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;

export const PAYMENTS_MESSAGES = {
  notConfigured:
    "Stripe payments are not set up on this server: set STRIPE_WEBHOOK_SECRET to the endpoint's signing secret.",
  signature: "The Stripe-Signature header does not match this body, or is too old.",
  json: "The body is not JSON.",
  event: "The body is not a Stripe event.",
  created: "The event's created time is not a time: Stripe sends whole seconds since 1970.",
  session: "The event's Checkout Session is not readable.",
  charge: "The event's Charge is not readable.",
  dispute: "The event's Dispute is not readable.",
  notFound: "No unmatched payment has this id.",
  settled: "This payment was already matched or dismissed.",
  currency: "This payment is not in US dollars: record it by hand on the request and dismiss it here.",
  noEngagement: "No request with an engagement has this reference.",
} as const;

/** The parts of an event this server reads; anything else in it is ignored. `created` is checked on its own. */
export const StripeEventSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  type: v.string(),
  created: v.number(),
  data: v.object({ object: v.unknown() }),
});

/** The last second a date can name (9999-12-31T23:59:59Z): a `created` past it is no time at all. */
const CREATED_MAX_SECONDS = 253_402_300_799;

/** Whether an event's `created` can be a time: whole seconds, not before 1970, not past year 9999. */
export const isCreatedTime = (created: number) =>
  Number.isSafeInteger(created) && created >= 0 && created <= CREATED_MAX_SECONDS;

/**
 * The instant a paid session is dated (ms): Stripe's `created` when it lies within the signature's tolerance of
 * the time the delivery was received (the signature vouches for that window, no further), else the time received.
 * Never later than the time received, so a payment is never dated after the day it arrived.
 */
export function paidAtMs(createdSeconds: number, receivedAtMs: number, toleranceSeconds: number): number {
  const createdMs = createdSeconds * 1000;
  if (Math.abs(createdMs - receivedAtMs) > toleranceSeconds * 1000) return receivedAtMs;
  return Math.min(createdMs, receivedAtMs);
}

/** The parts of a Checkout Session this server reads (Stripe's API reference, "The Checkout Session object"). */
export const CheckoutSessionSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  payment_status: v.string(),
  client_reference_id: v.nullish(v.string()),
  amount_total: v.nullish(v.pipe(v.number(), v.integer())),
  currency: v.nullish(v.string()),
  // An id, or the whole object when the event was sent with it expanded.
  payment_intent: v.nullish(v.union([v.string(), v.object({ id: v.string() })])),
  customer_details: v.nullish(v.object({ email: v.nullish(v.string()) })),
});
export type CheckoutSession = v.InferOutput<typeof CheckoutSessionSchema>;

/** A refund of a payment (Stripe's `charge.refunded`): the charge, what it paid and the total refunded of it. */
export const REFUND_EVENT = "charge.refunded";
/** A dispute opened on a payment by the card's holder (Stripe's `charge.dispute.created`). */
export const DISPUTE_EVENT = "charge.dispute.created";

const intentId = v.nullish(v.union([v.string(), v.object({ id: v.string() })]));
/** An id, or the whole object when the event was sent with it expanded. */
export const idOf = (x: string | { id: string } | null | undefined): string | null =>
  typeof x === "string" ? x : (x?.id ?? null);

/** The parts of a Charge this server reads (Stripe's API reference, "The Charge object"). */
export const RefundedChargeSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  payment_intent: intentId,
  amount_refunded: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.nullish(v.string()),
});

/** The parts of a Dispute this server reads (Stripe's API reference, "The Dispute object"). */
export const DisputeSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  payment_intent: intentId,
  reason: v.nullish(v.string()),
});

/** Why a payment waits for staff, from what it came with. */
export function unmatchedReason(p: { reference: string | null; currency: string }): UnmatchedReason {
  if (p.currency !== RECORDED_CURRENCY) return "currency";
  return p.reference === null ? "no-reference" : "unknown-reference";
}

/** What the webhook did with an event, as its answer and the log say. */
export type WebhookOutcome = "recorded" | "unmatched" | "replay" | "ignored";
