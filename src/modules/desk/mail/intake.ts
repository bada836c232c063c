import type { Config } from "../../../config";
import type { Brand } from "../../../contracts/brand";
import { RESPONSE_SLA } from "../../../contracts/constants";
import { MATTER_TYPE_LABELS, ROLE_LABELS, SERVICE_LABELS } from "../../../contracts/intake-labels";
import { NEXT_STEPS } from "../../../contracts/next-steps";
import { adminSubmissionPath } from "../../../contracts/paths";
import { confirmationSubject } from "../../../contracts/submissions";
import { inSlices } from "../../../ops/slices";
import type { DataStore } from "../../../store";
import {
  composeText,
  confirmationMessageId,
  line,
  MAIL_NOT_CONFIGURED,
  type MailMessage,
  type MailOutbox,
} from "../../mail";
import {
  contactSubmissions,
  INTAKE_MAIL_KINDS,
  type MailKind,
  type SubmissionRow,
} from "../repo/contact-submissions";

const label = <T extends string>(labels: Record<T, string>, value: string) => labels[value as T] ?? value;

/**
 * The two intake e-mails, plain text (the outbox adds the HTML alternative and the automatic-mail headers). The
 * notification carries what the intake desk needs to triage and a link to the rest; the description and contact
 * details stay in the admin. What the submitter typed is quoted (compose.ts): on its own line's end, never a
 * link. The confirmation echoes nothing the submitter typed except the reference we gave them.
 */
export function intakeMessage(
  kind: MailKind,
  s: SubmissionRow,
  ctx: { brand: Brand; publicUrl: string; notifyTo: string },
): MailMessage {
  if (kind === "intake-notification") {
    return {
      to: ctx.notifyTo,
      subject: `New intake request ${s.reference}: ${label(SERVICE_LABELS, s.desiredService)}`,
      ...composeText([
        "A new intake request has arrived.",
        "",
        `Reference: ${s.reference}`,
        line`Name: ${s.name}`,
        s.firm === null ? "Firm: (none given)" : line`Firm: ${s.firm}`,
        `Role: ${label(ROLE_LABELS, s.role)}`,
        `Matter type: ${label(MATTER_TYPE_LABELS, s.matterType)}`,
        `Service: ${label(SERVICE_LABELS, s.desiredService)}`,
        line`Jurisdictions: ${s.jurisdictions}`,
        "",
        "The description and contact details are in the admin:",
        `${ctx.publicUrl}${adminSubmissionPath(s.id)}`,
        "",
        `Respond within ${RESPONSE_SLA}.`,
      ]),
    };
  }
  return {
    to: s.email,
    messageId: confirmationMessageId(s.reference, ctx),
    subject: confirmationSubject(s.reference),
    text: [
      "Hello,",
      "",
      `Thank you for contacting ${ctx.brand.name}. We received your intake request; your reference is ${s.reference}.`,
      "",
      "What happens next:",
      ...NEXT_STEPS.map((step, i) => `${i + 1}. ${step.title}: ${step.text}`),
      "",
      "Please do not reply with Social Security numbers, account or card numbers or other sensitive data; we collect what the engagement needs through our secure portal after the Engagement Letter is signed.",
      "",
      `Need us sooner? Call ${ctx.brand.phone} or write to ${ctx.brand.email}.`,
      "",
      ctx.brand.name,
      ctx.publicUrl,
    ].join("\n"),
  };
}

/**
 * The desk's intake mail as the outbox sends it: each of the two kinds is written from the request when it goes,
 * dropped when the request is gone, and after each attempt the request's mail state is brought up to date. When
 * the outbox cannot send at all, the requests still waiting say so.
 */
export function registerIntakeMail(
  outbox: Pick<MailOutbox, "register" | "whenUnavailable">,
  deps: { store: DataStore; config: Config },
) {
  const submissions = contactSubmissions(deps.store);
  const { config } = deps;
  const context = { brand: config.brand, publicUrl: config.publicUrl, notifyTo: config.intakeNotifyTo };
  for (const kind of INTAKE_MAIL_KINDS) {
    outbox.register(
      kind,
      (mail) => {
        const submission = mail.submissionId === null ? null : submissions.byId(mail.submissionId);
        return submission ? intakeMessage(kind, submission, context) : null;
      },
      (mail) => {
        if (mail.submissionId !== null) submissions.refreshMailState(mail.submissionId);
      },
    );
  }
  // After the server listens, a batch at a time (ADR 289): with mail off, every request ever stored may wait.
  outbox.whenUnavailable((slicing) => {
    let after = 0;
    return inSlices(() => {
      const last = submissions.noteMailUnavailableAfter(MAIL_NOT_CONFIGURED, after, 200);
      if (last === null) return false;
      after = last;
      return true;
    }, slicing);
  });
}
