import type { Config } from "../../config";
import type { DataStore } from "../../store";
import { contactSubmissions } from "../desk";
import { engagementFacts, type PortalMailLinks } from "../engagements";
import type { MailMessage, OutboxRow } from "../mail";
import { composeText, confirmationMessageId, line } from "../mail";

/** The report is ready: ref_id is the engagement. No attachment: the report stays behind the portal. */
export const REPORT_READY_MAIL = "documents-report-ready";
/** A sweep report delivered: ref_id is the engagement; to counsel, the request's sender. */
export const SWEEP_REPORT_MAIL = "documents-sweep-report";

export function documentMailRenderers(store: DataStore, config: Config, wayIn: PortalMailLinks) {
  const { db } = store;
  const submissions = contactSubmissions(store);
  const host = new URL(config.publicUrl).hostname;
  const engagements = engagementFacts(db);
  const reportReady = (mail: OutboxRow): MailMessage | null => {
    const e = mail.refId === null ? null : engagements.byId(mail.refId);
    const s = e ? submissions.byId(e.submissionId) : null;
    if (!s) return null;
    const thread = confirmationMessageId(s.reference, config);
    return {
      to: s.email,
      subject: `Your report is ready (reference ${s.reference})`,
      ...composeText([
        line`Hello ${s.name},`,
        "",
        `Your report from ${config.brand.name} is ready. For your privacy it is not attached: download it from our secure portal, where it is kept with the files you sent us.`,
        "",
        ...wayIn(mail, s.id, null),
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${s.reference}.report-${mail.id}@${host}>`,
      inReplyTo: thread,
      references: thread,
    };
  };
  /** To counsel, who directs Judgment Intel and receives every report: the sweep report is in the portal. */
  const sweepReport = (mail: OutboxRow): MailMessage | null => {
    const e = mail.refId === null ? null : engagements.byId(mail.refId);
    const s = e ? submissions.byId(e.submissionId) : null;
    if (!s) return null;
    const thread = confirmationMessageId(s.reference, config);
    return {
      to: s.email,
      subject: `A sweep report is ready (reference ${s.reference})`,
      ...composeText([
        line`Hello ${s.name},`,
        "",
        `${config.brand.name} has delivered a Judgment Intel sweep report for your matter. For your client's privacy it is not attached: download it from our secure portal, where every sweep report is listed by date.`,
        "",
        ...wayIn(mail, s.id, null),
        "",
        config.brand.name,
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${s.reference}.sweep-report-${mail.id}@${host}>`,
      inReplyTo: thread,
      references: thread,
    };
  };
  return { [REPORT_READY_MAIL]: reportReady, [SWEEP_REPORT_MAIL]: sweepReport };
}
