import { join } from "node:path";
import pkg from "../package.json";
import type { Config } from "./config";
import { confirmKeyCopy, keyCopyConfirmed } from "./db/data-key-holders";
import { type Logger, silentLogger } from "./log";
import { createAuth } from "./modules/auth";
import { type BackupSettings, createBackups } from "./modules/backups";
import { createConsultation } from "./modules/consultation";
import { createContent } from "./modules/content";
import { type BuildOptions, contactSubmissions, createDigest, createDueService } from "./modules/desk";
import { createDocumentRequests } from "./modules/document-requests";
import { createDocuments } from "./modules/documents";
import { createPortal, engagementFacts, engagementPayments } from "./modules/engagements";
import { createFirm } from "./modules/firm";
import { createLedger } from "./modules/ledger";
import { confirmationMessageId, createMailOutbox } from "./modules/mail";
import { createPayments } from "./modules/payments";
import { createPrivacy, dataRequestsRepo } from "./modules/privacy";
import { createSetup } from "./modules/setup";
import { createStatements } from "./modules/statements";
import {
  createSubscriptions,
  firstMonthAsked,
  raisedCharges,
  raisedChargesAfter,
} from "./modules/subscriptions";
import { prepareOnFirstUse } from "./ops/prepare-on-first-use";
import { inSlices, type Slicing } from "./ops/slices";
import { type StartSteps, untimed } from "./ops/start-steps";
import { DATA_KEY_FILE, storedSessionSecrets } from "./secrets";
import type { DataStore } from "./store";

/** What the public pages are told when what they show changes (an article, the firm, the privacy policy). */
export type PagesChanged = { clear(): void; staleAt(time: number): void };

/**
 * The hook the features tell when the pages must be rendered again. The app connects its page cache to it
 * (createApp); a command serves no pages, so nothing is connected and the calls do nothing. Kept apart from the
 * page cache itself so that a command never loads the page renderer (React and every page).
 */
function pagesHook() {
  let cache: PagesChanged | null = null;
  return {
    connect: (to: PagesChanged) => {
      cache = to;
    },
    clear: () => cache?.clear(),
    staleAt: (time: number) => cache?.staleAt(time),
  };
}

export type RootDeps = {
  config: Config;
  /** The data folder as openDataStore opened it; its clock is every feature's `now`. */
  store: DataStore;
  logger?: Logger;
  /**
   * What the sign-in cookies are signed with: the server passes loadSessionSecrets' (made at the first start).
   * Without it the configured or stored secrets are read and none is written: a command signs no cookie, so
   * where there is none yet a secret of its own, never kept, does.
   */
  sessionSecrets?: string[];
  /** The BACKUP_* settings as the start read them, before the data folder was opened; else read from the env. */
  backupSettings?: BackupSettings;
};

/**
 * The composition root (ADR 277): every feature's service, hook and job built once from the opened data store
 * and the config, wired to each other here and nowhere else. The server (createApp mounts the features' routes
 * from it) and every command that runs a feature's job (`tracewell subscriptions`, `statements`, `digest`) call
 * this, so a command and the server's timer run the same job with the same hooks: a month a command raises is
 * in the ledger at once, as it is when the server raises it.
 *
 * Building has no effect on the data folder and starts nothing: what the server does once built is `startup()`
 * (the admins from the environment, the search index, `catchUp()`), then `startJobs()`; a command calls
 * `catchUp()` before its run. The features' route plugins are built here too, since each feature hands out its
 * routes with its service, but they answer nothing until createApp mounts them.
 */
export function composeRoot(deps: RootDeps) {
  // Each statement compiles when first run, not here: most of the 1,300 the features prepare wait (ADR 308).
  return prepareOnFirstUse(deps.store.db, () => buildRoot(deps));
}

function buildRoot({ config, store, logger = silentLogger, sessionSecrets, backupSettings }: RootDeps) {
  const { clock: now } = store;
  const pages = pagesHook();
  const submissions = contactSubmissions(store);
  const auth = createAuth({
    store,
    config,
    secrets: sessionSecrets ??
      storedSessionSecrets(config) ?? [
        Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url"),
      ],
    logger,
    now,
    referenceOf: (id) => submissions.byId(id)?.reference ?? null,
  });
  const privacy = createPrivacy({ store, config, auth, logger, now, onPolicyChanged: pages.clear });
  const firm = createFirm({
    store,
    dataDir: config.dataDir,
    requireAdmin: auth.requireAdmin,
    trustProxy: config.trustProxy,
    now,
    changed: pages.clear,
  });
  const content = createContent({
    store,
    config,
    cache: pages,
    requireAdmin: auth.requireAdmin,
    authors: firm.authors,
    now,
  });
  const mailOutbox = createMailOutbox({ config, store, logger, now });
  const facts = engagementFacts(store.db);
  /** The desk's due times on the firm's business clock; its `clock` is the firm's calendar every job reads. */
  const due = createDueService({ store, config, now, engagements: facts });
  /** Who a request's mail goes to, and the thread it joins: the consultation's, subscription's and statement's. */
  const personOf = (submissionId: number) => {
    const s = submissions.byId(submissionId);
    return s
      ? {
          name: s.name,
          email: s.email,
          reference: s.reference,
          thread: confirmationMessageId(s.reference, config),
          // The number the firm calls for a consultation while it has set no place of its own (issue 44).
          phone: s.phone,
        }
      : null;
  };
  const ledger = createLedger({
    store,
    auth,
    trustProxy: config.trustProxy,
    calendar: due.clock,
    engagements: facts,
    personOf,
    // Documents are made after; an expense's receipt is checked only when one is recorded.
    documentOf: (engagementId, documentId) =>
      documents.service.list(engagementId).some((d) => d.id === documentId),
    firstMonthAsked: firstMonthAsked(store),
    now,
  });
  const subscriptions = createSubscriptions({
    store,
    config,
    auth,
    calendar: due.clock,
    outbox: mailOutbox,
    // The portal is made next; its session is read only when a request comes.
    requireSession: (request, action) => portal.requireSession(request, action),
    personOf,
    logger,
    now,
    // Documents are made after; a sweep report's receipt is read only when a view is asked for.
    receipts: (engagementId) => documents.sweepReceipts(engagementId),
    charged: ledger.charged,
    paidThrough: ledger.paidThrough,
  });
  const portal = createPortal({
    store,
    config,
    auth,
    outbox: mailOutbox,
    due,
    subscriptions: subscriptions.service,
    ledger: ledger.portalHooks,
    now,
    logger,
  });
  const payments = createPayments({
    store,
    stripeWebhookSecret: config.portal.stripeWebhookSecret,
    calendar: due.clock,
    logger,
    now,
    record: portal.recordPaymentByReference,
    ledger: ledger.processorHooks,
    requestOf: (engagementId) => {
      const e = facts.byId(engagementId);
      const s = e ? submissions.byId(e.submissionId) : null;
      return e && s ? { submissionId: e.submissionId, reference: s.reference } : null;
    },
    auth,
    trustProxy: config.trustProxy,
  });
  const statements = createStatements({
    store,
    config,
    auth,
    calendar: due.clock,
    ledger,
    engagementIds: ledger.engagementIds,
    engagements: { ofSubmission: facts.ofSubmission, byId: facts.byId },
    outbox: mailOutbox,
    requireSession: portal.requireSession,
    personOf,
    logger,
    now,
  });
  const documents = createDocuments({
    store,
    config,
    requireSession: portal.requireSession,
    auth,
    outbox: mailOutbox,
    sweeps: subscriptions.service,
    // Document requests are made next; an upload names an item only once a request comes.
    requests: {
      itemFor: (engagementId, raw) => documentRequests.uploadHooks.itemFor(engagementId, raw),
      started: (itemId, documentId) => documentRequests.uploadHooks.started(itemId, documentId),
      received: (documentId) => documentRequests.uploadHooks.received(documentId),
      removed: (documentId) => documentRequests.uploadHooks.removed(documentId),
      quarantined: (documentId, signature) => documentRequests.uploadHooks.quarantined(documentId, signature),
    },
    logger,
    now,
  });
  const documentRequests = createDocumentRequests({
    store,
    config,
    auth,
    calendar: due.clock,
    outbox: mailOutbox,
    requireSession: portal.requireSession,
    personOf,
    documentsOf: (engagementId) => documents.service.list(engagementId),
    logger,
    now,
  });
  const consultation = createConsultation({
    store,
    config,
    auth,
    clock: due.clock,
    outbox: mailOutbox,
    requireSession: portal.requireSession,
    personOf,
    place: firm.consultationPlace,
    now,
  });
  const backups = createBackups({
    store,
    config,
    auth,
    logger,
    now,
    app: { name: pkg.name, version: pkg.version },
    outbox: mailOutbox,
    settings: backupSettings,
  });
  const [writingKey = ""] = store.cipher.keyIds;
  const setup = createSetup({
    auth,
    confirmKeyCopy: (by) => confirmKeyCopy(store.db, writingKey, by, now()),
    sources: {
      dataKey: {
        // The key is the data folder's file when DATA_KEY does not give it (the first start made it).
        file: config.dataKeys?.length ? null : join(config.dataDir, DATA_KEY_FILE),
        keyId: writingKey,
        copyConfirmed: () => keyCopyConfirmed(store.db, writingKey),
      },
      people: firm.authors,
      brand: config.brand,
      letterTerms: config.portal.disputes,
      paymentUrl: config.portal.paymentUrl,
      consultationPlace: () => firm.consultationPlace() !== null,
      mail: { configured: mailOutbox.configured, delivered: mailOutbox.delivered },
      scanning: { configured: config.clamd !== null },
      backups: {
        dataDir: config.dataDir,
        dir: backups.settings.dir,
        s3: backups.settings.s3 !== null,
        lastGoodAt: () => backups.lastGood()?.at ?? null,
      },
    },
  });
  const deskDigest = createDigest({
    store,
    config,
    due,
    outbox: mailOutbox,
    logger,
    now,
    warnings: () => [backups.warning()].flatMap((w) => w ?? []),
    dataRequestsDueBy: dataRequestsRepo(store).openDueBy,
  });

  /**
   * What every entry point brings up to date before a job runs, as the server does after its start; safe to run
   * again. The firm's clock settings may have changed since the due times were stored: every waiting request's
   * due time follows them (nothing to do while they are what the due times were computed under). What was
   * signed, paid or raised before the ledger (or by an earlier version while a hook was not wired) gets its
   * entry, once. One immediate transaction: a command started while the server starts (or runs its day) waits
   * for the other's write instead of meeting "database is locked" halfway. A command calls this before its job.
   */
  const catchUpTx = store.db.transaction(() => {
    if (!due.dueTimesCurrent()) due.recomputeWaiting();
    ledger.service.backfill({ payments: engagementPayments(store), charges: raisedCharges(store) });
  });
  const catchUp = () => catchUpTx.immediate();

  /**
   * The same work as catchUp(), as the server does it once it listens (ADR 289): a batch at a time between the
   * event loop's turns, each batch an immediate transaction of its own, so the first requests are answered while
   * it goes. The jobs start after it. Resolves to what it did and what each part took.
   */
  async function catchUpInSlices(slicing: Slicing = {}) {
    const started = performance.now();
    const dueTimesFilled = await due.fillMissingInSlices(slicing);
    const dueTimesRecomputed = await due.recomputeWaitingInSlices(slicing);
    const dueTimesMs = performance.now() - started;
    const payments = engagementPayments(store);
    const chargesAfter = raisedChargesAfter(store);
    let ledgerEntries = 0;
    let afterEngagement = 0;
    await inSlices(() => {
      const engagements = facts.after(afterEngagement, 100);
      ledgerEntries += ledger.service.backfillBatch.immediate({ engagements, payments, charges: [] });
      afterEngagement = engagements.at(-1)?.id ?? afterEngagement;
      return engagements.length > 0;
    }, slicing);
    let afterCharge = 0;
    await inSlices(() => {
      const charges = chargesAfter(afterCharge, 200);
      ledgerEntries += ledger.service.backfillBatch.immediate({ engagements: [], payments, charges });
      afterCharge = charges.at(-1)?.id ?? afterCharge;
      return charges.length > 0;
    }, slicing);
    return {
      dueTimesFilled,
      dueTimesRecomputed,
      dueTimesMs: Math.round(dueTimesMs),
      ledgerEntries,
      ledgerMs: Math.round(performance.now() - started - dueTimesMs),
    };
  }

  return {
    config,
    store,
    logger,
    now,
    /** Connect the page cache here (createApp): content, the firm and the privacy policy clear it. */
    pages,
    submissions,
    auth,
    privacy,
    firm,
    content,
    mailOutbox,
    due,
    personOf,
    ledger,
    subscriptions,
    portal,
    payments,
    statements,
    documents,
    documentRequests,
    consultation,
    backups,
    setup,
    deskDigest,
    catchUp,
    catchUpInSlices,
    /**
     * The server's start, before it answers: the admin ADMIN_USERNAME names (and the demo admin), the demo's case
     * studies, the files of deleted rows, the desk's search index read in the background (ADR 119). Nothing here
     * reads every request: the catch-up is the server's after it listens (catchUpInSlices, then startJobs).
     */
    startup(opts: { searchBuild?: Pick<BuildOptions, "schedule" | "sliceMs">; steps?: StartSteps } = {}) {
      const { time } = opts.steps ?? untimed;
      time("admins", () => auth.bootstrap());
      time("sampleContent", () => {
        content.seedSamples();
        firm.seedSamples(config.demo);
      });
      time("deletedFiles", () => documents.service.sweepDeleted());
      // Read in the background, newest first: the site answers from the start whatever is stored (ADR 119).
      time("searchFirstSlice", () =>
        store.search.start({
          ...opts.searchBuild,
          onReady: (state, ms) =>
            logger.info("search_index_ready", { requests: state.indexed, ms: Math.round(ms) }),
          onError: (error) =>
            logger.error("search_index_failed", {
              error: error instanceof Error ? error.message : String(error),
            }),
        }),
      );
    },
    /**
     * The server's timers, each run now then on its own schedule: the retention purge (daily, ADR 086), the
     * unfinished uploads (hourly, ADR 146), the morning digest, the subscriptions' day (ADR 247), the month's
     * statements (ADR 255) and the backups (BACKUP_SCHEDULE). The outbox has a stop of its own (the server stops
     * it while requests drain). The purge's first run goes a batch at a time (ADR 289). Returns the stop of them
     * all, and the end of that first purge.
     */
    startJobs(
      { time }: StartSteps = untimed,
      slicing: Slicing = {},
    ): { stop: () => void; firstPurge: Promise<void> } {
      const purge = time("purge", () => privacy.retention.startDaily(slicing));
      const stopUploadExpiry = time("uploadExpiry", () => documents.service.startExpiry());
      const stopUploadScan = time("uploadScan", () => documents.service.startScanning());
      time("digest", () => deskDigest.start());
      time("subscriptionsDay", () => subscriptions.jobs.start());
      time("statementsMonth", () => statements.jobs.start());
      time("documentReminders", () => documentRequests.jobs.start());
      time("lettersDay", () => portal.jobs.start());
      const stopBackups = time("backups", () => backups.start());
      const stop = () => {
        purge.stop();
        stopUploadExpiry();
        stopUploadScan();
        deskDigest.stop();
        subscriptions.jobs.stop();
        statements.jobs.stop();
        documentRequests.jobs.stop();
        portal.jobs.stop();
        stopBackups();
      };
      return { stop, firstPurge: purge.firstPurge };
    },
  };
}

export type Root = ReturnType<typeof composeRoot>;
