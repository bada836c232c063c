import { parse } from "regexparam";
import type { Brand } from "../src/contracts/brand";
import type { LazyPage, PageComponent } from "./lib/lazy-page";
import type { PageMeta } from "./lib/meta";
import type { PageContent } from "./lib/page-data";
import { NOT_FOUND_META, NotFoundPage } from "./pages/not-found-page";
import { ADMIN_ROUTES } from "./routes/admin-routes";
import { ARTICLE_ROUTES } from "./routes/article-routes";
import { INTAKE_ROUTES } from "./routes/intake-routes";
import { SITE_ROUTES } from "./routes/site-routes";

export type RouteParams = Record<string, string>;
/**
 * What a route's meta function may use: brand facts, the canonical origin (for absolute URLs) and, for
 * routes flagged `serverData`, the database content the server loaded for the path.
 */
export type MetaContext = { brand: Brand; publicUrl: string; content?: PageContent };

/**
 * The one route table, read by the server (status code, head, sitemap) and by the client (rendering and
 * head updates on navigation). A route whose meta returns null does not exist for those params: 404.
 */
export type AppRoute = {
  path: string;
  /** A lazyPage(...) for a page with its own chunk (the rule), or a component bundled with the shell. */
  component: PageComponent | LazyPage;
  meta: (params: RouteParams, ctx: MetaContext) => PageMeta | null;
  /** "admin" screens render without the public header and footer. */
  layout: "public" | "admin";
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
  /**
   * When meta returns null, a route with this renders its own component (which shows its not-found state,
   * e.g. "Article Not Found") with status 404 and this head, instead of the site's 404 page.
   */
  notFoundMeta?: PageMeta;
  /**
   * The page renders database content that the server loads before rendering (PageData.content). The client
   * never renders it from a navigation without that data: it loads the URL as a whole document instead.
   * A function decides per params (a built-in article needs no data; a stored one does).
   */
  serverData?: boolean | ((params: RouteParams) => boolean);
};

/** Composed from one list per area of the site; order matters only where patterns overlap. */
export const ROUTES: readonly AppRoute[] = [
  ...SITE_ROUTES,
  ...ARTICLE_ROUTES,
  ...INTAKE_ROUTES,
  ...ADMIN_ROUTES,
];

const COMPILED = ROUTES.map((route) => ({ route, ...parse(route.path) }));

export type ResolvedPage = {
  status: 200 | 404;
  route: AppRoute | null;
  params: RouteParams;
  meta: PageMeta;
  component: PageComponent | LazyPage;
  layout: AppRoute["layout"];
};

export function matchPath(pathname: string): { route: AppRoute; params: RouteParams } | null {
  for (const { route, pattern, keys } of COMPILED) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    const params: RouteParams = {};
    keys.forEach((k, i) => {
      const value = m[i + 1];
      if (value !== undefined) params[k] = decodeURIComponent(value);
    });
    return { route, params };
  }
  return null;
}

/** Everything needed to render a path: the matched route, or the 404 page. */
export function resolvePage(pathname: string, ctx: MetaContext): ResolvedPage {
  const match = matchPath(pathname);
  const meta = match?.route.meta(match.params, ctx);
  if (match && meta) {
    return {
      status: 200,
      route: match.route,
      params: match.params,
      meta,
      component: match.route.component,
      layout: match.route.layout,
    };
  }
  if (match?.route.notFoundMeta) {
    return {
      status: 404,
      route: match.route,
      params: match.params,
      meta: match.route.notFoundMeta,
      component: match.route.component,
      layout: match.route.layout,
    };
  }
  return {
    status: 404,
    route: null,
    params: {},
    meta: NOT_FOUND_META,
    component: NotFoundPage,
    layout: match?.route.layout ?? "public",
  };
}

/** Whether a resolved page renders database content that only the server can load (see AppRoute.serverData). */
export function needsServerData(page: ResolvedPage): boolean {
  const flag = page.route?.serverData;
  return typeof flag === "function" ? flag(page.params) : Boolean(flag);
}
