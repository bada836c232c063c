import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { Brand } from "../../contracts/brand";
import type { ContactSubmissions, OutboxRow } from "../../db/contact-submissions";
import type { Logger } from "../../log";
import { automaticMail, type MailMessage } from "./automatic";
import { intakeMessage } from "./intake-messages";

export const MAIL_NOT_CONFIGURED =
  "Mail is not configured (SMTP_URL is not set): nothing was sent. The request is stored and its e-mails will go out once SMTP_URL is set.";

/** Waits between attempts: 30 s, doubling, at most an hour; after MAX_ATTEMPTS the message is given up. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 20;
const POLL_MS = 15_000;
const BATCH = 20;

export type Send = (message: MailMessage & { from: string }) => Promise<void>;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Recipient refused for good (mailbox unknown, domain rejected): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  const command = (error as { command?: string }).command;
  return typeof code === "number" && code >= 550 && code <= 553 && command === "RCPT TO";
}

/** Every message leaves as an automatic mail: its text, the branded HTML alternative, Auto-Submitted. */
function smtpSender(
  smtpUrl: string,
  ctx: { brand: Brand; publicUrl: string },
): { send: Send; close: () => void } {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    send: async (m) => {
      const mail = automaticMail(m, ctx);
      await transport.sendMail({
        from: m.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * The durable outbox: every intake's e-mails are rows committed with the intake, and this worker sends the
 * due ones, retrying with backoff through an SMTP outage. The server starts it and stops it on shutdown;
 * tests call runOnce() directly.
 */
export function createMailOutbox(deps: {
  config: Config;
  submissions: ContactSubmissions;
  logger: Logger;
  now?: () => Date;
}) {
  const { config, submissions, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const sender = config.smtpUrl
    ? smtpSender(config.smtpUrl, { brand: config.brand, publicUrl: config.publicUrl })
    : null;
  const from = config.mailFrom ?? `"${config.brand.name}" <${config.brand.email}>`;
  const notifyTo = config.intakeNotifyTo ?? config.brand.email;

  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;

  async function deliver(mail: OutboxRow): Promise<boolean> {
    const submission = submissions.byId(mail.submissionId);
    if (!submission || !sender) return false;
    const message = intakeMessage(mail.kind, submission, {
      brand: config.brand,
      publicUrl: config.publicUrl,
      notifyTo,
    });
    try {
      await sender.send({ ...message, from });
      submissions.recordSent(mail, now().toISOString());
      logger.info("mail_sent", { outboxId: mail.id, kind: mail.kind, attempts: mail.attempts + 1 });
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const giveUp = isPermanent(error) || attempts >= MAX_ATTEMPTS;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      const at = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
      submissions.recordFailure(mail, reason, { state: giveUp ? "failed" : "pending", at });
      logger.warn("mail_failed", {
        outboxId: mail.id,
        kind: mail.kind,
        attempts,
        code: (error as { code?: string }).code,
        responseCode: (error as { responseCode?: number }).responseCode,
        retryAt: giveUp ? undefined : at,
      });
      return false;
    }
  }

  async function sendDue(): Promise<number> {
    if (!sender) return 0;
    let sent = 0;
    for (const mail of submissions.dueMail(now().toISOString(), BATCH)) {
      if (await deliver(mail)) sent++;
    }
    return sent;
  }

  /** Sends every message that is due; concurrent calls share one run. Resolves to the number sent. */
  function runOnce(): Promise<number> {
    if (!running) {
      running = sendDue().finally(() => {
        running = null;
      });
    }
    return running;
  }

  const tick = () => {
    runOnce().catch((error) => logger.error("mail_worker_error", { error: String(error) }));
  };

  return {
    configured: sender !== null,
    /** What a new submission's emailError says before any attempt: set only when mail cannot go out. */
    initialError: sender ? null : MAIL_NOT_CONFIGURED,
    runOnce,
    start() {
      if (timer) return;
      if (!sender) {
        logger.warn("mail_not_configured", { hint: "Set SMTP_URL to send intake e-mails" });
        submissions.noteMailUnavailable(MAIL_NOT_CONFIGURED);
        return;
      }
      timer = setInterval(tick, POLL_MS);
      tick();
    },
    /** After an intake is committed: send now rather than at the next poll (only while started). */
    wake() {
      if (timer) queueMicrotask(tick);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
      sender?.close();
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
