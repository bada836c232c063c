// The mail feature: the durable outbox (service.ts) and the pieces every feature's mail is written with. It
// imports no other feature: features register how their kinds of mail are written (outbox.register).

export { MAIL_KINDS, type MailKindName, type MailUrgency, urgencyOf } from "../../contracts/mail-kinds";
export { automaticMail, type MailMessage } from "./lib/automatic";
export { composeText, line, quotedWithin } from "./lib/compose";
export {
  holdOutbox,
  OUTBOX_HOLD_FILE,
  type OutboxHold,
  outboxHold,
  releaseOutbox,
} from "./lib/hold";
export { confirmationMessageId } from "./lib/thread";
export type { OutboxRow } from "./repo/mail-outbox";
export { mailOutboxRepo } from "./repo/mail-outbox";
export {
  type AttemptOutcome,
  createMailOutbox,
  MAIL_NOT_CONFIGURED,
  type MailOutbox,
  RETRY_BASE_MS,
  type RenderMail,
} from "./service";
