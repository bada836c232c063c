import { join } from "node:path";
import { Elysia } from "elysia";
import pkg from "../package.json";
import type { Config } from "./config";
import { UPLOAD_PATCH_MAX_BYTES, UPLOADS_PATH } from "./contracts/documents";
import { PATHS } from "./contracts/paths";
import { STRIPE_WEBHOOK_PATH } from "./contracts/payments";
import { portalQuery } from "./contracts/portal";
import { type AssetManifest, assetsPlugin, createAssetFastPath } from "./http/assets";
import { bodyDeadline } from "./http/body-deadline";
import { brandAssetsPlugin, brandStylesheet } from "./http/brand-assets";
import { peerAddresses } from "./http/client-address";
import { errorMapper } from "./http/error-mapper";
import { readQueryAsSent } from "./http/query";
import { type Handler, requestLog } from "./http/request-log";
import { sameOriginPlugin } from "./http/same-origin";
import { securityHeaders, securityPlugin } from "./http/security";
import { type Logger, silentLogger } from "./log";
import { createAuth } from "./modules/auth";
import { createBackups } from "./modules/backups";
import { createConsultation } from "./modules/consultation";
import { ARTICLE_IMAGES_API, createContent } from "./modules/content";
import {
  type BuildOptions,
  contactSubmissions,
  createDigest,
  deskClockModule,
  deskModule,
} from "./modules/desk";
import { createDocuments, documentsBytes } from "./modules/documents";
import { createFirm } from "./modules/firm";
import { createIntakeLimits, intakeModule } from "./modules/intake";
import { createLedger } from "./modules/ledger";
import { createMailOutbox } from "./modules/mail";
import { createMetrics } from "./modules/metrics";
import {
  createPageFastPath,
  inlineStylesheets,
  PageCache,
  pagesModule,
  rawPath,
  renderPageResponse,
} from "./modules/pages";
import { createPayments, WEBHOOK_BODY_MAX_BYTES } from "./modules/payments";
import { createPortal, engagementFacts, engagementPayments } from "./modules/portal";
import { createPrivacy, dataRequestsRepo } from "./modules/privacy";
import { seoModule } from "./modules/seo";
import { createSetup } from "./modules/setup";
import { staffModule } from "./modules/staff";
import { createStatements } from "./modules/statements";
import { createSubscriptions, firstMonthAsked, raisedCharges } from "./modules/subscriptions";
import { dataDirCheck } from "./ops/data-dir";
import { DATABASE_FILE } from "./ops/data-store";
import { dueServiceOf, personOfRequests } from "./parts";
import { loadSessionSecrets } from "./secrets";
import type { DataStore } from "./store";

export type AppDeps = {
  config: Config;
  /** The data folder as openDataStore opened it: the server's start and the tests open it the same way. */
  store: DataStore;
  manifest: AssetManifest;
  logger?: Logger;
  /** How the desk's search index is read in the background (tests hold it back to see the desk meanwhile). */
  searchBuild?: Pick<BuildOptions, "schedule" | "sliceMs">;
};

/**
 * The largest body of any route but the uploads (which Bun's 21 MB limit bounds), well above the largest
 * article an admin can save (100,000 characters). The intake answers its own 413 past 64 KB.
 */
const FORM_BODY_MAX_BYTES = 2 * 1024 * 1024;
const RESOURCES_API = "/api/admin/resources";
/** Where staff send a document for the client, one request a file. */
const STAFF_UPLOAD = /^\/api\/admin\/submissions\/\d+\/documents$/;
const BAD_HOST_MESSAGE = "The request's Host header is not a valid host.";

/** Builds the whole server. Tests call app.handle(request) on it; main.ts adds a port. */
export function createApp({ config, store, manifest, logger = silentLogger, searchBuild }: AppDeps) {
  const { db, clock: now } = store;
  const cache = new PageCache();
  const brandCss = brandStylesheet(config.brand);
  const styles = inlineStylesheets(manifest);
  const healthCheck = db.query("SELECT 1 AS ok");
  // Read in the background, newest first: the site answers from the start whatever is stored (ADR 119).
  store.search.start({
    ...searchBuild,
    onReady: (state, ms) =>
      logger.info("search_index_ready", { requests: state.indexed, ms: Math.round(ms) }),
    onError: (error) =>
      logger.error("search_index_failed", { error: error instanceof Error ? error.message : String(error) }),
  });
  const submissions = contactSubmissions(store);
  const auth = createAuth({
    store,
    config,
    secrets: loadSessionSecrets(config),
    logger,
    now,
    referenceOf: (id) => submissions.byId(id)?.reference ?? null,
  });
  const privacy = createPrivacy({ store, config, auth, logger, now, onPolicyChanged: () => cache.clear() });
  const firm = createFirm({
    store,
    dataDir: config.dataDir,
    requireAdmin: auth.requireAdmin,
    trustProxy: config.trustProxy,
    now,
    changed: () => cache.clear(),
  });
  const content = createContent({
    store,
    config,
    cache,
    requireAdmin: auth.requireAdmin,
    authors: firm.authors,
    now,
  });
  const pagesDeps = {
    config,
    manifest,
    cache,
    brandCss: brandCss?.url,
    inlineCss: { app: styles.app.css, site: styles.site.css },
    now,
    // Staff see an article's real page before it is public (ADR 163); anyone else gets the public page.
    guard: async (request: Request) => {
      const url = new URL(request.url);
      const preview = url.search ? content.preview(url) : undefined;
      if (preview && (await auth.sessionOf(request))?.stage === "active") {
        return renderPageResponse(pagesDeps, url.pathname, { content: preview }, 200, {
          "x-robots-tag": "noindex, nofollow",
        });
      }
      // A client with a portal session gets /portal with the engagement in it, uncached (see createPortal).
      if (url.pathname === PATHS.portal) {
        const portalData = portal.pageFor(request);
        if (portalData)
          return renderPageResponse(
            pagesDeps,
            PATHS.portal,
            { portal: portalData },
            200,
            {},
            portalQuery(url.search),
          );
      }
      return auth.pageGuard(request);
    },
    load: (pathname: string) => privacy.pageContent(pathname) ?? content.load(pathname),
    firm: () => ({ ...firm.profile(), caseStudies: content.hasCaseStudies() }),
  };
  const mailOutbox = createMailOutbox({ config, store, logger, now });
  const due = dueServiceOf(store, config);
  // The settings may have changed since the last start: every waiting request's due time follows them.
  due.recomputeWaiting();
  const personOf = personOfRequests(submissions, config);
  const facts = engagementFacts(store.db);
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
    requireSession: (request) => portal.requireSession(request),
    personOf,
    logger,
    now,
    // Documents are made after; a sweep report's receipt is read only when a view is asked for.
    receipts: (engagementId) => documents.sweepReceipts(engagementId),
    charged: ledger.charged,
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
  });
  // What was signed, paid or raised before the ledger (or while a hook was not wired) gets its entry, once.
  ledger.service.backfill({ payments: engagementPayments(store), charges: raisedCharges(store) });
  const payments = createPayments({
    store,
    stripeWebhookSecret: config.portal.stripeWebhookSecret,
    calendar: due.clock,
    logger,
    now,
    record: portal.recordPaymentByReference,
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
  });
  const setup = createSetup({
    auth,
    sources: {
      people: firm.authors,
      brand: config.brand,
      letterTerms: config.portal.disputes,
      paymentUrl: config.portal.paymentUrl,
      mail: { configured: mailOutbox.configured, delivered: mailOutbox.delivered },
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
  const security = { hsts: config.secure, styleHashes: [...new Set([styles.app.hash, styles.site.hash])] };
  const fastPage = createPageFastPath({ cache, headers: securityHeaders(security), now });
  const fastAsset = createAssetFastPath(manifest, securityHeaders(security, "asset"));
  const dataHeaders = securityHeaders(security, "data");
  const badHost = (id: string) =>
    Response.json(
      { error: BAD_HOST_MESSAGE },
      { status: 400, headers: { ...dataHeaders, "cache-control": "no-store", "x-request-id": id } },
    );

  const metrics = createMetrics({
    token: config.metricsToken,
    sources: {
      outbox: mailOutbox.counts,
      overdue: due.overdueCount,
      lastBackup: backups.lastGood,
      databaseFile: join(config.dataDir, DATABASE_FILE),
      documentsBytes: () => documentsBytes(config.dataDir),
    },
    readiness: {
      search: () => store.search.state(),
      mail: mailOutbox.reachable,
      data: dataDirCheck(config.dataDir),
    },
    logger,
  });
  // The engagement's money after the letter, in one plugin: one more link in the app's chain is one too many
  // for TypeScript's instantiation depth.
  const moneyRoutes = new Elysia({ name: "money" })
    .use(subscriptions.staffRoutes)
    .use(subscriptions.deskRoutes)
    .use(subscriptions.portalRoutes)
    .use(ledger.routes)
    .use(statements.staffRoutes)
    .use(statements.portalRoutes);
  const peers = peerAddresses(config.trustProxy);
  const log = requestLog({
    logger,
    rawPath,
    fastAsset,
    fastPage,
    badHost,
    observe: metrics.observe,
    addressOf: peers.of,
  });

  return peers.attach(
    new Elysia()
      // One call, not one a value: TypeScript stops following a chain of this many plugins (TS2589).
      .decorate({
        pageCache: cache,
        mailOutbox,
        retention: privacy.retention,
        deskDigest,
        portal: portal.service,
        documents: documents.service,
        subscriptions: subscriptions.service,
        subscriptionJobs: subscriptions.jobs,
        statements: statements.service,
        statementJobs: statements.jobs,
        backups,
      })
      .use(securityPlugin(security))
      // Before any route reads its query: a comma in a value is text (src/http/query.ts).
      .onTransform({ as: "global" }, readQueryAsSent)
      .onRequest(({ request, set }) => {
        set.headers["x-request-id"] = log.idOf(request) ?? crypto.randomUUID();
      })
      // Elysia asks this for the handler of every request.
      .wrap((handle) => (request: Request) => log.serve(handle as unknown as Handler, request))
      .use(sameOriginPlugin({ publicUrl: config.publicUrl }))
      .use(metrics.templates)
      .use(auth.gate)
      .use(
        bodyDeadline({
          timeoutMs: config.bodyTimeoutSeconds * 1000,
          maxBytes: (path) =>
            path.startsWith(RESOURCES_API) || path === ARTICLE_IMAGES_API
              ? Number.POSITIVE_INFINITY
              : path.startsWith(UPLOADS_PATH) || STAFF_UPLOAD.test(path)
                ? UPLOAD_PATCH_MAX_BYTES
                : path === STRIPE_WEBHOOK_PATH
                  ? WEBHOOK_BODY_MAX_BYTES
                  : FORM_BODY_MAX_BYTES,
          readsItself: (path) => path.startsWith(UPLOADS_PATH) || STAFF_UPLOAD.test(path),
          logger,
        }),
      )
      .onError(errorMapper({ brand: config.brand, logger, idOf: log.idOf }))
      .get("/healthz", () => {
        healthCheck.get();
        return { status: "ok" };
      })
      .use(metrics.routes)
      .use(assetsPlugin(manifest))
      .use(brandAssetsPlugin(config.brand, brandCss))
      .use(seoModule({ publicUrl: config.publicUrl, extraEntries: content.sitemapEntries }))
      .use(auth.module)
      .use(content.admin)
      .use(firm.module)
      .use(content.feed)
      .use(portal.staffRoutes)
      .use(documents.staffRoutes)
      .use(
        deskModule({ store, config, auth, outbox: mailOutbox, due, now, engagementOf: portal.engagementOf }),
      )
      .use(portal.module)
      .use(documents.portalRoutes)
      .use(consultation.staffRoutes)
      .use(consultation.portalRoutes)
      .use(moneyRoutes)
      .use(staffModule({ store, config, auth, outbox: mailOutbox, now }))
      .use(privacy.module)
      // One plugin for these: separate .use calls take the app's type past TypeScript's instantiation depth.
      .use(
        new Elysia({ name: "backups-setup-payments" })
          .use(backups.routes)
          .use(setup.routes)
          .use(payments.webhook)
          .use(payments.staffRoutes),
      )
      .use(deskClockModule({ store, config, auth, due, now }))
      .use(
        intakeModule({
          config,
          submissions,
          outbox: mailOutbox,
          clock: due.clock,
          limits: createIntakeLimits(),
          logger,
          now,
          count: metrics.countIntake,
          renderContactPage: (intake, status, headers) =>
            renderPageResponse(pagesDeps, PATHS.contact, { intake }, status, headers),
          renderThanksPage: (thanks, headers) =>
            renderPageResponse(pagesDeps, PATHS.thanks, { thanks }, 200, headers),
        }),
      )
      .use(pagesModule(pagesDeps)),
  );
}

export type App = ReturnType<typeof createApp>;
