import type { Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { Brand } from "../../contracts/brand";
import { toOneLine } from "../../contracts/fields";
import { urgencyOf } from "../../contracts/mail-kinds";
import { DataKeyError } from "../../db/cipher";
import type { Logger } from "../../log";
import type { Slicing } from "../../ops/slices";
import type { DataStore } from "../../store";
import { automaticMail, type MailMessage } from "./lib/automatic";
import { type OutboxHold, outboxHold, releaseOutbox } from "./lib/hold";
import { type EnqueueMail, mailOutboxRepo, type OutboxRow } from "./repo/mail-outbox";

export const MAIL_NOT_CONFIGURED =
  "Mail is not configured (SMTP_URL is not set): nothing was sent. The request is stored and its emails will go out once SMTP_URL is set.";

/** Waits between attempts: 30 s, doubling, at most an hour; after MAX_ATTEMPTS the message is given up. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** How often a mail waiting for a data key is tried again by the same server (a restart tries it at once). */
export const KEY_WAIT_RETRY_MS = 60_000;
export const MAX_ATTEMPTS = 20;
const POLL_MS = 15_000;
/** How many due mails are chosen at a time; a run goes on choosing until none is left (or none can go). */
const BATCH = 20;
/** Transactional mail first (ADR 225); any kind not listed waits with the bulk. */
const rank = (kind: string) => (urgencyOf(kind) === "transactional" ? 0 : 1);
/**
 * How long a stop lets the message being sent finish. Past that it is left as it was (pending, the attempt not
 * counted) and goes out at the next start: a mail server that never answers must not hold up a shutdown.
 */
export const STOP_WAIT_MS = 3000;

export type Send = (message: MailMessage & { from: string }) => Promise<void>;

/** Builds a queued mail's message when it is sent; null when what it was about is gone (it is dropped). */
export type RenderMail = (mail: OutboxRow) => MailMessage | null;
type Registration = { render: RenderMail; settled?: (mail: OutboxRow) => void };
/** How an attempt ended: sent, to be retried, given up, or dropped (what it was about is gone). */
export type AttemptOutcome = "sent" | "retry" | "given-up" | "dropped";

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
): { send: Send; verify: () => Promise<unknown>; close: () => void } {
  // The timeouts are transport options, next to the URL (a second argument would be the messages' defaults):
  // without them a server that accepts and never greets holds each attempt for nodemailer's 30 s and more.
  // nodemailer is loaded at the first send, not at the start (ADR 236).
  let transport: Transporter | undefined;
  const open = async () =>
    (transport ??= (await import("nodemailer")).default.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }));
  return {
    send: async (m) => {
      const mail = automaticMail(m, ctx);
      await (await open()).sendMail({
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
        attachments: m.attachments?.map((a) => ({ ...a })),
      });
    },
    // A connection and greeting (and the sign-in, when the URL has one), no message: is the server there now?
    verify: async () => (await open()).verify(),
    close: () => transport?.close(),
  };
}

/**
 * The durable outbox: every e-mail is a row committed with what it is about (an intake's two messages are
 * written with the intake), and this worker sends the due ones, retrying with backoff through an SMTP outage,
 * mail someone is waiting on before bulk mail (ADR 225). Features register how each kind of mail is rendered. The server starts it and stops it on shutdown; tests
 * call runOnce() directly.
 */
export function createMailOutbox(deps: {
  config: Config;
  store: DataStore;
  logger: Logger;
  now: () => Date;
}) {
  const { config, logger } = deps;
  const outbox = mailOutboxRepo(deps.store);
  const kinds = new Map<string, Registration>();
  const { now } = deps;
  const sender = config.smtpUrl
    ? smtpSender(config.smtpUrl, { brand: config.brand, publicUrl: config.publicUrl })
    : null;
  const from = config.mailFrom ?? `"${config.brand.name}" <${config.brand.email}>`;
  /** The site's sender address under a person's name: `"Dana Whitfield, Tracewell" <hello@…>`. */
  const personalFrom = (name: string) => {
    const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
    const shown = toOneLine(`${name}, ${config.brand.name}`).replace(/["\\]/g, "\\$&");
    return `"${shown}" <${address}>`;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  /** The run in progress, or the last one; `busy` says whether it is still going. */
  let running: Promise<number> | null = null;
  let busy = false;
  /**
   * Set by a wake (or a runOnce) that arrives while a run is sending: the run chooses its next mail afresh (a
   * portal link queued meanwhile goes next) and does not end before it has.
   */
  let woken = false;
  /** The kind the run in progress is limited to; a wake for every kind widens it. */
  let runKind: string | undefined;
  /** Set by stop(): no further message is started. */
  let stopping = false;
  /** Set when a stop gave up waiting for a send: what it answers later is not recorded (the row stays pending). */
  let abandoned = false;

  /** Whether this run's key problem was logged: once, until a mail goes again (ADR 286). */
  let keyWaitLogged = false;
  /** Whether the hold was seen: logged once, and the release logged when it goes. */
  let heldSeen = false;
  const hold = (): OutboxHold | null => outboxHold(config.dataDir);

  /**
   * What the features asked to be told when the outbox starts with no way to send (no SMTP_URL): each may work
   * after the start, in batches (its promise).
   */
  const unavailable: ((slicing: Slicing) => Promise<unknown>)[] = [];

  /** Told of every attempt's end, whatever the kind (the portal's links of a queued mail, ADR 306). */
  const attemptListeners: ((mail: OutboxRow, outcome: AttemptOutcome) => void)[] = [];
  // What the mail's feature keeps about it (a request's mail state) is updated in a savepoint of its own: if
  // that fails, the attempt's result is still recorded, so a sent mail is never sent again.
  const afterAttempt = deps.store.db.transaction((mail: OutboxRow, outcome: AttemptOutcome) => {
    if (outcome !== "dropped") kinds.get(mail.kind)?.settled?.(mail);
    for (const listener of attemptListeners) listener(mail, outcome);
  });
  const told = (mail: OutboxRow, outcome: AttemptOutcome) => {
    try {
      afterAttempt(mail, outcome);
    } catch (error) {
      logger.error("mail_settle_failed", { outboxId: mail.id, kind: mail.kind, error: String(error) });
    }
  };
  const settle = deps.store.db.transaction((mail: OutboxRow, outcome: AttemptOutcome, record: () => void) => {
    record();
    told(mail, outcome);
  });
  // A dropped row is told before it goes: what hangs off it is still found by its id.
  const dropRow = deps.store.db.transaction((mail: OutboxRow) => {
    told(mail, "dropped");
    outbox.drop(mail);
  });

  /** Records why an attempt failed: retried with backoff, or given up (`giveUp`) until staff retry it. */
  function recordFailure(mail: OutboxRow, error: unknown, giveUp: boolean) {
    const attempts = mail.attempts + 1;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    const at = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
    settle(mail, giveUp ? "given-up" : "retry", () =>
      outbox.recordFailure(mail, reason, { state: giveUp ? "failed" : "pending", at }),
    );
    logger.warn("mail_failed", {
      outboxId: mail.id,
      kind: mail.kind,
      attempts,
      code: (error as { code?: string }).code,
      responseCode: (error as { responseCode?: number }).responseCode,
      retryAt: giveUp ? undefined : at,
    });
  }

  function waitForKey(mail: OutboxRow, error: DataKeyError) {
    const reason = `Waiting for the data key: ${error.message}. Start the server with every key in DATA_KEY (new first, then the old ones); the mail is sent then.`;
    outbox.recordKeyWait(mail, reason, new Date(now().getTime() + KEY_WAIT_RETRY_MS).toISOString());
    if (keyWaitLogged) return;
    keyWaitLogged = true;
    logger.error("mail_waiting_for_data_key", {
      outboxId: mail.id,
      kind: mail.kind,
      reason: error.message,
      hint: "Mail whose data this server's DATA_KEY cannot read stays queued, none given up: restart the server with the key it was written with (DATA_KEY=NEW,OLD)",
    });
  }

  /**
   * One attempt: `sent`; `failed` when the mail server could not take it now (it is retried later); `settled`
   * when it will not be sent in this run whatever the server does (dropped, given up, refused for good).
   */
  async function deliver(mail: OutboxRow): Promise<"sent" | "failed" | "settled"> {
    // Only registered kinds are due (a kind written by a newer version is left for that version).
    const kind = kinds.get(mail.kind);
    if (!sender || !kind) return "settled";
    let message: MailMessage | null;
    try {
      message = kind.render(mail);
    } catch (error) {
      // Data written with a key this server does not hold (a rotation run while it held only the old key): not
      // the mail's fault. It waits, pending and its attempts uncounted, for a server with the key (ADR 286).
      if (error instanceof DataKeyError) {
        waitForKey(mail, error);
        return "settled";
      }
      // A mail that cannot be written (its data cannot be read, its template fails) will not be written by
      // trying again: it is given up with the reason, and the mails behind it go on.
      recordFailure(mail, error, true);
      return "settled";
    }
    if (!message) {
      dropRow(mail);
      logger.info("mail_dropped", { outboxId: mail.id, kind: mail.kind, reason: "subject gone" });
      return "settled";
    }
    try {
      await sender.send({ ...message, from: message.fromName ? personalFrom(message.fromName) : from });
    } catch (error) {
      if (abandoned) return "settled";
      const permanent = isPermanent(error);
      recordFailure(mail, error, permanent || mail.attempts + 1 >= MAX_ATTEMPTS);
      return permanent ? "settled" : "failed";
    }
    // Left to the next start by a stop (the database may be closed): it is sent again then.
    if (abandoned) return "settled";
    settle(mail, "sent", () => outbox.recordSent(mail, now().toISOString()));
    keyWaitLogged = false;
    logger.info("mail_sent", { outboxId: mail.id, kind: mail.kind, attempts: mail.attempts + 1 });
    return "sent";
  }

  /**
   * The next batch of due mail of the kinds this version can send: transactional before bulk, then first queued
   * first. Asking by kind keeps rows of a kind only a newer version knows (left queued for it) from filling every
   * batch and holding up the rest.
   */
  function dueOf(sendable: readonly string[]): OutboxRow[] {
    const at = now().toISOString();
    return sendable
      .flatMap((kind) => outbox.due(at, BATCH, kind))
      .sort((a, b) => rank(a.kind) - rank(b.kind) || a.id - b.id)
      .slice(0, BATCH);
  }

  /**
   * Sends batch after batch until nothing is due, a wake asks for a fresh choice, or a batch sent nothing and
   * could not reach the mail server (down, or slow to refuse): the next poll tries again, each mail on its own
   * backoff, rather than this run spending every queued mail's attempt on an outage.
   */
  async function sendDue(tried: Set<number>): Promise<number> {
    let sent = 0;
    while (!stopping && !woken) {
      const batch = dueOf(runKind ? [runKind] : [...kinds.keys()]).filter((m) => !tried.has(m.id));
      if (batch.length === 0) break;
      let sentNow = 0;
      let failedNow = 0;
      for (const mail of batch) {
        if (stopping || woken) break;
        tried.add(mail.id);
        const result = await deliver(mail);
        if (result === "sent") sentNow++;
        else if (result === "failed") failedNow++;
      }
      sent += sentNow;
      if (sentNow === 0 && failedNow > 0) break;
    }
    return sent;
  }

  /** One run: sends what is due, choosing again after each wake, until nothing that can go is left. */
  async function run(): Promise<number> {
    // Each mail is tried once a run: one that stays due after its attempt (a stop abandoned it) waits.
    const tried = new Set<number>();
    let sent = 0;
    try {
      do {
        woken = false;
        sent += await sendDue(tried);
      } while (woken && !stopping);
      return sent;
    } finally {
      // In the same step as the last check of `woken`: a wake from now on starts a run of its own.
      busy = false;
      runKind = undefined;
    }
  }

  /**
   * Sends every message that is due (of one kind only when `only.kind` is given: a command-line run sends its
   * own mail, not the server's). A call while a run is sending joins it and makes it look again before it
   * ends, so what was queued just before the call goes in this run. Resolves to the number sent.
   */
  function runOnce(only: { kind?: string } = {}): Promise<number> {
    if (!sender) return Promise.resolve(0);
    // A restored folder sends nothing until the operator releases it (ADR 287): a drill never mails clients.
    const held = hold();
    if (held) {
      if (!heldSeen) logHold(held);
      heldSeen = true;
      return Promise.resolve(0);
    }
    if (heldSeen) {
      heldSeen = false;
      logger.info("outbox_released", {});
    }
    if (busy && running) {
      woken = true;
      if (only.kind !== runKind) runKind = undefined;
      return running;
    }
    busy = true;
    runKind = only.kind;
    running = run();
    return running;
  }

  function logHold(held: OutboxHold) {
    logger.warn("outbox_held", {
      since: held.since,
      reason: held.reason,
      hint: 'Nothing is sent from this data folder until "tracewell outbox release" (or the admin\'s Backups screen) releases it',
    });
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
    /**
     * Told after every attempt of every kind, in the write that records it (and before a dropped row goes):
     * what a feature made for a mail being sent is settled with it (ADR 306).
     */
    afterAttempt(listener: (mail: OutboxRow, outcome: AttemptOutcome) => void) {
      attemptListeners.push(listener);
    },
    /** Called at start when no mail can be sent: a feature notes it where its staff look (the desk's requests). */
    whenUnavailable(tell: (slicing: Slicing) => Promise<unknown>) {
      unavailable.push(tell);
    },
    /** The kinds registered so far: once the app is composed, every kind of MAIL_KINDS and no other. */
    kinds: () => [...kinds.keys()],
    /** Queues a mail (due now unless `at` is given); null when its dedupe key was already used. */
    enqueue(mail: Omit<EnqueueMail, "at"> & { at?: string }): number | null {
      return outbox.enqueue({ ...mail, at: mail.at ?? now().toISOString() });
    },
    /** What a new submission's emailError says before any attempt: set only when mail cannot go out. */
    initialError: sender ? null : MAIL_NOT_CONFIGURED,
    /** How many mails wait to go and how many were given up. */
    counts: () => outbox.counts(),
    /** How many mails wait for a data key this server does not hold. */
    keyWaits: () => outbox.keyWaits(),
    /** The hold on a restored folder's outbox, or null (ADR 287). */
    hold,
    /** Releases the hold: the waiting mail goes now. False when nothing was held. */
    release(): boolean {
      const released = releaseOutbox(config.dataDir);
      if (released && timer) queueMicrotask(tick);
      return released;
    },
    /** Whether a mail has ever reached the mail server: what proves the settings work, not only exist. */
    delivered: () => outbox.anySent(),
    /** Whether the mail server answers now: "off" without SMTP_URL, else "ok" or why not. */
    reachable: async (): Promise<"ok" | "off" | { error: string }> => {
      if (!sender) return "off";
      try {
        await sender.verify();
        return "ok";
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    /**
     * `tracewell doctor`'s look at mail (ADR 293): the SMTP handshake now (connect, greeting, EHLO, STARTTLS and
     * AUTH as SMTP_URL asks, QUIT), and with `testTo` a test message sent at once through the same sender as
     * every mail (its From, its automatic headers), never queued, so the answer is the mail server's own.
     */
    probe: async (
      testTo?: string,
    ): Promise<
      | { state: "off" }
      | { state: "ok"; from: string; sent: boolean }
      | { state: "failed"; stage: "handshake" | "send"; error: unknown }
    > => {
      if (!sender) return { state: "off" };
      try {
        await sender.verify();
      } catch (error) {
        sender.close();
        return { state: "failed", stage: "handshake", error };
      }
      if (testTo === undefined) {
        sender.close();
        return { state: "ok", from, sent: false };
      }
      try {
        await sender.send({
          from,
          to: testTo,
          subject: `Test mail from ${config.brand.name}`,
          text: `This is a test mail sent by "tracewell doctor --send-test" on the server of ${config.publicUrl}.\n\nIt arrived: mail from the site reaches ${testTo}. Nothing needs doing.\n`,
        });
        return { state: "ok", from, sent: true };
      } catch (error) {
        return { state: "failed", stage: "send", error };
      } finally {
        sender.close();
      }
    },
    /** One queued mail's delivery state. */
    delivery: (id: number | null) => (id === null ? undefined : outbox.delivery(id)),
    runOnce,
    /**
     * Sends what is due now and every `pollMs` (15 s); wakes send sooner. Without SMTP_URL, tells the features
     * instead; resolves once what they do about it is done (the server logs it with its catch-up).
     */
    start({ pollMs = POLL_MS, slicing = {} }: { pollMs?: number; slicing?: Slicing } = {}): Promise<void> {
      if (timer) return Promise.resolve();
      const held = hold();
      if (held) {
        heldSeen = true;
        logHold(held);
      }
      if (!sender) {
        logger.warn("mail_not_configured", { hint: "Set SMTP_URL to send intake emails" });
        return Promise.all(unavailable.map((tell) => tell(slicing))).then(() => undefined);
      }
      // Mail that waited for a key another server lacked: this one may hold it, so it tries them now.
      outbox.keyWaitsDueAt(now().toISOString());
      timer = setInterval(tick, pollMs);
      tick();
      return Promise.resolve();
    },
    /**
     * After a mail is committed: send now rather than at the next poll (only while started). During a run, the
     * run chooses its next mail again, so a transactional one goes next, and does not end without it.
     */
    wake() {
      if (timer) queueMicrotask(tick);
    },
    /**
     * Starts no further message and lets the one being sent finish for up to `waitMs`; one still unanswered then
     * stays pending, its attempt uncounted, and goes out at the next start.
     */
    async stop(waitMs = STOP_WAIT_MS) {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      if (running && !(await settlesWithin(running, waitMs))) {
        abandoned = true;
        logger.warn("mail_stop_interrupted", {
          waitedMs: waitMs,
          hint: "The message is sent at the next start",
        });
      }
      sender?.close();
    },
  };
}

/** Whether `work` settles (either way) within `ms`; the timer is cleared as soon as it does. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<false>((resolve) => {
    timeout = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, expired]);
  } finally {
    clearTimeout(timeout);
  }
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
