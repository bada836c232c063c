import { join } from "node:path";
import pkg from "../package.json";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { closeDatabase } from "./db";
import { DataKeyError } from "./db/cipher";
import { MANIFEST } from "./generated/assets";
import { createLogger } from "./log";
import { ADMIN_HELP, adminCli } from "./modules/auth/cli";
import { createDigest, DIGEST_KIND } from "./modules/desk/digest";
import { createDueService } from "./modules/desk/due-service";
import { createMailOutbox } from "./modules/mail";
import { RETENTION_HELP, retentionCli } from "./modules/privacy/cli";
import { resetMfaCli, STAFF_HELP } from "./modules/staff/cli";
import { backup } from "./ops/backup";
import { COMMAND_DATA, databaseFor, dataStoreFor } from "./ops/commands";
import { DATABASE_FILE, openDataStore } from "./ops/data-store";
import { KEYS_HELP, keysCli } from "./ops/keys-cli";
import { loadSessionSecrets } from "./secrets";
import { systemClock } from "./store";

const MAX_BODY_BYTES = 21 * 1024 * 1024;
const IDLE_TIMEOUT_S = 30;
/** How long a stop waits for requests in flight before closing their connections. */
const STOP_GRACE_MS = 8000;

const NEEDS_KEY = Object.entries(COMMAND_DATA).flatMap(([command, need]) =>
  need === "data key" ? [command] : [],
);

const HELP = `${pkg.name} ${pkg.version}: the Tracewell website, intake and admin in one executable.

Usage:
  tracewell [serve]      Serve the site (the default).
${ADMIN_HELP}
${STAFF_HELP}
${KEYS_HELP}
  tracewell backup <file>
                         Write an online, consistent copy of the database to <file> (uploads beside it as
                         <file>.uploads/, the portal's sealed documents as <file>.documents/). Safe while
                         the server runs. The data key is never copied: keep it apart from the backups,
                         which are unreadable without it.
${RETENTION_HELP}
  tracewell digest       Send today's morning digest of the intake desk (requests overdue and due today) to
                         INTAKE_NOTIFY_TO now, whatever the hour; nothing is sent when nothing waits.
  tracewell healthcheck  Exit 0 when the server on PORT answers GET /healthz with 200 (for containers).
  tracewell --help       Show this help.
  tracewell --version    Print the version.

The data key (DATA_KEY, else DATA_DIR/data-key) is needed by ${NEEDS_KEY.join(", ")} only: run them with the
server's environment. The other commands never read, check or make a key.

Environment (see .env.example):
  PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), PUBLIC_URL, SESSION_SECRET, DATA_KEY, SMTP_URL, MAIL_FROM,
  INTAKE_NOTIFY_TO, TRUST_PROXY, ADMIN_USERNAME, ADMIN_PASSWORD, DEMO, REQUIRE_MFA, LOG_LEVEL,
  BODY_TIMEOUT (120), FIRM_TIMEZONE (America/New_York), BUSINESS_HOURS (Mon-Fri 09:00-17:00),
  HOLIDAYS (US), RESPONSE_SLA_HOURS (8), BRAND_*.
`;

async function main(argv: string[]): Promise<number> {
  const [command = "serve"] = argv;
  // The database, its backups and the uploads hold clients' personal data: files this process creates are
  // readable by its own user only, however it was started (the systemd unit says the same with UMask).
  process.umask(0o077);
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  // What each command opens, and whether it needs the data key, is declared in src/ops/commands.ts.
  if (command === "admin" && argv[1] === "reset-mfa") {
    const config = loadConfig(process.env);
    return resetMfaCli(argv.slice(2), {
      openDb: () => databaseFor("admin reset-mfa", config),
      now: systemClock,
    });
  }
  if (command === "admin") {
    const config = loadConfig(process.env);
    const action = argv[1] === "passwd" ? "admin passwd" : "admin create";
    return adminCli(argv.slice(1), { config, openDb: () => databaseFor(action, config), now: systemClock });
  }
  if (command === "keys") {
    return keysCli(argv.slice(1), {
      openStore: () => {
        const config = loadConfig(process.env);
        return { ...dataStoreFor("keys rotate", config), dataDir: config.dataDir };
      },
    });
  }
  if (command === "retention") {
    const config = loadConfig(process.env);
    return retentionCli(argv.slice(1), { openDb: () => databaseFor("retention", config), now: systemClock });
  }
  if (command === "backup") {
    const target = argv[1];
    if (!target || target.startsWith("-")) {
      process.stderr.write("Usage: tracewell backup <file>\n");
      return 2;
    }
    const config = loadConfig(process.env);
    const result = backup(join(config.dataDir, DATABASE_FILE), config.dataDir, target);
    process.stdout.write(
      `Backed up to ${result.database} (${result.bytes} bytes)${result.uploads ? `, uploads to ${result.uploads}` : ""}${result.documents ? `, documents to ${result.documents}` : ""}\n`,
    );
    return 0;
  }
  if (command === "digest") return digestNow();
  if (command === "healthcheck") {
    const config = loadConfig(process.env);
    const res = await fetch(`http://127.0.0.1:${config.port}/healthz`, {
      signal: AbortSignal.timeout(2000),
    }).catch(() => undefined);
    return res?.status === 200 ? 0 : 1;
  }
  if (command !== "serve") {
    process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
    return 2;
  }
  return serve();
}

/** `tracewell digest`: queues today's digest and sends it (with anything else due in the outbox) before exiting. */
async function digestNow(): Promise<number> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const store = dataStoreFor("digest", config, { logger });
  const { db, clock: now } = store;
  try {
    // Only what the digest needs: the server's other start-up work (the desk's search index reads every
    // request) is no business of a command that sends one e-mail.
    const outbox = createMailOutbox({ config, store, logger, now });
    const due = createDueService({ store, config, now });
    // As at the server's start: the clock's settings may have changed since the due times were stored.
    due.recomputeWaiting();
    const result = createDigest({ store, config, due, outbox, logger, now }).sendNow();
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

/** Listens, or stops the start with one line an operator can act on (another server holds the port). */
function listen(
  app: ReturnType<typeof createApp>,
  options: Parameters<ReturnType<typeof createApp>["listen"]>[0],
) {
  try {
    app.listen(options);
  } catch (error) {
    if (typeof options === "object" && /in use/i.test(String(error))) {
      throw new ConfigError(
        `PORT ${options.port} on HOST ${options.hostname} is in use by another process: stop it or choose another PORT.`,
      );
    }
    throw error;
  }
}

async function serve(): Promise<number> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  // What the start costs before the first request can be answered, in the log (ADR 135).
  const started = performance.now();
  const store = openDataStore(config, { logger });
  const { db } = store;
  const opened = performance.now();
  loadSessionSecrets(config);
  const app = createApp({ config, store, manifest: MANIFEST, logger });
  const composed = performance.now();
  listen(app, {
    port: config.port,
    hostname: config.host,
    // Uploads are at most 20 MB; a larger declared body gets Bun's 413 before it is read, a larger chunked
    // one when it passes the limit. IDLE_TIMEOUT_S closes idle keep-alive connections; while a body streams
    // in, Bun resets this timer only on some chunks, so a slow trickle is closed about IDLE_TIMEOUT_S after
    // it started. BODY_TIMEOUT (src/http/body-deadline.ts) is the deadline for every body (ADR 070).
    maxRequestBodySize: MAX_BODY_BYTES,
    idleTimeout: IDLE_TIMEOUT_S,
    // Elysia decides Bun's development mode from NODE_ENV read at run time (the build's define does not reach
    // Bun.env), and development mode's error page shows file paths. The binary is never a development server.
    development: false,
    // Elysia's default lets a second process bind the same port and take half the connections unnoticed.
    reusePort: false,
  });
  const server = app.server;
  const mailOutbox = app.decorator.mailOutbox;
  mailOutbox.start();
  // The retention purge: now, then once a day (ADR 086).
  const stopPurge = app.decorator.retention.startDaily();
  // Unfinished uploads past their 24 hours: now, then every hour (ADR 146).
  const stopUploadExpiry = app.decorator.documents.startExpiry();
  const deskDigest = app.decorator.deskDigest;
  deskDigest.start();
  logger.info("listening", {
    url: `http://${config.host}:${server?.port}`,
    publicUrl: config.publicUrl,
    version: pkg.version,
    dataStoreMs: Math.round(opened - started),
    appMs: Math.round(composed - opened),
    listenMs: Math.round(performance.now() - composed),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    // The outbox stops while requests drain, not after: a mail server that never answers costs at most
    // STOP_WAIT_MS of the same grace, and the whole stop stays within 10 s (systemd kills at 20 s, unflushed).
    const mailStopped = mailOutbox.stop();
    const drained = server?.stop(false);
    const timedOut = await Promise.race([
      drained?.then(() => false),
      Bun.sleep(STOP_GRACE_MS).then(() => true),
    ]);
    if (timedOut) {
      logger.warn("stop_grace_expired", { graceMs: STOP_GRACE_MS });
      await server?.stop(true);
    }
    stopPurge();
    stopUploadExpiry();
    deskDigest.stop();
    await mailStopped;
    closeDatabase(db);
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return new Promise<number>(() => {});
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError || error instanceof DataKeyError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
