import Stripe from "stripe";

/**
 * A Checkout Session completed event as Stripe sends it (the fields this server reads and some it does not), made
 * `at` (now unless told), for a session of $3,500 paid by card; `session` replaces any of the session's fields.
 */
export function checkoutSessionEvent(
  id: string,
  opts: { at?: Date; session?: Record<string, unknown>; type?: string } = {},
): string {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-09-30",
    created: Math.floor((opts.at ?? new Date()).getTime() / 1000) - 2,
    type: opts.type ?? "checkout.session.completed",
    livemode: false,
    data: {
      object: {
        id: `cs_test_${id}`,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        status: "complete",
        amount_total: 350_000,
        currency: "usd",
        payment_intent: `pi_${id}`,
        customer_details: { email: "dana@whitfieldmoss.example", name: "Dana Whitfield" },
        ...opts.session,
      },
    },
  });
}

/** The Stripe-Signature header for `payload` as Stripe signs it, by the stripe package's own helper, at `at`. */
export const stripeSignature = (payload: string, secret: string, at?: Date): Promise<string> =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    ...(at ? { timestamp: Math.floor(at.getTime() / 1000) } : {}),
  });
