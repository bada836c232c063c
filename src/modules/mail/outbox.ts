import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { Brand } from "../../contracts/brand";
import { contactSubmissions, INTAKE_MAIL_KINDS } from "../../db/contact-submissions";
import type { Database } from "../../db/index";
import { type EnqueueMail, mailOutboxRepo, type OutboxRow } from "../../db/mail-outbox";
import type { Logger } from "../../log";
import { automaticMail, type MailMessage } from "./automatic";
import { intakeMessage } from "./intake-messages";

export const MAIL_NOT_CONFIGURED =
  "Mail is not configured (SMTP_URL is not set): nothing was sent. The request is stored and its emails will go out once SMTP_URL is set.";

/** Waits between attempts: 30 s, doubling, at most an hour; after MAX_ATTEMPTS the message is given up. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 20;
const POLL_MS = 15_000;
const BATCH = 20;

export type Send = (message: MailMessage & { from: string }) => Promise<void>;

/** Builds a queued mail's message when it is sent; null when what it was about is gone (it is dropped). */
export type RenderMail = (mail: OutboxRow) => MailMessage | null;
type Registration = { render: RenderMail; settled?: (mail: OutboxRow) => void };

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
        replyTo: m.replyTo,
        messageId: m.messageId,
        inReplyTo: m.inReplyTo,
        references: m.references,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * The durable outbox: every e-mail is a row committed with what it is about (an intake's two messages are
 * written with the intake), and this worker sends the due ones, retrying with backoff through an SMTP outage.
 * Features register how each kind of mail is rendered. The server starts it and stops it on shutdown; tests
 * call runOnce() directly.
 */
export function createMailOutbox(deps: { config: Config; db: Database; logger: Logger; now?: () => Date }) {
  const { config, logger } = deps;
  const submissions = contactSubmissions(deps.db);
  const outbox = mailOutboxRepo(deps.db);
  const kinds = new Map<string, Registration>();
  const now = deps.now ?? (() => new Date());
  const sender = config.smtpUrl
    ? smtpSender(config.smtpUrl, { brand: config.brand, publicUrl: config.publicUrl })
    : null;
  const from = config.mailFrom ?? `"${config.brand.name}" <${config.brand.email}>`;
  const notifyTo = config.intakeNotifyTo;

  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;

  const intakeContext = { brand: config.brand, publicUrl: config.publicUrl, notifyTo };
  for (const kind of INTAKE_MAIL_KINDS) {
    kinds.set(kind, {
      render: (mail) => {
        const submission = mail.submissionId === null ? null : submissions.byId(mail.submissionId);
        return submission ? intakeMessage(kind, submission, intakeContext) : null;
      },
      settled: (mail) => {
        if (mail.submissionId !== null) submissions.refreshMailState(mail.submissionId);
      },
    });
  }

  const settle = deps.db.transaction((mail: OutboxRow, record: () => void) => {
    record();
    kinds.get(mail.kind)?.settled?.(mail);
  });

  async function deliver(mail: OutboxRow): Promise<boolean> {
    if (!sender) return false;
    const kind = kinds.get(mail.kind);
    if (!kind) {
      // A kind this version does not know (written by a newer one): leave it for that version.
      logger.warn("mail_kind_unknown", { outboxId: mail.id, kind: mail.kind });
      return false;
    }
    const message = kind.render(mail);
    if (!message) {
      outbox.drop(mail);
      logger.info("mail_dropped", { outboxId: mail.id, kind: mail.kind, reason: "subject gone" });
      return false;
    }
    try {
      await sender.send({ ...message, from });
      settle(mail, () => outbox.recordSent(mail, now().toISOString()));
      logger.info("mail_sent", { outboxId: mail.id, kind: mail.kind, attempts: mail.attempts + 1 });
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const giveUp = isPermanent(error) || attempts >= MAX_ATTEMPTS;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      const at = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
      settle(mail, () => outbox.recordFailure(mail, reason, { state: giveUp ? "failed" : "pending", at }));
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

  async function sendDue(kind?: string): Promise<number> {
    if (!sender) return 0;
    let sent = 0;
    for (const mail of outbox.due(now().toISOString(), BATCH, kind)) {
      if (await deliver(mail)) sent++;
    }
    return sent;
  }

  /**
   * Sends every message that is due (of one kind only when `only.kind` is given: a command-line run sends its
   * own mail, not the server's); concurrent calls share one run. Resolves to the number sent.
   */
  function runOnce(only: { kind?: string } = {}): Promise<number> {
    if (!running) {
      running = sendDue(only.kind).finally(() => {
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
    /** How a kind of mail is rendered when sent, and what to update after each attempt. */
    register(kind: string, render: RenderMail, settled?: (mail: OutboxRow) => void) {
      kinds.set(kind, { render, settled });
    },
    /** Queues a mail (due now unless `at` is given); null when its dedupe key was already used. */
    enqueue(mail: Omit<EnqueueMail, "at"> & { at?: string }): number | null {
      return outbox.enqueue({ ...mail, at: mail.at ?? now().toISOString() });
    },
    /** What a new submission's emailError says before any attempt: set only when mail cannot go out. */
    initialError: sender ? null : MAIL_NOT_CONFIGURED,
    /** One queued mail's delivery state. */
    delivery: (id: number | null) => (id === null ? undefined : outbox.delivery(id)),
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
