import type { Config } from "../../config";
import { dollars } from "../../contracts/money";
import { longDate } from "../../contracts/subscriptions";
import { formatDate, formatDateTime } from "../../contracts/time-format";
import type { DataStore } from "../../store";
import { contactSubmissions } from "../desk";
import type { MailMessage, OutboxRow } from "../mail";
import { composeText, confirmationMessageId, line, mailOutboxRepo } from "../mail";
import { engagementsRepo } from "./repo/engagements";
import { portalLinks } from "./repo/links";

/** Outbox kinds of the portal; a link mail's ref_id is the link, the others' the engagement. */
export const PORTAL_LINK_MAIL = "portal-link";
export const PORTAL_SIGNED_CLIENT_MAIL = "portal-signed-client";
export const PORTAL_SIGNED_DESK_MAIL = "portal-signed-desk";
export const PORTAL_WITHDRAWN_MAIL = "portal-withdrawn";
/** A payment recorded on the engagement, confirmed to the client: ref_id is the payment. */
export const PORTAL_PAYMENT_MAIL = "portal-payment-client";

/** The portal's address with the token in the fragment: never sent to a server's logs by a browser. */
export const portalLink = (publicUrl: string, token: string) => `${publicUrl}/portal#token=${token}`;

/**
 * The portal's mail, rendered when the outbox sends it, threaded under the intake confirmation like the desk's
 * replies. Null when the engagement or its request is gone, or the link can no longer open anything (the mail
 * is dropped). A link's token is wiped once its mail is sent (`settled`).
 */
export function portalMailRenderers(
  store: DataStore,
  config: Config,
  /** The mail's own portal link (lib/mail-link.ts), opening on the signed letter. */
  mailLink: (submissionId: number, focus: "letter" | "payment") => string = () =>
    `${config.publicUrl}/portal`,
) {
  const repo = engagementsRepo(store);
  const links = portalLinks(store);
  const outbox = mailOutboxRepo(store);
  const submissions = contactSubmissions(store);
  const host = new URL(config.publicUrl).hostname;
  const engagementAbout = (engagementId: number | null) => {
    const e = engagementId === null ? null : repo.byId(engagementId);
    const s = e ? submissions.byId(e.submissionId) : null;
    return e && s ? { e, s, thread: confirmationMessageId(s.reference, config) } : null;
  };
  const about = (mail: OutboxRow) => engagementAbout(mail.refId);

  const link = (mail: OutboxRow): MailMessage | null => {
    const l = mail.refId === null ? null : links.byId(mail.refId);
    const open = l && !l.usedAt && !l.voidedAt && Date.parse(l.expiresAt) > store.clock().getTime();
    const token = open ? links.tokenOf(l.id) : null;
    if (!l || !token) return null;
    const found = engagementAbout(l.engagementId);
    if (!found) return null;
    const { s, e } = found;
    const until = firmDay(l.expiresAt, config.desk.timeZone);
    return {
      to: s.email,
      subject: e.signedAt
        ? `Your link to the portal (reference ${s.reference})`
        : `Your engagement letter (reference ${s.reference})`,
      ...composeText([
        line`Hello ${s.name},`,
        "",
        e.signedAt
          ? `Here is a fresh link to your engagement with ${config.brand.name} in our secure portal, where you send us your records and receive our report:`
          : `Your engagement letter with ${config.brand.name} is ready to read and sign in our secure portal:`,
        "",
        portalLink(config.publicUrl, token),
        "",
        `For your security the link opens the portal once, only for this engagement, and works until ${until}. To come back later, ask for a fresh link on ${config.publicUrl}/portal with this email address.`,
        "",
        "Please do not send payment details or documents by email: the portal is where they go.",
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${s.reference}.portal-link-${mail.id}@${host}>`,
      inReplyTo: found.thread,
      references: found.thread,
    };
  };
  /** Once the link's mail is out, only its hash remains. */
  const linkSettled = (mail: OutboxRow) => {
    if (mail.refId === null) return;
    const sent = outbox.forRef(PORTAL_LINK_MAIL, mail.refId).some((d) => d.state === "sent");
    if (sent) links.mailed(mail.refId);
  };

  const signed =
    (toDesk: boolean) =>
    (mail: OutboxRow): MailMessage | null => {
      const found = about(mail);
      const pdf = found ? repo.signedPdf(found.e.id) : null;
      if (!found || !pdf) return null;
      const { s, e, thread } = found;
      return {
        to: toDesk ? config.intakeNotifyTo : s.email,
        subject: `Signed engagement letter (reference ${s.reference})`,
        ...composeText(
          toDesk
            ? [
                `The engagement letter for ${s.reference} was signed in the portal${e.signedAt ? ` on ${formatDateTime(e.signedAt, config.desk.timeZone)}` : ""}. The sealed PDF with its certificate of completion is attached.`,
              ]
            : [
                line`Hello ${s.name},`,
                "",
                `Thank you: your engagement letter with ${config.brand.name} is signed. Your copy, sealed with our certificate and with its certificate of completion, is attached. Keep it with your records.`,
                "",
                `Payment and the next steps are shown in the portal: ${mailLink(e.submissionId, "letter")}`,
                "",
                `This link opens the portal once, for this engagement only. To come back later, ask for a fresh link on ${config.publicUrl}/portal with this email address.`,
                "",
                config.brand.name,
              ],
        ),
        replyTo: config.intakeNotifyTo,
        messageId: `<${s.reference}.signed-${toDesk ? "desk" : "client"}-${mail.id}@${host}>`,
        inReplyTo: toDesk ? undefined : thread,
        references: toDesk ? undefined : thread,
        attachments: [
          { filename: `engagement-letter-${s.reference}.pdf`, content: pdf, contentType: "application/pdf" },
        ],
      };
    };

  /** A payment the firm recorded (by hand or from its processor), confirmed to the client with a way back. */
  const paymentRecorded = (mail: OutboxRow): MailMessage | null => {
    const e = mail.submissionId === null ? null : repo.bySubmission(mail.submissionId);
    const found = e ? engagementAbout(e.id) : null;
    const payment = found ? repo.payments(found.e.id).find((p) => p.id === mail.refId) : null;
    if (!found || !payment) return null;
    const { s, thread } = found;
    return {
      to: s.email,
      subject: `Payment received (reference ${s.reference})`,
      ...composeText([
        line`Hello ${s.name},`,
        "",
        `${config.brand.name} has recorded your payment of ${dollars(payment.amountCents)}, received on ${longDate(payment.receivedOn)}, for reference ${s.reference}. Thank you.`,
        "",
        `What is still due, if anything, is shown in the portal: ${mailLink(s.id, "payment")}`,
        "",
        `This link opens the portal once, for this engagement only. To come back later, ask for a fresh link on ${config.publicUrl}/portal with this email address.`,
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${s.reference}.payment-${mail.id}@${host}>`,
      inReplyTo: thread,
      references: thread,
    };
  };

  /** The letter sent was withdrawn to change its terms: the client is told its link and consent are void. */
  const withdrawn = (mail: OutboxRow): MailMessage | null => {
    const found = about(mail);
    if (!found) return null;
    const { s, thread } = found;
    return {
      to: s.email,
      subject: `Your engagement letter was withdrawn (reference ${s.reference})`,
      ...composeText([
        line`Hello ${s.name},`,
        "",
        `${config.brand.name} has withdrawn the engagement letter we sent you for reference ${s.reference}, to change its terms. Nothing has been signed.`,
        "",
        "The link in our earlier email no longer opens it, and any consent you gave to sign it electronically no longer applies. When the revised letter is ready we will email you a new link: please read that letter in full before you sign it.",
        "",
        "If you have questions, reply to this email.",
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${s.reference}.portal-withdrawn-${mail.id}@${host}>`,
      inReplyTo: thread,
      references: thread,
    };
  };

  return {
    renderers: {
      [PORTAL_LINK_MAIL]: link,
      [PORTAL_WITHDRAWN_MAIL]: withdrawn,
      [PORTAL_PAYMENT_MAIL]: paymentRecorded,
      [PORTAL_SIGNED_CLIENT_MAIL]: signed(false),
      [PORTAL_SIGNED_DESK_MAIL]: signed(true),
    },
    settled: { [PORTAL_LINK_MAIL]: linkSettled } as Record<string, (mail: OutboxRow) => void>,
  };
}

/** A date as the firm's calendar shows it: "30 Nov 2026". */
const firmDay = (iso: string, timeZone: string) => formatDate(iso, timeZone);
