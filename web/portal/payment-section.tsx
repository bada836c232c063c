import { CreditCard } from "lucide-react";
import { dollars } from "../../src/contracts/money";
import { formatLongDate, useClientTimes } from "../lib/dates";
import type { PortalEngagement } from "./portal-api";

/**
 * After the signature: the Payments card (what is due, by when, and the Pay button at the firm's processor, or
 * the firm's words on how to pay; the retainer held, drawn and remaining; the last payment; monitoring's next
 * charge), then the work clock and the report's delivery. Every figure is the server's, drawn from the ledger
 * (`payment`, `money`, ADR 285): the card adds nothing up.
 */
export function PaymentSection({ engagement: e }: { engagement: PortalEngagement }) {
  const p = e.payment;
  const due = p?.amountDueCents ?? e.outstandingCents;
  const times = useClientTimes();
  const when = (iso: string | null) => (iso ? times.dateTime(iso) : "");
  const { retainer, lastPayment } = e.money;
  const nextCharge = e.subscription?.nextChargeOn ?? null;
  return (
    <section id="payment" aria-labelledby="payment-title" className="scroll-mt-6 space-y-4">
      <h2 id="payment-title" className="font-serif text-2xl font-bold text-navy sm:text-3xl">
        {e.deliveredAt ? "Your report is delivered" : e.workStartedAt ? "Work has started" : "Payment due"}
      </h2>
      {/* Said only once the mail server took it: mail not configured yet, or retrying, sends nothing. */}
      <p className="text-ink">
        Signed {when(e.signedAt)}.{" "}
        {e.signedCopyMailedAt
          ? "A sealed copy was emailed to you."
          : "Your sealed copy is ready to download with the letter above."}
      </p>
      {/* Delivered is where the work ends, whatever was paid: no due time is promised after it. */}
      {e.deliveredAt && (
        <p className="text-ink">Delivered {when(e.deliveredAt)}. Your report is in your documents below.</p>
      )}
      {e.workStartedAt && !e.deliveredAt && (
        <p className="text-ink">
          Work started {when(e.workStartedAt)}
          {e.deliveryDueAt
            ? `; delivery is due ${when(e.deliveryDueAt)}.`
            : ": each sweep report is listed below."}
        </p>
      )}
      <article
        aria-labelledby="payments-card-title"
        className="rounded-xl border border-line bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h3 id="payments-card-title" className="flex items-center gap-2 font-semibold text-ink">
              <CreditCard className="size-5 text-navy" aria-hidden="true" />
              Payments
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-x-8 gap-y-3 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-ink-muted">Amount due</dt>
                <dd className="mt-0.5 font-serif text-3xl font-bold text-navy">{dollars(due)}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Due by</dt>
                <dd className="mt-0.5 text-lg font-semibold text-ink">
                  {p?.dueOn ? formatLongDate(p.dueOn) : due === 0 ? "Nothing due" : "Billed monthly"}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Paid so far</dt>
                <dd className="mt-0.5 text-lg font-semibold text-ink">{dollars(e.paidCents)}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Last payment</dt>
                <dd className="mt-0.5 text-lg font-semibold text-ink">
                  {lastPayment
                    ? `${dollars(lastPayment.amountCents)} on ${formatLongDate(lastPayment.on)}`
                    : "None yet"}
                </dd>
              </div>
              {nextCharge && e.subscription && (
                <div>
                  <dt className="text-sm text-ink-muted">Next monitoring charge</dt>
                  <dd className="mt-0.5 text-lg font-semibold text-ink">
                    {dollars(e.subscription.monthlyCents)} on {formatLongDate(nextCharge)}
                  </dd>
                </div>
              )}
            </dl>
            {retainer && (
              <section aria-labelledby="retainer-title" className="mt-4">
                <h4 id="retainer-title" className="text-sm font-semibold text-ink">
                  Retainer
                </h4>
                <dl className="mt-2 grid grid-cols-3 gap-x-8 gap-y-2">
                  <div>
                    <dt className="text-sm text-ink-muted">Held</dt>
                    <dd className="mt-0.5 font-semibold text-ink">{dollars(retainer.heldCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-ink-muted">Drawn</dt>
                    <dd className="mt-0.5 font-semibold text-ink">{dollars(retainer.drawnCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-ink-muted">Remaining</dt>
                    <dd className="mt-0.5 font-semibold text-ink">{dollars(retainer.remainingCents)}</dd>
                  </div>
                </dl>
              </section>
            )}
          </div>
          {due > 0 && p?.payUrl && (
            <a className="btn-gold w-full justify-center sm:w-auto" href={p.payUrl} rel="noopener">
              Pay {dollars(due)}
            </a>
          )}
        </div>
        {due > 0 && p?.payUrl && (
          <p className="mt-3 text-sm text-ink-muted">
            You pay at our payment processor, never on this site; your reference {e.reference} goes with it.
          </p>
        )}
        {due > 0 && p?.instructions && (
          <div className="mt-4 rounded-lg bg-paper p-4">
            <p className="font-semibold text-ink">
              {p.payUrl ? "Or pay another way" : "How to pay"}
              <span className="ml-2 font-normal text-ink-muted">Your reference: {e.reference}</span>
            </p>
            <p className="mt-1 whitespace-pre-line text-ink">{p.instructions}</p>
          </div>
        )}
        {due > 0 && !p?.payUrl && !p?.instructions && (
          <p className="mt-4 text-ink">
            We will send you how to pay. Quote your reference {e.reference} with your payment.
          </p>
        )}
        {due === 0 && <p className="mt-3 text-ink">Thank you: nothing is due now.</p>}
      </article>
    </section>
  );
}
