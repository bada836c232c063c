import { loadConfig } from "../config";
import { closeDatabase } from "../db";
import { createLogger } from "../log";
import { createDigest, DIGEST_KIND } from "../modules/desk";
import { createMailOutbox } from "../modules/mail";
import { dataRequestsRepo } from "../modules/privacy";
import { dataStoreFor } from "../ops/commands";
import { dueServiceOf } from "../parts";

/** `tracewell digest`: queues today's digest and sends it (with anything else due in the outbox) before exiting. */
export async function digestNow(): Promise<number> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const store = dataStoreFor("digest", config, { logger });
  const { db, clock: now } = store;
  try {
    // Only what the digest needs: the server's other start-up work (the desk's search index reads every
    // request) is no business of a command that sends one e-mail.
    const outbox = createMailOutbox({ config, store, logger, now });
    const due = dueServiceOf(store, config);
    // As at the server's start: the clock's settings may have changed since the due times were stored.
    due.recomputeWaiting();
    const result = createDigest({
      store,
      config,
      due,
      outbox,
      logger,
      now,
      dataRequestsDueBy: dataRequestsRepo(store).openDueBy,
    }).sendNow();
    if (!result.sent) {
      process.stdout.write(`Nothing waits for a first response on ${result.day}: no digest sent.\n`);
      return 0;
    }
    if (!outbox.configured) {
      process.stderr.write(`Digest queued, but SMTP_URL is not set: it goes out once mail is configured.\n`);
      return 1;
    }
    await outbox.runOnce({ kind: DIGEST_KIND });
    const delivery = outbox.delivery(result.outboxId);
    await outbox.stop();
    if (delivery?.state !== "sent") {
      process.stderr.write(
        `Digest queued; sending failed (${delivery?.lastError ?? "unknown error"}). The server retries it.\n`,
      );
      return 1;
    }
    process.stdout.write(
      `Digest for ${result.day} sent to ${config.intakeNotifyTo}: ${result.overdue} overdue, ${result.dueToday} due today.\n`,
    );
    return 0;
  } finally {
    closeDatabase(db);
  }
}
