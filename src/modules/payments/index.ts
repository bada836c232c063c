import type { Sealed } from "../../store";
import type { Auth } from "../auth";
import { processorPaymentsRepo } from "./repo/processor-payments";
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

/** The same address, as a person writes it in either case with spaces around it. */
const sameAddress = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A person's payments as the processor reported them, matched to one of their requests or not (ADR 285): what a
 * data-rights export lists, by the payer's address or by the request a payment was recorded on.
 */
export function processorPaymentsOf(store: Sealed, email: string, submissionIds: readonly number[]) {
  const ids = new Set(submissionIds);
  return processorPaymentsRepo(store)
    .all()
    .filter((p) => sameAddress(p.payer, email) || (p.submissionId !== null && ids.has(p.submissionId)))
    .map(({ eventId: _, ...p }) => p);
}

/**
 * Takes a person's address off the processor's payments no request holds (unmatched or dismissed): an erasure's
 * part here; a payment recorded on a request goes with that request. Answers how many were changed.
 */
export function forgetProcessorPayer(store: Sealed, email: string): number {
  const repo = processorPaymentsRepo(store);
  let changed = 0;
  for (const p of repo.all())
    if (
      (p.state === "unmatched" || p.state === "dismissed") &&
      sameAddress(p.payer, email) &&
      repo.clearPayer(p.id)
    )
      changed++;
  return changed;
}
