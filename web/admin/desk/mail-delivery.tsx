import type { FailedMail } from "../../../src/contracts/desk";
import type { ReplyDelivery } from "../../../src/contracts/submissions";
import { formatDateTime } from "../../lib/dates";

/**
 * Every kind of e-mail the server's outbox sends, as staff read it; a test holds it to the outbox's own list
 * (MAIL_KINDS in src/modules/mail), so a new kind never shows as its raw name.
 */
export const MAIL_KIND_LABELS: Record<string, string> = {
  "intake-notification": "Notification to the intake desk",
  "intake-confirmation": "Confirmation to the requester",
  "desk-reply": "Reply to the requester",
  "desk-digest": "Morning digest to the intake desk",
  "staff-invitation": "Invitation to a colleague",
  "portal-link": "Portal link to the client",
  "portal-withdrawn": "Engagement letter withdrawn, to the client",
  "portal-signed-client": "Signed engagement letter to the client",
  "portal-signed-desk": "Signed engagement letter to the intake desk",
  "consultation-client": "Consultation invitation to the client",
  "consultation-desk": "Consultation invitation to the intake desk",
  "documents-report-ready": "Report-ready notice to the client",
  "subscription-client": "Monitoring change to the client",
  "subscription-desk": "Monitoring change to the intake desk",
};

export const mailKindLabel = (kind: string) => MAIL_KIND_LABELS[kind] ?? kind;

/** One outbox e-mail as the desk's screens and the dashboard receive it. */
type Delivery = Pick<ReplyDelivery, "attempts" | "nextAttemptAt"> & {
  state: ReplyDelivery["state"] | FailedMail["state"];
  sentAt?: string | null;
};

const attempts = (n: number) => `${n} ${n === 1 ? "attempt" : "attempts"}`;

/**
 * Where an e-mail stands, in words. An e-mail not tried yet waits on the server's mail set-up: `configured`
 * says which way it goes; a screen that states the set-up beside it (the E-mail panel) leaves it out.
 */
export function deliveryText(d: Delivery, configured?: boolean): string {
  if (d.state === "sent") return d.sentAt ? `Sent ${formatDateTime(d.sentAt)}` : "Sent";
  if (d.state === "failed") return `Could not be sent: gave up after ${attempts(d.attempts)}`;
  if (d.state === "retrying" || d.attempts > 0) {
    return `Retrying: ${d.attempts} failed ${d.attempts === 1 ? "attempt" : "attempts"}, next try ${formatDateTime(d.nextAttemptAt)}`;
  }
  if (configured === undefined) return "Waiting to be sent";
  return configured ? "Queued: goes out within a minute" : "Queued until mail is configured on this server";
}

const TONE: Record<Delivery["state"], string> = {
  sent: "text-emerald-900",
  pending: "text-gold-dark",
  retrying: "text-gold-dark",
  failed: "text-danger",
};

/** The delivery line and, while it is not sent, the last error; the tone adds nothing the words do not say. */
export function DeliveryStatus({
  delivery,
  configured,
}: {
  delivery: Delivery & { lastError: string | null };
  configured?: boolean;
}) {
  return (
    <>
      <span className={`block text-sm font-medium ${TONE[delivery.state]}`}>
        {deliveryText(delivery, configured)}
      </span>
      {delivery.state !== "sent" && delivery.lastError && (
        <span className="block break-words text-sm text-ink-muted">Last error: {delivery.lastError}</span>
      )}
    </>
  );
}
