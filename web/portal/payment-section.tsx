import { useClientTimes } from "../lib/dates";
import type { PortalEngagement } from "./portal-api";
import { dollars } from "./portal-api";

/**
 * After the signature: what is paid and owed and where to pay (at the processor, never on this site), then the
 * work clock, then the report's delivery, each replacing the step before it.
 */
export function PaymentSection({ engagement: e }: { engagement: PortalEngagement }) {
  const times = useClientTimes();
  const when = (iso: string | null) => (iso ? times.dateTime(iso) : "");
  return (
    <section aria-labelledby="next-title">
      <h2 id="next-title" className="font-serif text-2xl font-bold text-navy">
        {e.deliveredAt
          ? "Your report is delivered"
          : e.workStartedAt
            ? "Work has started"
            : "Signed: payment"}
      </h2>
      <p className="mt-2 text-ink">Signed {when(e.signedAt)}. A sealed copy was emailed to you.</p>
      {/* Delivered is where the work ends, whatever was paid: no due time is promised after it. */}
      {e.deliveredAt && (
        <p className="mt-2 text-ink">
          Delivered {when(e.deliveredAt)}. Your report is in your documents below.
        </p>
      )}
      {e.workStartedAt ? (
        !e.deliveredAt && (
          <p className="mt-2 text-ink">
            Work started {when(e.workStartedAt)}
            {e.deliveryDueAt
              ? `; delivery is due ${when(e.deliveryDueAt)}.`
              : ": each sweep report is listed below."}
          </p>
        )
      ) : (
        <>
          <p className="mt-2 text-ink">
            Paid {dollars(e.paidCents)}; outstanding {dollars(e.outstandingCents)}. Payment is taken by our
            processor, never on this site.
          </p>
          {e.payment?.url && (
            <a className="btn-gold mt-4 inline-flex" href={e.payment.url} rel="noopener">
              Pay {dollars(e.outstandingCents)}
            </a>
          )}
          {e.payment?.instructions && (
            <p className="mt-4 whitespace-pre-line text-ink">{e.payment.instructions}</p>
          )}
        </>
      )}
    </section>
  );
}
