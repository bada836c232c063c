import { Elysia } from "elysia";
import { matchPath } from "../../../../web/server-entry";
import type { Config } from "../../../config";
import type { FirmProfile } from "../../../contracts/firm";
import type { PageContent, PageData } from "../../../contracts/page-data";
import type { AssetManifest } from "../../../http/assets";
import { redirectTo } from "../../../http/redirect";
import { bestEncoded, type CachedPage, encodePage, type PageCache } from "../service/cache";
import { type InlineCss, renderPage } from "../service/render";
import { answerPage, type PageAnswers, pageAnswers } from "./answer";

export type PagesDeps = {
  config: Config;
  manifest: AssetManifest;
  cache: PageCache;
  brandCss?: string;
  /** The stylesheets' text, inlined (ADR 009): the whole one, and the public site's own (ADR 165). */
  inlineCss?: InlineCss;
  now: () => Date;
  /**
   * Runs before the cache and the renderer; a Response it returns is sent instead of the page. The admin
   * sign-in uses it so no admin screen is ever served to a signed-out visitor.
   */
  guard?: (request: Request) => Promise<Response | undefined> | Response | undefined;
  /**
   * Loads the database content a path renders (articles stored by the admin) before rendering, into
   * PageData.content; undefined for paths that need none. Runs only on a cache miss: content changes clear
   * the cache.
   */
  load?: (pathname: string) => PageContent | undefined;
  /** The firm's published people and testimonials, for every page (PageData.firm); changes clear the cache. */
  firm?: () => FirmProfile;
};

/**
 * Server-rendered pages for every GET that no other route claimed. Pages that exist (200) are cached per
 * path and month (the month appears in the copyright and "Last Updated" lines); 404s are rendered each time.
 */
export const pagesModule = (deps: PagesDeps) =>
  new Elysia({ name: "pages" }).get("/*", async ({ request }) => {
    const url = new URL(request.url);
    const { pathname } = url;
    // A 308 is cached by browsers: redirectTo keeps it on this site whatever the path ("//evil.example/").
    if (pathname.length > 1 && pathname.endsWith("/")) {
      return redirectTo(pathname.replace(/\/+$/, "") + url.search, 308);
    }
    if (pathname.startsWith("/api/")) {
      return Response.json({ error: "Not found" }, { status: 404 });
    }
    const refused = await deps.guard?.(request);
    if (refused) return refused;

    const now = deps.now();
    // Cached per path: the HTML must not depend on whichever query string the first visitor sent. Pages that
    // read the query apply it after hydration (e.g. the desk's filters), unless the page names the query it
    // renders for (PageDefinition.query): then it is rendered and cached per that canonical query.
    const query = url.search ? await pageQuery(pathname, url.search.slice(1)) : "";
    const key = query ? `${pathname}?${query}` : pathname;
    let page = deps.cache.get(now, key);
    if (!page) {
      const rendered = await render(deps, pathname, query, now);
      // The first visitor of a page gets a quick encoding; the smallest one replaces it in the cache once this
      // answer has gone, so no visitor waits for brotli's best effort (ADR 166).
      page = encodePage(rendered, "fast");
      if (page.status === 200) {
        deps.cache.set(now, key, page);
        refineLater(deps.cache, key, page);
      }
    }
    return answerPage(answersOf(page), request);
  });

/**
 * Re-encodes one page at a time on the runtime's worker threads: a burst of new pages is worked off in turn,
 * and the server's own thread keeps answering meanwhile.
 */
const refining: Array<() => Promise<unknown>> = [];
function refineLater(cache: PageCache, key: string, page: CachedPage) {
  refining.push(async () => cache.replace(key, page, await bestEncoded(page)));
  if (refining.length === 1) void refineNext();
}
async function refineNext() {
  while (refining.length > 0) {
    // A re-encoding that fails leaves the quick one in place, which is a whole answer.
    await refining[0]?.().catch(() => undefined);
    refining.shift();
  }
}

/** The firm's profile when it has anything to show: pages without it carry nothing extra. */
const shown = (firm: FirmProfile | undefined) =>
  firm && (firm.people.length > 0 || firm.testimonials.length > 0 || firm.caseStudies) ? firm : undefined;

/** The canonical query a path's page renders for (PageDefinition.query), "" when it reads none. */
async function pageQuery(pathname: string, search: string): Promise<string> {
  const match = matchPath(pathname);
  if (!match) return "";
  const definition = match.route.page.loaded ?? (await match.route.page.load());
  return definition.query?.(search) ?? "";
}

/** Cached pages' answers are built once; a 404 (not cached) is built for its one request. */
const ready = new WeakMap<CachedPage, PageAnswers>();
function answersOf(page: CachedPage): PageAnswers {
  let answers = ready.get(page);
  if (!answers) {
    answers = pageAnswers(page);
    ready.set(page, answers);
  }
  return answers;
}

function render(deps: PagesDeps, pathname: string, search: string, now: Date, extra: Partial<PageData> = {}) {
  const data: PageData = {
    brand: deps.config.brand,
    publicUrl: deps.config.publicUrl,
    now: now.toISOString(),
    timeZone: deps.config.desk.timeZone,
    content: deps.load?.(pathname),
    firm: shown(deps.firm?.()),
    ...extra,
  };
  return renderPage(pathname, search, {
    data,
    entry: deps.manifest.entry,
    pageChunks: deps.manifest.pageChunks,
    brandCss: deps.brandCss,
    inlineCss: deps.inlineCss,
  });
}

/**
 * Renders one page with extra page data, uncached, for answers that depend on the request (the intake form
 * posted with JavaScript off comes back with its values and messages).
 */
export async function renderPageResponse(
  deps: PagesDeps,
  pathname: string,
  extra: Partial<PageData>,
  status: number,
  headers: Record<string, string> = {},
  /** The canonical query the page renders for (PageDefinition.query), "" for none. */
  search = "",
): Promise<Response> {
  const rendered = await render(deps, pathname, search, deps.now(), extra);
  return new Response(rendered.html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // A page kept out of search engines says so in its headers too, as its cached copy does (answer.ts):
      // the portal rendered for a client's session, the intake form answered without a script.
      ...(rendered.noindex ? { "x-robots-tag": "noindex, nofollow" } : {}),
      ...headers,
    },
  });
}
