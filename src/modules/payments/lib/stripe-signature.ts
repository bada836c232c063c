/**
 * Stripe's webhook signature, checked by Stripe's own package: the HMAC of the timestamp and the raw body under
 * the endpoint's secret, and the timestamp within five minutes of when the body arrived (so a captured delivery
 * cannot be replayed later). No network is involved.
 *
 * The package is loaded at the first delivery, not at start (ADR 236): most servers never receive one.
 */

/** Stripe's own tolerance, stated here so the server's clock and the package agree on it. */
export const STRIPE_TOLERANCE_SECONDS = 300;

export type Verified =
  | { ok: true; event: unknown }
  | { ok: false; reason: "signature" | "json"; detail: string };

type StripeModule = typeof import("stripe");
let loading: Promise<StripeModule> | undefined;
const stripeModule = () => {
  loading ??= import("stripe");
  return loading;
};

/**
 * The event the body holds when its Stripe-Signature header is good at `receivedAt` (the server's clock, in
 * ms), else why not: a signature that does not match, is too old or is missing, or a body that is not JSON.
 */
export async function verifyStripeSignature(
  body: Uint8Array,
  header: string,
  secret: string,
  receivedAt: number,
): Promise<Verified> {
  const { default: Stripe } = await stripeModule();
  try {
    const event = await Stripe.webhooks.constructEventAsync(
      body,
      header,
      secret,
      STRIPE_TOLERANCE_SECONDS,
      undefined,
      receivedAt,
    );
    return { ok: true, event };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reason: "json", detail: error.message };
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      return { ok: false, reason: "signature", detail: error.message };
    throw error;
  }
}
