import { composeRoot, type Root } from "../compose";
import type { Config } from "../config";
import { closeDatabase } from "../db";
import { type Logger, silentLogger } from "../log";
import { DIGEST_KIND } from "../modules/desk";
import { documentRemindersCli } from "../modules/document-requests";
import { statementsCli } from "../modules/statements";
import { subscriptionsCli } from "../modules/subscriptions";
import type { DataStore } from "../store";

/**
 * The operator's commands that run a job of the firm's calendar (`tracewell subscriptions`, `statements`, `digest`):
 * each builds the composition root over the data folder it opens, as the server does (src/compose.ts, ADR 277),
 * brings the data up to date as the server's start does (`catchUp`), and runs the job the server's timer runs, on
 * the same object. Mail is queued in the data folder's outbox; the server sends it (the digest sends its own).
 */
export type CalendarCommandDeps = {
  config: Config;
  /** The data folder with its key (`dataStoreFor`); its clock is the command's today. */
  openStore: () => DataStore;
  logger?: Logger;
  io?: Partial<{ stdout: (s: string) => void; stderr: (s: string) => void }>;
};

/** The root over a store a command opened, caught up as at the server's start. */
export function commandRoot(store: DataStore, deps: Pick<CalendarCommandDeps, "config" | "logger">): Root {
  const root = composeRoot({ config: deps.config, store, logger: deps.logger ?? silentLogger });
  root.catchUp();
  return root;
}

/** `tracewell subscriptions [--as-of YYYY-MM-DD] [--dry-run]`: the subscriptions' day, as the server's timer runs it. */
export const subscriptionsCommand = (args: string[], deps: CalendarCommandDeps): number =>
  subscriptionsCli(args, {
    openStore: deps.openStore,
    subscriptionsOf: (store) => commandRoot(store, deps).subscriptions,
    io: deps.io,
  });

/** `tracewell statements [--as-of YYYY-MM-DD] [--dry-run]`: the month's statements, as the server's timer issues them. */
export const statementsCommand = (args: string[], deps: CalendarCommandDeps): Promise<number> =>
  statementsCli(args, {
    openStore: deps.openStore,
    statementsOf: (store) => commandRoot(store, deps).statements,
    io: deps.io,
  });

/** `tracewell document-reminders [--as-of YYYY-MM-DD] [--dry-run]`: the day's reminders of documents due. */
export const documentRemindersCommand = (args: string[], deps: CalendarCommandDeps) =>
  documentRemindersCli(args, {
    openStore: deps.openStore,
    remindersOf: (store) => commandRoot(store, deps).documentRequests.jobs,
    io: deps.io,
  });

/**
 * `tracewell scan-uploads`: the uploads held while the virus scanner did not answer, scanned again as the server's
 * timer does (ADR 304), and the quarantined files past their days removed. Exit 1 while any is still held.
 */
export async function scanUploadsCommand(deps: CalendarCommandDeps): Promise<number> {
  const stdout = deps.io?.stdout ?? ((s: string) => process.stdout.write(s));
  const stderr = deps.io?.stderr ?? ((s: string) => process.stderr.write(s));
  const store = deps.openStore();
  try {
    const root = commandRoot(store, deps);
    const run = await root.documents.service.scanHeld();
    stdout(
      `Uploads scanned again: ${run.accepted} accepted, ${run.quarantined} quarantined, ${run.held} still held; ${run.removed} quarantined file${run.removed === 1 ? "" : "s"} removed.\n`,
    );
    if (run.held === 0) return 0;
    stderr(
      root.documents.scanned
        ? "The virus scanner (CLAMD_URL) does not answer: held uploads stay held until it does.\n"
        : "CLAMD_URL is not set: held uploads stay held until a scanner is configured.\n",
    );
    return 1;
  } finally {
    closeDatabase(store.db);
  }
}

/**
 * `tracewell digest`: queues today's digest (the server's own, its backup warnings included) and sends it, with
 * nothing else of the outbox, before exiting. Returns the exit code.
 */
export async function digestCommand(deps: CalendarCommandDeps): Promise<number> {
  const { config } = deps;
  const stdout = deps.io?.stdout ?? ((s: string) => process.stdout.write(s));
  const stderr = deps.io?.stderr ?? ((s: string) => process.stderr.write(s));
  const store = deps.openStore();
  try {
    // The server's other start-up work (the desk's search index reads every request) is no business of a command
    // that sends one e-mail: only catchUp, which the digest's due times depend on.
    const root = commandRoot(store, deps);
    const outbox = root.mailOutbox;
    const result = root.deskDigest.sendNow();
    if (!result.sent) {
      stdout(`Nothing waits for a first response on ${result.day}: no digest sent.\n`);
      return 0;
    }
    if (!outbox.configured) {
      stderr(`Digest queued, but SMTP_URL is not set: it goes out once mail is configured.\n`);
      return 1;
    }
    await outbox.runOnce({ kind: DIGEST_KIND });
    const delivery = outbox.delivery(result.outboxId);
    await outbox.stop();
    if (delivery?.state !== "sent") {
      stderr(
        `Digest queued; sending failed (${delivery?.lastError ?? "unknown error"}). The server retries it.\n`,
      );
      return 1;
    }
    stdout(
      `Digest for ${result.day} sent to ${config.intakeNotifyTo}: ${result.overdue} overdue, ${result.dueToday} due today.\n`,
    );
    return 0;
  } finally {
    closeDatabase(store.db);
  }
}
