import * as v from "valibot";
import { decimalDollars } from "./money";

/**
 * Payments the firm's card processor reports by webhook (issue 30, ADRs 256 and 257), as the desk reads them:
 * the ones that named no engagement wait on the dashboard for staff to match to a request or dismiss.
 */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe";
export const UNMATCHED_PAYMENTS_API = "/api/admin/payments/unmatched";
export const unmatchedPaymentPath = (id: number, action: "match" | "dismiss") =>
  `${UNMATCHED_PAYMENTS_API}/${id}/${action}`;

/**
 * The firm's payment link for an amount: its PAYMENT_URL with the reference and the amount (decimal dollars)
 * filled in, the same link on the portal's Payments card and on a statement; null when the firm set none.
 */
export function payLink(template: string | undefined, reference: string, cents: number): string | null {
  return filledPayment(template, reference, cents, encodeURIComponent);
}

/**
 * The firm's PAYMENT_INSTRUCTIONS for an amount: `{reference}` and `{amount}` filled in as in the payment link
 * (the reference as written, not encoded for an address), so "Quote {reference}" reads "Quote IR-…"; null when
 * the firm set none.
 */
export function payInstructions(
  template: string | undefined,
  reference: string,
  cents: number,
): string | null {
  return filledPayment(template, reference, cents, (r) => r);
}

/** The one filling of the payment settings' placeholders, for a link and for the words alike. */
function filledPayment(
  template: string | undefined,
  reference: string,
  cents: number,
  encode: (reference: string) => string,
): string | null {
  return (
    template?.replaceAll("{reference}", encode(reference)).replaceAll("{amount}", decimalDollars(cents)) ??
    null
  );
}

/** Why a reported payment could not be recorded by itself. */
export type UnmatchedReason = "no-reference" | "unknown-reference" | "currency";

export type UnmatchedPayment = {
  id: number;
  /** The processor as staff know it ("Stripe"). */
  processor: string;
  /** The processor's id of what was paid (a Checkout Session) and of the payment itself, to find it there. */
  objectId: string;
  paymentIntent: string | null;
  /** The reference the payment came with, as sent: possibly mistyped, possibly none. */
  reference: string | null;
  amountCents: number;
  currency: string;
  /** The firm's day the processor completed the payment (YYYY-MM-DD). */
  paidOn: string;
  /** The payer's e-mail as the processor took it, when it gave one. */
  payer: string | null;
  reason: UnmatchedReason;
};

export const UNMATCHED_REASON_WORDS: Record<UnmatchedReason, string> = {
  "no-reference": "came with no reference",
  "unknown-reference": "names no engagement",
  currency: "is not in US dollars: record it by hand",
};

/** POST /api/admin/payments/unmatched/:id/match: the request whose reference the payment belongs to. */
export const MatchPaymentSchema = v.object({
  reference: v.pipe(
    v.string("Enter the request's reference"),
    v.trim(),
    v.toUpperCase(),
    v.minLength(1, "Enter the request's reference"),
    v.maxLength(40, "A reference is at most 40 characters"),
  ),
});
export type MatchPaymentInput = v.InferOutput<typeof MatchPaymentSchema>;
