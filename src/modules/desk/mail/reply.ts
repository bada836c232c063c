import type { Config } from "../../../config";
import type { DataStore } from "../../../store";
import { staffNames } from "../../auth";
import type { MailMessage, OutboxRow } from "../../mail";
import { confirmationMessageId, quotedWithin } from "../../mail";
import { contactSubmissions } from "../repo/contact-submissions";
import { submissionReplies } from "../repo/submission-replies";

/**
 * Renders a reply from the desk when the outbox sends it: to the requester, Reply-To the intake address, and
 * threaded under the intake confirmation (In-Reply-To and References are its Message-ID). Null when the reply
 * or its request was deleted meanwhile: the mail is dropped. Staff write the body, and their links stay links;
 * what it quotes of the request (the requester's name, firm and address, as the draft greets them) and the
 * writer's own name are shown as text, never as links.
 */
export function deskReplyRenderer(store: DataStore, config: Config) {
  const replies = submissionReplies(store);
  const submissions = contactSubmissions(store);
  const host = new URL(config.publicUrl).hostname;
  return (mail: OutboxRow): MailMessage | null => {
    const reply = mail.refId === null ? null : replies.byId(mail.refId);
    const submission = reply ? submissions.byId(reply.submissionId) : null;
    if (!reply || !submission) return null;
    const thread = confirmationMessageId(submission.reference, config);
    const name = staffNames(store).displayName(reply.author);
    const { name: requester, firm, email } = submission;
    return {
      to: submission.email,
      subject: reply.subject,
      text: reply.body,
      quoted: quotedWithin(reply.body, [requester, firm, email, name, reply.author]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${submission.reference}.reply-${reply.id}@${host}>`,
      inReplyTo: thread,
      references: thread,
      writtenByPerson: true,
      // From whoever wrote it, under the name they have now (an address is no name to show: none then).
      ...(name ? { fromName: name } : {}),
    };
  };
}
