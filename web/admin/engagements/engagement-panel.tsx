import { FileText, PenLine, Send, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import type { SubmissionStatus } from "../../../src/contracts/intake";
import { endsRequest } from "../../../src/contracts/lifecycle";
import { dollars } from "../../../src/contracts/money";
import type { EngagementDraft, EngagementView, LetterPreview } from "../../../src/contracts/portal";
import { formatDay } from "../../../src/contracts/time-format";
import { apiRequest, getJson } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAcceptedChanges } from "../shared/use-accepted-changes";
import { type EngagementAnswer, EVENT_LABELS, engagementApi } from "./engagement-api";
import { EngagementDraftForm } from "./engagement-draft-form";
import { EngagementPaymentForm } from "./engagement-payment-form";
import { LetterPreviewDialog } from "./letter-preview-dialog";

const STATUS_TEXT: Record<EngagementView["status"], string> = {
  draft: "Draft: not sent to the client yet",
  sent: "Sent: waiting for the client's signature",
  "awaiting-countersignature": "Signed by every party: waiting for the firm's countersignature",
  signed: "Signed: waiting for payment",
  engaged: "Engaged: work has started",
};

/** Where a sent letter's signing round stands, when it says more than its status (ADR 297). */
const ROUND_TEXT = {
  waiting: "Sent: waiting for the signers, in order",
  "awaiting-countersignature": "Signed by every party: waiting for the firm's countersignature",
  declined: "Declined: withdraw it to change the terms and send it again",
  expired: "Expired unsigned: send it again to start a new period",
} as const;

/** Who signs, in order: who has signed, whose turn it is; the decline's reason and the expiry. */
function Signers({ engagement: e }: { engagement: EngagementView }) {
  const round = e.signing;
  if (!round) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-ink">Signers</h3>
      <ol className="mt-2 grid gap-1 text-sm">
        {round.signers.map((s) => (
          <li key={s.position} className="flex flex-wrap justify-between gap-x-3">
            <span className="text-ink">
              {s.position}. {s.name} ({s.role}), {s.email}
              {s.accessCode && <span className="text-ink-muted">, with an access code told by phone</span>}
            </span>
            <span className={s.linkLocked ? "font-semibold text-red-800" : "text-ink-muted"}>
              {s.linkLocked ? (
                "Link locked after five wrong access codes: send a new link and tell them the code again"
              ) : s.signedAt ? (
                <>
                  Signed <At iso={s.signedAt} />
                </>
              ) : s.waiting ? (
                "Waiting: their turn"
              ) : (
                "Not signed"
              )}
            </span>
          </li>
        ))}
        {round.countersign && (
          <li className="flex flex-wrap justify-between gap-x-3">
            <span className="text-ink">{round.signers.length + 1}. The firm (an owner countersigns)</span>
            <span className="text-ink-muted">
              {round.countersignedBy
                ? `Countersigned by ${round.countersignedBy}`
                : round.status === "awaiting-countersignature"
                  ? "Waiting: your turn"
                  : "Not signed"}
            </span>
          </li>
        )}
      </ol>
      {round.declined && (
        <p role="status" className="mt-3 rounded-lg border border-gold bg-gold/10 p-3 text-sm text-ink">
          {round.declined.by} declined: "{round.declined.reason}"
        </p>
      )}
      {round.expiresAt && (
        <p className="mt-2 text-sm text-ink-muted">
          Expires unsigned on <At iso={round.expiresAt} />.
        </p>
      )}
      {round.cc.length > 0 && (
        <p className="mt-2 text-sm text-ink-muted">Copies of the signed letter to {round.cc.join(", ")}.</p>
      )}
    </div>
  );
}

const At = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/**
 * The request's engagement in the desk: prepare the letter's terms, read the letter as the client will, send
 * the portal link (and a fresh one at any time until the request is closed: each link opens the portal once),
 * withdraw a sent letter to change its terms, record payments, and follow each step to the work clock.
 */
export function EngagementPanel({
  submissionId,
  requestStatus,
  clientName,
  onChanged,
}: {
  submissionId: number;
  /** Who the letter is addressed to, for the look before sending. */
  clientName?: string;
  /** The request's status: a declined or closed request's portal is closed, and no link is offered. */
  requestStatus?: SubmissionStatus;
  /**
   * Called once the engagement changed what the desk shows of the request: a letter sent is its first response,
   * a withdrawal or a payment can change its status and the delivery due.
   */
  onChanged?: () => void;
}) {
  const [engagement, setEngagement] = useState<EngagementView | null>(null);
  const [defaults, setDefaults] = useState<EngagementDraft | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<LetterPreview | null>(null);
  const [withdrawing, setWithdrawing] = useState<"asking" | "pending" | null>(null);
  // A report marked delivered, a payment matched elsewhere on the page: read again after any change.
  const changes = useAcceptedChanges();
  const [countersigning, setCountersigning] = useState<"asking" | "pending" | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read it again.
  useEffect(() => {
    let live = true;
    getJson<EngagementAnswer>([engagementApi.one(submissionId)]).then(
      (a) => {
        if (!live) return;
        setMissing(a.missingSettings ?? []);
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
  }, [submissionId, changes]);

  /**
   * "Send to the Client" on a draft opens the look before sending; a letter already sent (or signed) gets a
   * fresh link at once, since what it leads to is frozen.
   */
  const look = async () => {
    if (engagement?.sentAt) return void send();
    setSending(true);
    try {
      setPreview(await getJson<LetterPreview>([engagementApi.preview(submissionId)]));
    } catch (error) {
      toast({
        title: "Could Not Prepare the Letter",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  };

  const send = async (seen?: LetterPreview) => {
    setSending(true);
    try {
      const res = await apiRequest(
        "POST",
        engagementApi.send(submissionId),
        seen ? { letterSha256: seen.sha256, dated: seen.dated } : undefined,
      );
      setPreview(null);
      const { linkExpiresAt } = (await res.json()) as { linkExpiresAt: string };
      toast({
        title: "Link Sent",
        description: `The client's portal link goes out now; it opens the portal once, until ${formatDateTime(linkExpiresAt)}.`,
      });
      const again = await getJson<EngagementAnswer>([engagementApi.one(submissionId)]);
      if (again.engagement) setEngagement(again.engagement);
      onChanged?.();
    } catch (error) {
      // A letter changed since the look (409) is looked at again before anything goes.
      setPreview(null);
      toast({
        title: "Link Not Sent",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  };

  const withdraw = async () => {
    setWithdrawing("pending");
    try {
      const res = await apiRequest("POST", engagementApi.withdraw(submissionId));
      setEngagement(((await res.json()) as { engagement: EngagementView }).engagement);
      onChanged?.();
      toast({
        title: "Letter Withdrawn",
        description:
          "Its link and any consent are void, and the client is told by email. Edit the terms, then send it again.",
      });
    } catch (error) {
      toast({
        title: "Letter Not Withdrawn",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setWithdrawing(null);
    }
  };

  const countersign = async () => {
    setCountersigning("pending");
    try {
      const res = await apiRequest("POST", engagementApi.countersign(submissionId));
      setEngagement(((await res.json()) as { engagement: EngagementView }).engagement);
      onChanged?.();
      toast({
        title: "Letter Countersigned",
        description:
          "The letter is signed and sealed; every party and copy recipient is emailed the sealed copy.",
      });
    } catch (error) {
      toast({
        title: "Letter Not Countersigned",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setCountersigning(null);
    }
  };

  const e = engagement;
  const round = e?.signing?.status;
  const locked = e?.status === "signed" || e?.status === "engaged";
  // Once sent, the letter is the client's record: its terms change only by withdrawing it.
  const frozen = e?.status === "sent" || e?.status === "awaiting-countersignature";
  const blocked = missing.length > 0 && (!e || e.status === "draft");
  // The lifecycle table's (ADR 278): a closed or declined request sends no letter and no link.
  const closed = requestStatus !== undefined && endsRequest(requestStatus);
  const start: EngagementDraft | null = e
    ? {
        scope: e.scope,
        feeCents: e.feeCents,
        feeKind: e.feeKind,
        hourlyRateCents: e.hourlyRateCents ?? undefined,
        turnaroundBusinessDays: e.turnaroundBusinessDays,
        expedite: e.expedite,
        subjects: e.monthly?.subjects,
        cadence: e.monthly?.cadence,
        signers: e.signing?.signers.map((p) => ({
          role: p.role,
          name: p.name,
          ...(p.requester ? {} : { email: p.email }),
        })),
        cc: e.signing?.cc,
        countersign: e.signing?.countersign,
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
            {e
              ? round && round in ROUND_TEXT && (round !== "waiting" || (e.signing?.signers.length ?? 0) > 1)
                ? ROUND_TEXT[round as keyof typeof ROUND_TEXT]
                : STATUS_TEXT[e.status]
              : "Not prepared yet: the terms below come from the requested service."}
          </p>
          {e && e.status !== "draft" && <Signers engagement={e} />}
          {e && <EngagementFacts engagement={e} />}
          {blocked && (
            <p role="status" className="mt-4 rounded-lg border border-gold bg-gold/10 p-3 text-sm text-ink">
              The letter cannot be sent yet: the server does not state the firm's dispute-resolution terms.
              Set{" "}
              {missing.map((name, i) => (
                <span key={name}>
                  {i > 0 && " and "}
                  <code className="font-mono">{name}</code>
                </span>
              ))}{" "}
              in its environment and restart it.
            </p>
          )}
          {frozen && (
            <p className="mt-4 text-sm text-ink">
              The terms are frozen: this is the letter the client reads and signs. To change them, withdraw
              the letter (its link and any consent given are void, and the client is told by email), edit the
              terms and send it again.
            </p>
          )}
          {!locked && !frozen && (
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
              {!blocked && (
                <a
                  href={engagementApi.letter(submissionId)}
                  download
                  className="btn-base w-full border-2 border-navy text-navy hover:bg-surface sm:w-auto"
                >
                  <FileText className="size-4" aria-hidden="true" />
                  {e.signedAt ? "View the Signed Letter (PDF)" : "View the Letter (PDF)"}
                </a>
              )}
              {/* The lifecycle's: a letter waiting on the firm, or declined, takes no fresh link (ADR 297). */}
              {!closed && round !== "awaiting-countersignature" && round !== "declined" && (
                <button
                  type="button"
                  onClick={look}
                  disabled={sending || blocked}
                  className="btn-navy w-full disabled:opacity-70 sm:w-auto sm:justify-self-start"
                >
                  <Send className="size-4" aria-hidden="true" />
                  {sending ? "Sending..." : e.sentAt ? "Send a Fresh Link" : "Send to the Client"}
                </button>
              )}
              {round === "awaiting-countersignature" && !closed && (
                <button
                  type="button"
                  onClick={() => setCountersigning("asking")}
                  className="btn-navy w-full sm:w-auto"
                >
                  <PenLine className="size-4" aria-hidden="true" />
                  Countersign for the Firm
                </button>
              )}
              {frozen && (
                <button
                  type="button"
                  onClick={() => setWithdrawing("asking")}
                  className="btn-outline w-full sm:w-auto"
                >
                  <Undo2 className="size-4" aria-hidden="true" />
                  Withdraw to Change the Terms
                </button>
              )}
            </div>
          )}
          <LetterPreviewDialog
            preview={preview}
            pdfHref={preview ? engagementApi.previewLetter(submissionId, preview.dated) : ""}
            clientName={clientName ?? ""}
            pending={sending}
            onSend={() => preview && void send(preview)}
            onCancel={() => setPreview(null)}
          />
          <ConfirmDialog
            open={withdrawing !== null}
            title="Withdraw the letter?"
            text="The client's link stops working and any consent they gave is void; they are told by email that the letter was withdrawn. The letter becomes a draft again: edit its terms, then send it again."
            confirmLabel="Withdraw the Letter"
            pendingLabel="Withdrawing..."
            pending={withdrawing === "pending"}
            onConfirm={() => void withdraw()}
            onCancel={() => setWithdrawing(null)}
          />
          <ConfirmDialog
            open={countersigning !== null}
            title="Countersign the letter for the firm?"
            text="You sign the letter every party has signed, in your name, for the firm. It is then sealed, its fee is owed, and every party and copy recipient is emailed the sealed copy."
            confirmLabel="Countersign"
            pendingLabel="Countersigning..."
            pending={countersigning === "pending"}
            onConfirm={() => void countersign()}
            onCancel={() => setCountersigning(null)}
          />
          {e && closed && (
            <p className="mt-3 text-sm text-ink-muted">
              The request is {requestStatus}: the client's portal is closed and no link can be sent.
            </p>
          )}
          {e && e.status !== "draft" && (
            <div className="mt-6">
              <h3 className="font-semibold text-ink">Payments</h3>
              <p className="mt-1 text-sm text-ink">
                Paid <strong>{dollars(e.paidCents)}</strong>; outstanding{" "}
                <strong>{dollars(e.outstandingCents)}</strong>
              </p>
              {e.payments.length > 0 && (
                <ul className="mt-2 grid gap-1 text-sm text-ink-muted">
                  {e.payments.map((p) => (
                    <li key={p.id}>
                      {dollars(p.amountCents)} received {formatDay(p.receivedOn)} ({p.method})
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3">
                <EngagementPaymentForm
                  key={e.payments.length}
                  submissionId={submissionId}
                  engagement={e}
                  onSaved={(saved) => {
                    setEngagement(saved);
                    onChanged?.();
                  }}
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
        {e.linkExpiresAt && (
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
        {/* With several parties the signers' list above says who signed: one name here would leave the others out. */}
        {e.signedName && (e.signing?.signers.length ?? 1) <= 1 && (
          <Fact label="Signed by">{e.signedName}</Fact>
        )}
        {e.letterSha256 && (
          <Fact label="Letter as presented, SHA-256" wide>
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
