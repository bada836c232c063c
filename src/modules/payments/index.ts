import type { Auth } from "../auth";
import { stripeWebhookRoutes, unmatchedPaymentsRoutes } from "./routes";
import { createPaymentsService, type PaymentsDeps } from "./service";

/**
 * Payments that record themselves (issue 30): Stripe's webhook records a paid Checkout Session on the engagement
 * its reference names, through the desk's own path (`record`); what names none waits on the dashboard for staff
 * to match or dismiss.
 */
export function createPayments(
  deps: PaymentsDeps & { auth: Pick<Auth, "requireAdmin">; trustProxy: boolean },
) {
  const service = createPaymentsService(deps);
  return {
    service,
    /** The webhook, open to Stripe: its signature is the check. */
    webhook: stripeWebhookRoutes({ service, trustProxy: deps.trustProxy }),
    /** The desk's routes, behind the sign-in (its guard is scoped: kept apart from the webhook). */
    staffRoutes: unmatchedPaymentsRoutes({ service, auth: deps.auth, trustProxy: deps.trustProxy }),
  };
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { WEBHOOK_BODY_MAX_BYTES } from "./model";
export type { RecordedPayment } from "./service";
