import type { Config } from "../../config";
import { statementTitle } from "../../contracts/statements";
import { longDate } from "../../contracts/subscriptions";
import type { PersonOf } from "../desk";
import type { PortalMailLinks } from "../engagements";
import { composeText, line, type MailMessage } from "../mail";
import { STATEMENT_ISSUED_MAIL, type StatementsService } from "./service";

type QueuedMail = { id: number; kind: string; refId: number | null };

/**
 * The client's notice of a new statement. It names the statement and its period and sends them to the portal;
 * it states no amount: what is owed is read behind the portal's sign-in, not in a mailbox.
 */
export function statementMailRenderers(
  config: Pick<Config, "publicUrl" | "brand" | "intakeNotifyTo">,
  service: Pick<StatementsService, "byId">,
  personOf: PersonOf,
  /** The mail's own portal link, opening on the statements (src/modules/engagements). */
  wayIn: PortalMailLinks,
) {
  const host = new URL(config.publicUrl).hostname;
  const toClient = (mail: QueuedMail): MailMessage | null => {
    const statement = mail.refId === null ? null : service.byId(mail.refId);
    const person = statement ? personOf(statement.submissionId) : null;
    if (!statement || !person) return null;
    const period = statement.fromOn
      ? `from ${longDate(statement.fromOn)} to ${longDate(statement.throughOn)}`
      : `through ${longDate(statement.throughOn)}`;
    return {
      to: person.email,
      subject: `${statementTitle(statement.number)} of your engagement (reference ${person.reference})`,
      ...composeText([
        line`Hello ${person.name},`,
        "",
        `${config.brand.name} has issued statement ${statement.number} of your engagement, covering ${period}.`,
        ...(statement.replenish
          ? ["", "It asks you to replenish your retainer (a request, not an amount due)."]
          : []),
        "",
        ...wayIn(
          mail,
          statement.submissionId,
          "You can read and download it, and see how to pay, in our secure portal:",
        ),
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${person.reference}.statement-${mail.id}@${host}>`,
      inReplyTo: person.thread,
      references: person.thread,
    };
  };
  return { [STATEMENT_ISSUED_MAIL]: toClient };
}
