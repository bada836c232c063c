import { RotateCw } from "lucide-react";
import type { MailState } from "../../../src/contracts/submissions";
import { DeliveryStatus, mailKindLabel } from "./mail-delivery";

/** Where each of the submission's two e-mails stands in the outbox, and a way to send again now. */
export function SubmissionMail({
  mail,
  configured,
  emailError,
  unsentReplies = 0,
  pending,
  onRetry,
}: {
  mail: MailState[];
  configured: boolean;
  emailError: string | null;
  /** Replies from the desk not delivered yet (shown on the history); a retry sends them too. */
  unsentReplies?: number;
  pending: boolean;
  onRetry: () => void;
}) {
  const retryable = configured && (mail.some((m) => m.state !== "sent") || unsentReplies > 0);
  return (
    <section aria-labelledby="mail-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="mail-title" className="font-serif text-xl font-bold text-navy">
        Email
      </h2>
      {mail.length === 0 ? (
        <p className="mt-3 text-ink-muted">No email is queued for this submission.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {mail.map((m) => (
            <li key={m.kind} className="text-sm">
              <span className="block font-semibold text-ink">{mailKindLabel(m.kind)}</span>
              {/* No `configured`: the panel says below when mail is not set up. */}
              <DeliveryStatus delivery={m} />
            </li>
          ))}
        </ul>
      )}
      {unsentReplies > 0 && (
        <p className="mt-3 text-sm text-ink">
          {unsentReplies === 1 ? "One reply" : `${unsentReplies} replies`} to the requester not delivered yet:
          see the history.
        </p>
      )}
      {!configured && (
        <p className="mt-4 rounded-md border border-gold bg-gold-light p-3 text-sm text-ink">
          {emailError ?? "Mail is not configured on this server, so nothing can be sent."}
        </p>
      )}
      {retryable && (
        <button
          type="button"
          onClick={onRetry}
          disabled={pending}
          className="btn-outline mt-4 w-full disabled:opacity-70"
        >
          <RotateCw className="size-4" aria-hidden="true" />
          {pending ? "Queuing..." : "Retry Email Now"}
        </button>
      )}
    </section>
  );
}
