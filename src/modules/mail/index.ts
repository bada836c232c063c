/** The mail feature as the others see it. */
export { MAIL_KINDS, type MailKindName, type MailUrgency, urgencyOf } from "../../contracts/mail-kinds";
export type { MailMessage } from "./automatic";
export { composeText, line, quotedWithin } from "./compose";
export { confirmationMessageId } from "./intake-messages";
export type { MailOutbox } from "./outbox";
export { createMailOutbox } from "./outbox";
export type { OutboxRow } from "./repo/mail-outbox";
export { mailOutboxRepo } from "./repo/mail-outbox";
