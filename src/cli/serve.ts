import pkg from "../../package.json";
import { createApp } from "../app";
import { composeRoot } from "../compose";
import { ConfigError, loadConfig } from "../config";
import { listenWarnings } from "../config-checks";
import { BUILD } from "../contracts/build-info";
import { closeDatabase } from "../db";
import { MANIFEST } from "../generated/assets";
import { createLogger } from "../log";
import { backupSettings } from "../modules/backups";
import { openDataStore } from "../ops/data-store";
import { holdDataKeys } from "../ops/key-holder";
import { countReads, type ReadCounter } from "../ops/start-reads";
import { startSteps } from "../ops/start-steps";
import { loadSessionSecrets } from "../secrets";

const MAX_BODY_BYTES = 21 * 1024 * 1024;
const IDLE_TIMEOUT_S = 30;
/** How long a stop waits for requests in flight before closing their connections. */
const STOP_GRACE_MS = 8000;

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
    if (typeof options === "object" && /ENOTFOUND|EADDRNOTAVAIL|EINVAL/.test(String(error))) {
      throw new ConfigError(
        `Invalid HOST: cannot listen on ${JSON.stringify(options.hostname)} (${(error as Error).message}): give an address of this machine (127.0.0.1 behind a proxy, 0.0.0.0 for every interface).`,
      );
    }
    throw error;
  }
}

/** What came before serve() ran, as main.ts measured it: the runtime's start, then the server's modules. */
export type BeforeServe = { runtimeMs?: number; modulesMs?: number };

export async function serve(before: BeforeServe = {}): Promise<number> {
  // From the process's own start (the runtime, then evaluating main.ts and the server's modules) to here.
  const entered = performance.now();
  // The handlers come first, before any line says the server started: a signal sent as soon as one appears
  // (systemd, a test, an operator) must find them, not the default that ends the process unflushed. The start
  // below runs without a pause, so a signal is handled after it, by the stop it defines.
  let stop = (_signal: string): Promise<void> => Promise.resolve();
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  const config = loadConfig(process.env);
  // The backup settings are read here, once, and handed to the root: a bad BACKUP_* value must stop the start
  // before the data folder is opened (where a first start makes its key).
  const backupPlan = backupSettings(process.env, { dataDir: config.dataDir, timeZone: config.desk.timeZone });
  const logger = createLogger(config.logLevel);
  // What the start costs before the first request can be answered, in the log (ADR 135).
  // Each step by name too (ADR 289): a step whose cost grows with what is stored shows which it is.
  const steps = startSteps();
  const { time } = steps;
  const started = performance.now();
  // What the start reads before it listens, which must not grow with what is stored (ADR 308).
  let reads: ReadCounter | null = null;
  const store = openDataStore(config, {
    logger,
    steps,
    opened: (db) => {
      reads = countReads(db);
    },
  });
  const { db } = store;
  // Which keys this server holds, for `keys rotate` to ask before it rewrites a value (ADR 286).
  const releaseKeys = holdDataKeys(store, logger);
  const opened = performance.now();
  const sessionSecrets = time("sessionSecrets", () => loadSessionSecrets(config));
  // One root for the server's routes and its timers, the same every command that runs a job builds (ADR 277).
  const root = time("compose", () =>
    composeRoot({ config, store, logger, sessionSecrets, backupSettings: backupPlan }),
  );
  root.startup({ steps });
  const app = time("createApp", () => createApp({ root, manifest: MANIFEST }));
  const composed = performance.now();
  time("listen", () =>
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
    }),
  );
  const server = app.server;
  const mailOutbox = root.mailOutbox;
  const readsBeforeListen = (reads as ReadCounter | null)?.stop();
  logger.info("listening", {
    url: `http://${config.host}:${server?.port}`,
    publicUrl: config.publicUrl,
    version: pkg.version,
    commit: BUILD.commit,
    processMs: Math.round(entered),
    runtimeMs: before.runtimeMs === undefined ? undefined : Math.round(before.runtimeMs),
    modulesMs: before.modulesMs === undefined ? undefined : Math.round(before.modulesMs),
    dataStoreMs: Math.round(opened - started),
    appMs: Math.round(composed - opened),
    listenMs: Math.round(performance.now() - composed),
    steps: steps.figures(),
    // Since the process started: what a first answer waits for beyond it is the first request's own work.
    atMs: Math.round(performance.now()),
    reads: readsBeforeListen,
  });
  for (const { line, hint } of listenWarnings(config, process.env)) logger.warn(line, { hint });

  // What grows with what is stored waits for the listen (ADR 289) and goes a batch at a time between requests:
  // the outbox (with mail off, the requests note why their mail waits), the due times and the ledger's backfill,
  // then the jobs (the retention purge, the uploads' expiry, the digest, the subscriptions' and the statements'
  // calendar, the backups: each now or when owed, then on its own schedule), which read what the catch-up wrote.
  const background = new AbortController();
  const slicing = { signal: background.signal };
  let stopJobs = () => {};
  let caughtUp: Promise<void> = Promise.resolve();
  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    // The outbox stops while requests drain, not after: a mail server that never answers costs at most
    // STOP_WAIT_MS of the same grace, and the whole stop stays within 10 s (systemd kills at 20 s, unflushed).
    const mailStopped = mailOutbox.stop();
    // No further batch of the catch-up starts; what was written stays (each batch is its own transaction).
    background.abort();
    const drained = server?.stop(false);
    const timedOut = await Promise.race([
      drained?.then(() => false),
      Bun.sleep(STOP_GRACE_MS).then(() => true),
    ]);
    if (timedOut) {
      logger.warn("stop_grace_expired", { graceMs: STOP_GRACE_MS });
      await server?.stop(true);
    }
    await caughtUp;
    stopJobs();
    await mailStopped;
    releaseKeys();
    closeDatabase(db);
    logger.info("stopped");
    process.exit(0);
  };

  caughtUp = (async () => {
    const from = performance.now();
    const mailNoted = mailOutbox.start({ slicing });
    const done = await root.catchUpInSlices(slicing);
    if (background.signal.aborted) return;
    const jobSteps = startSteps();
    const jobs = root.startJobs(jobSteps, slicing);
    stopJobs = jobs.stop;
    await Promise.all([mailNoted, jobs.firstPurge]);
    if (background.signal.aborted) return;
    logger.info("catch_up_done", {
      ...done,
      ms: Math.round(performance.now() - from),
      jobs: jobSteps.figures(),
    });
  })().catch((error: unknown) =>
    logger.error("catch_up_failed", { error: error instanceof Error ? error.message : String(error) }),
  );

  return new Promise<number>(() => {});
}
