import type { Config } from "../../config";
import { adminSubmissionPath } from "../../contracts/paths";
import type { PersonOf } from "../desk";
import type { PortalMailLinks } from "../engagements";
import { composeText, line, type MailMessage } from "../mail";
import { longDate, type SubscriptionView } from "./model";
import { SUBSCRIPTION_CLIENT_MAIL, SUBSCRIPTION_DESK_MAIL, type SubscriptionsService } from "./service";

type QueuedMail = { id: number; kind: string; refId: number | null };

/** What the change means in dates, in the firm's words: the same sentence for both sides. */
function consequence(kind: string, onDate: string, view: SubscriptionView): string[] {
  const next = [
    view.nextChargeOn ? `The next monthly charge is on ${longDate(view.nextChargeOn)}.` : "",
    view.nextSweepDueOn ? `The next sweep is due on ${longDate(view.nextSweepDueOn)}.` : "",
  ].filter(Boolean);
  switch (kind) {
    case "paused":
      return [
        `Monitoring was paused on ${longDate(onDate)}, without penalty. While it is paused no charge and no sweep falls due.`,
        "When it is resumed, the days paused are added to the month that was running, and the next sweep moves by as many days.",
      ];
    case "resumed":
      return [`Monitoring was resumed on ${longDate(onDate)}.`, ...next];
    case "cancelled":
      return [
        `Notice to cancel monitoring was given on ${longDate(onDate)}. Monitoring ends on ${longDate(view.endsOn ?? onDate)}.`,
        "A month that begins before then is billed in full (there are no refunds for partial months), and sweeps due before then are still done.",
        ...next,
      ];
    default:
      return [];
  }
}

const CLIENT_SUBJECT: Record<string, string> = {
  paused: "Your monitoring is paused",
  resumed: "Your monitoring is resumed",
  cancelled: "Your monitoring is cancelled with notice",
};

const WHAT: Record<string, string> = {
  paused: "paused",
  resumed: "resumed",
  cancelled: "given notice to cancel",
};

/** The two mails of a change: to the client when staff made it, to the desk when the client did. */
export function subscriptionMailRenderers(
  config: Config,
  service: SubscriptionsService,
  personOf: PersonOf,
  /** The client mail's own way into the portal, opening on the monitoring (src/modules/engagements). */
  wayIn: PortalMailLinks,
) {
  const host = new URL(config.publicUrl).hostname;
  const about = (mail: QueuedMail) => {
    const found = mail.refId === null ? null : service.eventFor(mail.refId);
    const person = found ? personOf(found.subscription.submissionId) : null;
    return found && person ? { ...found, person } : null;
  };

  const toClient = (mail: QueuedMail): MailMessage | null => {
    const a = about(mail);
    if (!a) return null;
    return {
      to: a.person.email,
      subject: `${CLIENT_SUBJECT[a.event.kind] ?? "Your monitoring changed"} (reference ${a.person.reference})`,
      ...composeText([
        line`Hello ${a.person.name},`,
        "",
        a.event.actor === "client"
          ? `This confirms that you have ${WHAT[a.event.kind] ?? a.event.kind} the Judgment Intel monitoring of your engagement in our portal.`
          : `${config.brand.name} has ${WHAT[a.event.kind] ?? a.event.kind} the Judgment Intel monitoring of your engagement.`,
        "",
        ...consequence(a.event.kind, a.event.onDate, a.view),
        "",
        ...wayIn(
          mail,
          a.subscription.submissionId,
          "You can see the subjects, the sweeps and the charges, and pause, resume or cancel, in our secure portal:",
        ),
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${a.person.reference}.subscription-${mail.id}@${host}>`,
      inReplyTo: a.person.thread,
      references: a.person.thread,
    };
  };

  const toDesk = (mail: QueuedMail): MailMessage | null => {
    const a = about(mail);
    if (!a) return null;
    return {
      to: config.intakeNotifyTo,
      subject: `Monitoring ${WHAT[a.event.kind] ?? a.event.kind} by the client (reference ${a.person.reference})`,
      ...composeText([
        `The client of ${a.person.reference} has ${WHAT[a.event.kind] ?? a.event.kind} their Judgment Intel monitoring.`,
        "",
        ...consequence(a.event.kind, a.event.onDate, a.view),
        "",
        `${config.publicUrl}${adminSubmissionPath(a.subscription.submissionId)}`,
      ]),
      messageId: `<${a.person.reference}.subscription-desk-${mail.id}@${host}>`,
    };
  };

  return { [SUBSCRIPTION_CLIENT_MAIL]: toClient, [SUBSCRIPTION_DESK_MAIL]: toDesk };
}
