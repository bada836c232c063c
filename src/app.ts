import { Elysia } from "elysia";
import type { Config } from "./config";
import { DEFAULT_BRAND } from "./contracts/brand-defaults";
import { UPLOAD_PATCH_MAX_BYTES, UPLOADS_PATH } from "./contracts/documents";
import { PATHS } from "./contracts/paths";
import { portalQuery } from "./contracts/portal";
import { type AssetManifest, assetsPlugin, createAssetFastPath } from "./http/assets";
import { bodyDeadline } from "./http/body-deadline";
import { HttpError } from "./http/errors";
import { escapeHtml } from "./http/escape-html";
import { sameOriginPlugin } from "./http/same-origin";
import { securityHeaders, securityPlugin } from "./http/security";
import { validationBody } from "./http/validation";
import { type Logger, silentLogger } from "./log";
import { createAuth } from "./modules/auth";
import { createConsultation } from "./modules/consultation";
import { ARTICLE_IMAGES_API, createContent } from "./modules/content";
import { deskModule } from "./modules/desk";
import { deskClockModule } from "./modules/desk/clock-module";
import { createDigest } from "./modules/desk/digest";
import { createDueService } from "./modules/desk/due-service";
import { contactSubmissions } from "./modules/desk/repo/contact-submissions";
import type { BuildOptions } from "./modules/desk/repo/submission-search";
import { createDocuments } from "./modules/documents/create";
import { createFirm } from "./modules/firm";
import { intakeModule } from "./modules/intake";
import { createIntakeLimits } from "./modules/intake/limits";
import { confirmationMessageId, createMailOutbox } from "./modules/mail";
import { pagesModule, renderPageResponse } from "./modules/pages";
import { PageCache } from "./modules/pages/cache";
import { createPageFastPath, rawPath } from "./modules/pages/fast-path";
import { inlineStylesheets } from "./modules/pages/styles";
import { createPortal } from "./modules/portal/create";
import { createPrivacy } from "./modules/privacy";
import { seoModule } from "./modules/seo";
import { staffModule } from "./modules/staff";
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

type RequestInfo = { id: string; start: number };
type Handler = (request: Request) => Response | Promise<Response>;

/** Builds the whole server. Tests call app.handle(request) on it; main.ts adds a port. */
export function createApp({ config, store, manifest, logger = silentLogger, searchBuild }: AppDeps) {
  const { db, clock: now } = store;
  const requests = new WeakMap<Request, RequestInfo>();
  const cache = new PageCache();
  const brandCss = brandStylesheet(config);
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
  const auth = createAuth({
    store,
    config,
    secrets: loadSessionSecrets(config),
    logger,
    now,
  });
  const content = createContent({ store, config, cache, requireAdmin: auth.requireAdmin, now });
  const privacy = createPrivacy({ store, config, auth, logger, now, onPolicyChanged: () => cache.clear() });
  const firm = createFirm({
    store,
    dataDir: config.dataDir,
    requireAdmin: auth.requireAdmin,
    trustProxy: config.trustProxy,
    now,
    changed: () => cache.clear(),
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
  const submissions = contactSubmissions(store);
  const mailOutbox = createMailOutbox({ config, store, logger, now });
  const due = createDueService({ store, config, now });
  // The settings may have changed since the last start: every waiting request's due time follows them.
  due.recomputeWaiting();
  const portal = createPortal({ store, config, auth, outbox: mailOutbox, due, now });
  const documents = createDocuments({
    store,
    config,
    requireSession: portal.requireSession,
    auth,
    outbox: mailOutbox,
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
    personOf: (submissionId) => {
      const s = submissions.byId(submissionId);
      return s
        ? {
            name: s.name,
            email: s.email,
            reference: s.reference,
            thread: confirmationMessageId(s.reference, config),
          }
        : null;
    },
    now,
  });
  const deskDigest = createDigest({ store, config, due, outbox: mailOutbox, logger, now });
  const security = { hsts: config.secure, styleHashes: [...new Set([styles.app.hash, styles.site.hash])] };
  const fastPage = createPageFastPath({ cache, headers: securityHeaders(security), now });
  const fastAsset = createAssetFastPath(manifest, securityHeaders(security, "asset"));
  const dataHeaders = securityHeaders(security, "data");
  const badHost = (id: string) =>
    Response.json(
      { error: BAD_HOST_MESSAGE },
      { status: 400, headers: { ...dataHeaders, "cache-control": "no-store", "x-request-id": id } },
    );

  /**
   * Requests that may write (any method but GET and HEAD) being answered now. While one is, its commit (an
   * fsync on this one thread) may hold every timer, so reads' lines are written at once rather than batched
   * (ADR 094).
   */
  let changesInFlight = 0;
  const logAnswer = (id: string, start: number, request: Request, path: string, response: Response) => {
    logger.request(
      {
        id,
        method: request.method,
        path,
        status: response.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      changesInFlight > 0,
    );
    return response;
  };
  /**
   * Every request starts here: it gets its id, and one log line whoever answered it: a route, the error
   * handler, one of the guards that answer from onRequest (cross-site, signed out, body limits), which
   * Elysia's afterResponse hooks never see, or the fast paths for cached pages and hashed assets, which
   * answer before all of them.
   */
  const serve = (handle: Handler, request: Request) => {
    const start = performance.now();
    const id = crypto.randomUUID();
    // Bun builds request.url from the Host header; one it cannot use (empty, a space, a port past 65535, none
    // on HTTP/1.0) leaves a URL that does not parse, which every `new URL(request.url)` after this would throw.
    if (!URL.canParse(request.url)) {
      return logAnswer(id, start, request, rawPath(request.url) ?? "", badHost(id));
    }
    const path = rawPath(request.url);
    const fast =
      path === undefined
        ? undefined
        : path.startsWith("/assets/")
          ? fastAsset(request, path, id)
          : fastPage(request, path, id);
    if (fast) return logAnswer(id, start, request, path ?? "", fast);
    requests.set(request, { id, start });
    const changes = request.method !== "GET" && request.method !== "HEAD";
    if (changes) {
      changesInFlight++;
      logger.flush();
    }
    const settled = () => {
      if (changes) changesInFlight--;
    };
    const done = (response: Response) => {
      settled();
      return logAnswer(id, start, request, new URL(request.url).pathname, response);
    };
    let response: ReturnType<Handler>;
    try {
      response = handle(request);
    } catch (error) {
      settled();
      throw error;
    }
    return response instanceof Promise
      ? response.then(done, (error) => {
          settled();
          throw error;
        })
      : done(response);
  };

  return (
    new Elysia()
      .decorate("pageCache", cache)
      .decorate("mailOutbox", mailOutbox)
      .decorate("retention", privacy.retention)
      .decorate("deskDigest", deskDigest)
      .decorate("portal", portal.service)
      .decorate("documents", documents.service)
      .use(securityPlugin(security))
      .onRequest(({ request, set }) => {
        set.headers["x-request-id"] = requests.get(request)?.id ?? crypto.randomUUID();
      })
      // Elysia asks this for the handler of every request.
      .wrap((handle) => (request: Request) => serve(handle as unknown as Handler, request))
      .use(sameOriginPlugin({ publicUrl: config.publicUrl }))
      .use(auth.gate)
      .use(
        bodyDeadline({
          timeoutMs: config.bodyTimeoutSeconds * 1000,
          maxBytes: (path) =>
            path.startsWith(RESOURCES_API) || path === ARTICLE_IMAGES_API
              ? Number.POSITIVE_INFINITY
              : path.startsWith(UPLOADS_PATH) || STAFF_UPLOAD.test(path)
                ? UPLOAD_PATCH_MAX_BYTES
                : FORM_BODY_MAX_BYTES,
          readsItself: (path) => path.startsWith(UPLOADS_PATH) || STAFF_UPLOAD.test(path),
          logger,
        }),
      )
      .onError(({ code, error, request, set }) => {
        // What a service refuses (src/http/errors.ts): its status, headers and the body clients already read
        // (none, where the route's protocol answers without one).
        if (error instanceof HttpError) {
          set.status = error.status;
          Object.assign(set.headers, error.headers());
          return error.bodiless ? new Response(null, { status: error.status }) : error.body();
        }
        const id = requests.get(request)?.id;
        switch (code) {
          case "NOT_FOUND":
            set.status = 404;
            return { error: "Not found" };
          case "PARSE":
            set.status = 400;
            return { error: "The request body could not be read. Send valid JSON or form data." };
          case "VALIDATION":
            set.status = 422;
            return validationBody(error);
          case "INVALID_COOKIE_SIGNATURE":
            set.status = 400;
            return { error: "Invalid cookie." };
          default: {
            const status = "status" in error && typeof error.status === "number" ? error.status : 500;
            if (status < 500) {
              set.status = status;
              return { error: error instanceof Error ? error.message : String(error) };
            }
            logger.error("unhandled_error", {
              id,
              path: new URL(request.url).pathname,
              error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
              stack: error instanceof Error ? error.stack : undefined,
            });
            set.status = 500;
            if (request.method === "GET" && (request.headers.get("accept") ?? "").includes("text/html")) {
              return new Response(errorPage(config, id), {
                status: 500,
                headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
              });
            }
            return {
              error: "Something went wrong on our side. Please quote this reference if you contact us.",
              requestId: id,
            };
          }
        }
      })
      .get("/healthz", () => {
        healthCheck.get();
        return { status: "ok" };
      })
      .use(assetsPlugin(manifest))
      .get("/site.webmanifest", () => webManifest(config))
      .use(brandCssPlugin(brandCss))
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
      .use(staffModule({ store, config, auth, outbox: mailOutbox, now }))
      .use(privacy.module)
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
          renderContactPage: (intake, status, headers) =>
            renderPageResponse(pagesDeps, PATHS.contact, { intake }, status, headers),
          renderThanksPage: (thanks, headers) =>
            renderPageResponse(pagesDeps, PATHS.thanks, { thanks }, 200, headers),
        }),
      )
      .use(pagesModule(pagesDeps))
  );
}

export type App = ReturnType<typeof createApp>;

const brandCssPlugin = (sheet: { url: string; css: string } | undefined) => {
  const plugin = new Elysia({ name: "brand-css" });
  if (!sheet) return plugin;
  return plugin.get(
    sheet.url,
    () =>
      new Response(sheet.css, {
        headers: {
          "content-type": "text/css; charset=utf-8",
          "cache-control": "public, max-age=31536000, immutable",
        },
      }),
  );
};

/**
 * The built stylesheet declares the default brand colours; an operator who overrides them gets this small
 * extra sheet, named by its content hash so it caches like the others.
 */
function brandStylesheet(config: Config): { url: string; css: string } | undefined {
  const c = config.brand.colours;
  const d = DEFAULT_BRAND.colours;
  if (c.primary === d.primary && c.accent === d.accent && c.paper === d.paper && c.ink === d.ink)
    return undefined;
  const css = `:root{--brand-primary:${c.primary};--brand-accent:${c.accent};--brand-paper:${c.paper};--brand-ink:${c.ink}}`;
  return { url: `/assets/brand-${Bun.hash(css).toString(36)}.css`, css };
}

function webManifest({ brand }: Config): Response {
  const body = {
    name: brand.name,
    short_name: brand.name,
    description: brand.slogan,
    start_url: "/",
    display: "standalone",
    background_color: brand.colours.paper,
    theme_color: brand.colours.primary,
    icons: [
      { src: brand.logo.mark, type: "image/svg+xml", sizes: "any" },
      { src: brand.logo.png, type: "image/png", sizes: "512x512" },
    ],
  };
  return new Response(JSON.stringify(body), {
    headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=86400" },
  });
}

/** A plain page for a 500 on a page request: no React (it may be what failed), the reference to quote. */
function errorPage({ brand }: Config, requestId: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong | ${escapeHtml(brand.name)}</title><meta name="robots" content="noindex"></head><body><main><h1>Something went wrong on our side</h1><p>Please try again in a moment. If it keeps happening, call us at <a href="tel:${escapeHtml(brand.phone.replace(/[^\d+]/g, ""))}">${escapeHtml(brand.phone)}</a> or email <a href="mailto:${escapeHtml(brand.email)}">${escapeHtml(brand.email)}</a> and quote this reference: <strong>${escapeHtml(requestId ?? "unknown")}</strong>.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
