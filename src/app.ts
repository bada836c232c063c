import { join } from "node:path";
import { Elysia } from "elysia";
import { composeRoot, type Root, type RootDeps } from "./compose";
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
import type { Logger } from "./log";
import { ARTICLE_IMAGES_API } from "./modules/content";
import { type BuildOptions, deskClockModule, deskModule } from "./modules/desk";
import { documentsBytes } from "./modules/documents";
import { createIntakeLimits, intakeModule } from "./modules/intake";
import { createMetrics } from "./modules/metrics";
import {
  createPageFastPath,
  inlineStylesheets,
  PageCache,
  pagesModule,
  rawPath,
  renderPageResponse,
} from "./modules/pages";
import { WEBHOOK_BODY_MAX_BYTES } from "./modules/payments";
import { seoModule } from "./modules/seo";
import { staffModule } from "./modules/staff";
import { dataDirCheck } from "./ops/data-dir";
import { DATABASE_FILE } from "./ops/data-store";
import { loadSessionSecrets } from "./secrets";
import type { DataStore } from "./store";

export type AppDeps = {
  manifest: AssetManifest;
} & (
  | {
      /** The composition root (src/compose.ts), its startup() done: what the server serves. */
      root: Root;
    }
  | {
      /**
       * The data folder as openDataStore opened it: the app composes its root on it and starts it up, as the
       * server's start does (the tests' way).
       */
      config: Config;
      store: DataStore;
      logger?: Logger;
      /** How the desk's search index is read in the background (tests hold it back to see the desk meanwhile). */
      searchBuild?: Pick<BuildOptions, "schedule" | "sliceMs">;
    }
);

/**
 * The largest body of any route but the uploads (which Bun's 21 MB limit bounds), well above the largest
 * article an admin can save (100,000 characters). The intake answers its own 413 past 64 KB.
 */
const FORM_BODY_MAX_BYTES = 2 * 1024 * 1024;
const RESOURCES_API = "/api/admin/resources";
/** Where staff send a document for the client, one request a file. */
const STAFF_UPLOAD = /^\/api\/admin\/submissions\/\d+\/documents$/;
const BAD_HOST_MESSAGE = "The request's Host header is not a valid host.";

/** The root composed on a data folder and started up, as the server's start does (src/cli/serve.ts). */
function startedRoot(deps: RootDeps & { searchBuild?: Pick<BuildOptions, "schedule" | "sliceMs"> }): Root {
  const { config, store, logger } = deps;
  const root = composeRoot({ config, store, logger, sessionSecrets: loadSessionSecrets(config) });
  root.startup({ searchBuild: deps.searchBuild });
  // Whole, before the first request: the server does it in batches once it listens (ADR 289).
  root.catchUp();
  return root;
}

/**
 * Builds the whole server from the composition root: the HTTP edge (security, the request log, the error mapper,
 * assets, the rendered pages, metrics) and every feature's routes, mounted. Tests call app.handle(request) on
 * it; main.ts adds a port. The services, hooks and jobs are the root's (src/compose.ts, ADR 277).
 */
export function createApp(deps: AppDeps) {
  const { manifest } = deps;
  const root = "root" in deps ? deps.root : startedRoot(deps);
  const { config, store, logger, now, auth, privacy, firm, content, portal, documents, documentRequests } =
    root;
  const { mailOutbox, due, subscriptions, ledger, statements, consultation, backups, setup, payments } = root;
  const { db } = store;
  const cache = new PageCache(config.desk.timeZone);
  root.pages.connect(cache);
  const brandCss = brandStylesheet(config.brand);
  const styles = inlineStylesheets(manifest);
  const healthCheck = db.query("SELECT 1 AS ok");
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
        // A browser kept signed in opens its portal here, without waiting for a script (ADR 306).
        const kept = portal.pageForDevice(request, peers.of(request));
        if (kept)
          return renderPageResponse(
            pagesDeps,
            PATHS.portal,
            kept.page ? { portal: kept.page } : {},
            200,
            { "set-cookie": kept.setCookie },
            portalQuery(url.search),
          );
      }
      return auth.pageGuard(request);
    },
    load: (pathname: string) => privacy.pageContent(pathname) ?? content.load(pathname),
    firm: () => ({ ...firm.profile(), caseStudies: content.hasCaseStudies() }),
  };
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
      // On the store's clock: a test moves it past the probe's 2 s instead of waiting them out.
      data: dataDirCheck(config.dataDir, { now: () => store.clock().getTime() }),
      scanner: documents.scannerReachable,
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
        // Every service, hook and job the server runs (src/compose.ts): what a test reaches beyond these.
        root,
        mailOutbox,
        retention: privacy.retention,
        deskDigest: root.deskDigest,
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
      .use(
        auth.formRoutes((login, status, headers) =>
          renderPageResponse(pagesDeps, PATHS.adminLogin, { login }, status, headers),
        ),
      )
      .use(content.admin)
      .use(firm.module)
      .use(content.feed)
      .use(portal.staffRoutes)
      .use(documents.staffRoutes)
      .use(
        deskModule({
          store,
          config,
          auth,
          outbox: mailOutbox,
          due,
          now,
          engagementOf: portal.engagementOf,
          requestEnded: portal.requestEnded,
          engagementStagesOf: portal.engagementStagesOf,
        }),
      )
      .use(portal.module)
      .use(documents.portalRoutes)
      .use(documentRequests.staffRoutes)
      .use(documentRequests.portalRoutes)
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
          submissions: root.submissions,
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
