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
import { engagementSigners, type SignerRow } from "./repo/signers";

/** Outbox kinds of the portal; a link mail's ref_id is the link, the others' the engagement. */
export const PORTAL_LINK_MAIL = "portal-link";
export const PORTAL_SIGNED_CLIENT_MAIL = "portal-signed-client";
export const PORTAL_SIGNED_DESK_MAIL = "portal-signed-desk";
export const PORTAL_WITHDRAWN_MAIL = "portal-withdrawn";
/** A payment recorded on the engagement, confirmed to the client: ref_id is the payment. */
export const PORTAL_PAYMENT_MAIL = "portal-payment-client";
/** The signing round (ADR 297). A reminder's ref_id is its link; a party's, the signer; the others', the engagement. */
export const PORTAL_REMINDER_MAIL = "portal-reminder";
export const PORTAL_SIGNED_PARTY_MAIL = "portal-signed-party";
export const PORTAL_SIGNED_CC_MAIL = "portal-signed-cc";
export const PORTAL_COUNTERSIGN_DESK_MAIL = "portal-countersign-desk";
export const PORTAL_DECLINED_DESK_MAIL = "portal-declined-desk";
export const PORTAL_DECLINED_PARTY_MAIL = "portal-declined-party";
export const PORTAL_EXPIRED_DESK_MAIL = "portal-expired-desk";

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
  /** The mail's own way into the portal (lib/mail-link.ts): its link, and how long it works. */
  wayIn: (mail: OutboxRow, submissionId: number, lead: string | null) => string[],
) {
  const repo = engagementsRepo(store);
  const links = portalLinks(store);
  const outbox = mailOutboxRepo(store);
  const submissions = contactSubmissions(store);
  const signers = engagementSigners(store);
  const host = new URL(config.publicUrl).hostname;
  /** A signer's name and address (the request's own for the requester). */
  const addressed = (p: SignerRow, s: { name: string; email: string }) => ({
    name: p.name,
    email: p.email ?? s.email,
    role: p.role,
  });
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
    // The link is its signer's (ADR 297): mailed to them, by name; one made before parties, the requester's.
    const party = l.signerId === null ? null : signers.byId(l.signerId);
    const to = party ? addressed(party, s) : { name: s.name, email: s.email, role: "client" as const };
    const all = signers.of(e.id);
    const signedBefore = all.filter((p) => p.signedAt && p.id !== party?.id);
    const reminder = mail.kind === PORTAL_REMINDER_MAIL;
    const ready = signedBefore.length
      ? line`Your engagement letter with ${config.brand.name} is ready for your signature: ${signedBefore.map((p) => p.name).join(" and ")} signed it first. Read and sign it in our secure portal:`
      : `Your engagement letter with ${config.brand.name} is ready to read and sign in our secure portal:`;
    return {
      to: to.email,
      subject: reminder
        ? `Reminder: your engagement letter is waiting for your signature (reference ${s.reference})`
        : e.signedAt
          ? `Your link to the portal (reference ${s.reference})`
          : `Your engagement letter (reference ${s.reference})`,
      ...composeText([
        line`Hello ${to.name},`,
        "",
        reminder
          ? `A reminder: the engagement letter ${config.brand.name} sent for reference ${s.reference} is waiting for your signature${e.roundExpiresAt ? `, until ${firmDay(e.roundExpiresAt, config.desk.timeZone)}` : ""}. Here is a fresh link to read and sign it in our secure portal:`
          : e.signedAt
            ? `Here is a fresh link to your engagement with ${config.brand.name} in our secure portal, where you send us your records and receive our report:`
            : ready,
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
      messageId: `<${s.reference}.${reminder ? "portal-reminder" : "portal-link"}-${mail.id}@${host}>`,
      inReplyTo: found.thread,
      references: found.thread,
    };
  };
  /** Once the link's mail is out, only its hash remains. */
  const linkSettled = (mail: OutboxRow) => {
    if (mail.refId === null) return;
    const sent = outbox.forRef(mail.kind, mail.refId).some((d) => d.state === "sent");
    if (sent) links.mailed(mail.refId);
  };

  /** The signed letter to a party other than the requester, and to the copy recipients (ADR 297). */
  const signedTo =
    (cc: boolean) =>
    (mail: OutboxRow): MailMessage | null => {
      const party = cc || mail.refId === null ? null : signers.byId(mail.refId);
      const found = cc ? about(mail) : party ? engagementAbout(party.engagementId) : null;
      const pdf = found ? repo.signedPdf(found.e.id) : null;
      if (!found || !pdf || (!cc && !party) || (cc && found.e.cc.length === 0)) return null;
      const { s, e } = found;
      const to = party ? addressed(party, s) : null;
      return {
        to: to ? to.email : e.cc.join(", "),
        subject: `Signed engagement letter (reference ${s.reference})`,
        ...composeText(
          to
            ? [
                line`Hello ${to.name},`,
                "",
                `The engagement letter with ${config.brand.name} for reference ${s.reference} is signed by every party. Your copy, sealed with our certificate and with its certificate of completion listing each signature, is attached. Keep it with your records.`,
                "",
                config.brand.name,
              ]
            : [
                "Hello,",
                "",
                `You were named to receive a copy of the engagement letter with ${config.brand.name} for reference ${s.reference}. It is signed by every party; the sealed copy, with its certificate of completion, is attached.`,
                "",
                config.brand.name,
              ],
        ),
        replyTo: config.intakeNotifyTo,
        messageId: `<${s.reference}.signed-${cc ? "cc" : "party"}-${mail.id}@${host}>`,
        attachments: [
          { filename: `engagement-letter-${s.reference}.pdf`, content: pdf, contentType: "application/pdf" },
        ],
      };
    };

  /** Who signed and who is waiting, in the desk's words. */
  const roundLines = (engagementId: number) =>
    signers
      .of(engagementId)
      .map(
        (p) =>
          line`${p.name} (${p.role}): ${p.signedAt ? `signed ${formatDateTime(p.signedAt, config.desk.timeZone)}` : "not signed"}`,
      );

  /** The desk told where the round stopped: waiting on the firm, declined (with the reason), expired. */
  const toDesk =
    (what: "countersign" | "declined" | "expired") =>
    (mail: OutboxRow): MailMessage | null => {
      const found = about(mail);
      if (!found) return null;
      const { s, e } = found;
      const decliner = e.declinedBy === null ? null : signers.byId(e.declinedBy);
      const words = {
        countersign: {
          subject: `Engagement letter awaiting the firm's countersignature (reference ${s.reference})`,
          text: `Every party has signed the engagement letter for ${s.reference}. It now waits for an owner's countersignature in the desk; the letter is signed, sealed and mailed to everyone once it is given.`,
        },
        declined: {
          subject: `Engagement letter declined (reference ${s.reference})`,
          text: line`${decliner ? `${decliner.name} (${decliner.role})` : "A signer"} declined the engagement letter for ${s.reference}. Their reason: "${e.declinedReason ?? ""}". Its links no longer open it; withdraw it in the desk to change it and send it again.`,
        },
        expired: {
          subject: `Engagement letter expired unsigned (reference ${s.reference})`,
          text: `The engagement letter for ${s.reference} was not signed by every party within ${config.portal.expiryDays} days of sending, and has expired: its links no longer open it. Send it again from the desk to start a new period.`,
        },
      }[what];
      return {
        to: config.intakeNotifyTo,
        subject: words.subject,
        ...composeText([words.text, "", ...roundLines(e.id)]),
        messageId: `<${s.reference}.${what}-desk-${mail.id}@${host}>`,
      };
    };

  /** Another party declined: the letter will not be signed as it stands. */
  const declinedToParty = (mail: OutboxRow): MailMessage | null => {
    const party = mail.refId === null ? null : signers.byId(mail.refId);
    const found = party ? engagementAbout(party.engagementId) : null;
    if (!party || !found) return null;
    const { s, e, thread } = found;
    const to = addressed(party, s);
    const decliner = e.declinedBy === null ? null : signers.byId(e.declinedBy);
    return {
      to: to.email,
      subject: `The engagement letter was declined (reference ${s.reference})`,
      ...composeText([
        line`Hello ${to.name},`,
        "",
        line`${decliner ? decliner.name : "One of the parties"} declined the engagement letter ${config.brand.name} sent for reference ${s.reference}, so it will not be signed as it stands${party.signedAt ? ": your signature on it no longer binds anyone" : ""}. Its links no longer open it.`,
        "",
        "If the firm revises the letter we will email you a new link: please read that letter in full before you sign it. If you have questions, reply to this email.",
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${s.reference}.declined-party-${mail.id}@${host}>`,
      inReplyTo: party.email === null ? thread : undefined,
      references: party.email === null ? thread : undefined,
    };
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
                ...wayIn(mail, e.submissionId, "Payment and the next steps are shown in the portal:"),
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
        ...wayIn(mail, s.id, "What is still due, if anything, is shown in the portal:"),
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
      [PORTAL_REMINDER_MAIL]: link,
      [PORTAL_SIGNED_PARTY_MAIL]: signedTo(false),
      [PORTAL_SIGNED_CC_MAIL]: signedTo(true),
      [PORTAL_COUNTERSIGN_DESK_MAIL]: toDesk("countersign"),
      [PORTAL_DECLINED_DESK_MAIL]: toDesk("declined"),
      [PORTAL_DECLINED_PARTY_MAIL]: declinedToParty,
      [PORTAL_EXPIRED_DESK_MAIL]: toDesk("expired"),
    },
    settled: { [PORTAL_LINK_MAIL]: linkSettled, [PORTAL_REMINDER_MAIL]: linkSettled } as Record<
      string,
      (mail: OutboxRow) => void
    >,
  };
}

/** A date as the firm's calendar shows it: "30 Nov 2026". */
const firmDay = (iso: string, timeZone: string) => formatDate(iso, timeZone);
