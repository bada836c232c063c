import { FileText, Send } from "lucide-react";
import { useEffect, useState } from "react";
import type { EngagementDraft, EngagementView } from "../../../src/contracts/portal";
import { apiRequest, getJson } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { type EngagementAnswer, EVENT_LABELS, engagementApi, money } from "./engagement-api";
import { EngagementDraftForm } from "./engagement-draft-form";
import { EngagementPaymentForm } from "./engagement-payment-form";

const STATUS_TEXT: Record<EngagementView["status"], string> = {
  draft: "Draft: not sent to the client yet",
  sent: "Sent: waiting for the client's signature",
  signed: "Signed: waiting for payment",
  engaged: "Engaged: work has started",
};

const At = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/**
 * The request's engagement in the desk: prepare the letter's terms, read the letter as the client will, send
 * the portal link, record payments, and follow each step to the work clock.
 */
export function EngagementPanel({ submissionId }: { submissionId: number }) {
  const [engagement, setEngagement] = useState<EngagementView | null>(null);
  const [defaults, setDefaults] = useState<EngagementDraft | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    getJson<EngagementAnswer>([engagementApi.one(submissionId)]).then(
      (a) => {
        if (!live) return;
        if (a.engagement) setEngagement(a.engagement);
        else setDefaults(a.defaults);
      },
      (error) =>
        live &&
        toast({
          title: "Could Not Load the Engagement",
          description: serverMessage(error, "Reload the page to try again."),
          variant: "destructive",
        }),
    );
    return () => {
      live = false;
    };
  }, [submissionId]);

  const send = async () => {
    setSending(true);
    try {
      const res = await apiRequest("POST", engagementApi.send(submissionId));
      const { linkExpiresAt } = (await res.json()) as { linkExpiresAt: string };
      toast({
        title: "Link Sent",
        description: `The client's portal link goes out now; it works until ${formatDateTime(linkExpiresAt)}.`,
      });
      const again = await getJson<EngagementAnswer>([engagementApi.one(submissionId)]);
      if (again.engagement) setEngagement(again.engagement);
    } catch (error) {
      toast({
        title: "Link Not Sent",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  };

  const e = engagement;
  const locked = e?.status === "signed" || e?.status === "engaged";
  const start: EngagementDraft | null = e
    ? {
        scope: e.scope,
        feeCents: e.feeCents,
        feeKind: e.feeKind,
        turnaroundBusinessDays: e.turnaroundBusinessDays,
        expedite: e.expedite,
      }
    : defaults;

  return (
    <section
      aria-labelledby="engagement-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="engagement-title" className="font-serif text-xl font-bold text-navy">
        Engagement
      </h2>
      {!start ? (
        <p className="mt-2 text-sm text-ink-muted">Loading the engagement...</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {e ? STATUS_TEXT[e.status] : "Not prepared yet: the terms below come from the requested service."}
          </p>
          {e && <EngagementFacts engagement={e} />}
          {!locked && (
            <div className="mt-6">
              <h3 className="font-semibold text-ink">Letter terms</h3>
              <div className="mt-3">
                <EngagementDraftForm
                  key={e ? "saved" : "new"}
                  submissionId={submissionId}
                  start={start}
                  saved={e !== null}
                  onSaved={setEngagement}
                />
              </div>
            </div>
          )}
          {e && (
            <div className="mt-4 flex flex-wrap gap-3">
              <a
                href={engagementApi.letter(submissionId)}
                target="_blank"
                rel="noopener"
                className="btn-base w-full border-2 border-navy text-navy hover:bg-surface sm:w-auto"
              >
                <FileText className="size-4" aria-hidden="true" />
                {e.signedAt ? "View the Signed Letter (PDF)" : "View the Letter (PDF)"}
              </a>
              {!locked && (
                <button
                  type="button"
                  onClick={send}
                  disabled={sending}
                  className="btn-navy w-full disabled:opacity-70 sm:w-auto sm:justify-self-start"
                >
                  <Send className="size-4" aria-hidden="true" />
                  {sending ? "Sending..." : e.sentAt ? "Send a New Link" : "Send to the Client"}
                </button>
              )}
            </div>
          )}
          {e && e.status !== "draft" && (
            <div className="mt-6">
              <h3 className="font-semibold text-ink">Payments</h3>
              <p className="mt-1 text-sm text-ink">
                Paid <strong>{money(e.paidCents)}</strong>; outstanding{" "}
                <strong>{money(e.outstandingCents)}</strong>
              </p>
              {e.payments.length > 0 && (
                <ul className="mt-2 grid gap-1 text-sm text-ink-muted">
                  {e.payments.map((p) => (
                    <li key={p.id}>
                      {money(p.amountCents)} received {p.receivedOn} ({p.method})
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3">
                <EngagementPaymentForm
                  key={e.payments.length}
                  submissionId={submissionId}
                  engagement={e}
                  onSaved={setEngagement}
                />
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function EngagementFacts({ engagement: e }: { engagement: EngagementView }) {
  return (
    <>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {e.linkExpiresAt && !e.signedAt && (
          <Fact label="Link works until">
            <At iso={e.linkExpiresAt} />
          </Fact>
        )}
        {e.workStartedAt && (
          <Fact label="Work started">
            <At iso={e.workStartedAt} />
          </Fact>
        )}
        {/* Once the report is delivered nothing is due: the delivery's time replaces the due time. */}
        {e.deliveredAt ? (
          <Fact label="Delivered">
            <At iso={e.deliveredAt} />
          </Fact>
        ) : (
          e.deliveryDueAt && (
            <Fact label="Delivery due">
              <At iso={e.deliveryDueAt} />
            </Fact>
          )
        )}
        {e.signedName && <Fact label="Signed by">{e.signedName}</Fact>}
        {e.letterSha256 && (
          <Fact label="Signed letter SHA-256" wide>
            <code className="break-all font-mono text-xs">{e.letterSha256}</code>
          </Fact>
        )}
      </dl>
      {e.events.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-ink">Steps</h3>
          <ol className="mt-2 grid gap-1 text-sm">
            {e.events.map((ev) => (
              <li key={`${ev.kind}-${ev.at}`} className="flex flex-wrap justify-between gap-x-3">
                <span className="text-ink">{EVENT_LABELS[ev.kind] ?? ev.kind}</span>
                <span className="text-ink-muted">
                  <At iso={ev.at} />
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-semibold text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}
