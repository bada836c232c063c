/**
 * Whether someone is waiting on a mail right now (ADR 225): `transactional` mail is what a person needs to go on
 * with what they are doing, sent before any `bulk` mail that is due.
 */
export type MailUrgency = "transactional" | "bulk";

/**
 * Every kind of mail the outbox sends, each with its urgency. The features register how each kind is written
 * (outbox.register); this list is what the rest holds itself to: the admin labels every kind in it, and the tests
 * send every kind in it and check that the app registers exactly these.
 */
export const MAIL_KINDS = {
  /** The portal's link: the client cannot open their letter without it. */
  "portal-link": "transactional",
  /** A colleague's one-time link to join the admin. */
  "staff-invitation": "transactional",
  /** The letter the client was reading was withdrawn: they must not sign or pay on it. */
  "portal-withdrawn": "transactional",
  /** Written by a person for one person, sent the moment staff press Send; the desk shows it leaving. */
  "desk-reply": "transactional",
  "intake-notification": "bulk",
  "intake-confirmation": "bulk",
  "desk-digest": "bulk",
  "portal-signed-client": "bulk",
  "portal-signed-desk": "bulk",
  "consultation-client": "bulk",
  "consultation-desk": "bulk",
  "documents-report-ready": "bulk",
  "documents-sweep-report": "bulk",
  "subscription-client": "bulk",
  "subscription-desk": "bulk",
  "statement-issued": "bulk",
  "portal-payment-client": "bulk",
  "document-requests-added": "bulk",
  "document-requests-reminder": "bulk",
  /** A signer's reminder carries a fresh link: they need it to go on (ADR 297). */
  "portal-reminder": "transactional",
  "portal-signed-party": "bulk",
  "portal-signed-cc": "bulk",
  "portal-countersign-desk": "bulk",
  "portal-declined-desk": "bulk",
  "portal-declined-party": "bulk",
  "portal-expired-desk": "bulk",
} as const satisfies Record<string, MailUrgency>;

export type MailKindName = keyof typeof MAIL_KINDS;

/** A kind not in the list (one a test registers) waits with the bulk. */
export const urgencyOf = (kind: string): MailUrgency =>
  (MAIL_KINDS as Record<string, MailUrgency>)[kind] ?? "bulk";

/**
 * Every kind as staff read it on the desk and the dashboard; keyed by the kinds themselves, so a kind added
 * above without its label, or a label for a kind that is gone, does not compile.
 */
export const MAIL_KIND_LABELS: Record<MailKindName, string> = {
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
  "documents-sweep-report": "Sweep-report notice to counsel",
  "subscription-client": "Monitoring change to the client",
  "subscription-desk": "Monitoring change to the intake desk",
  "statement-issued": "New statement of account to the client",
  "portal-payment-client": "Payment received, to the client",
  "document-requests-added": "Documents requested, to the client",
  "document-requests-reminder": "Reminder of documents due, to the client",
  "portal-reminder": "Reminder to sign, to the signer waiting",
  "portal-signed-party": "Signed engagement letter to a signing party",
  "portal-signed-cc": "Signed engagement letter to the copy recipients",
  "portal-countersign-desk": "Letter awaiting the firm's countersignature, to the intake desk",
  "portal-declined-desk": "Engagement letter declined, to the intake desk",
  "portal-declined-party": "Engagement letter declined, to the other parties",
  "portal-expired-desk": "Engagement letter expired unsigned, to the intake desk",
};
