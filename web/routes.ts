import { parse } from "regexparam";
import type { MetaContext, PageMeta } from "../src/contracts/meta";
import { PATHS } from "../src/contracts/paths";
import { type LazyPage, lazyPage, type PageDefinition, type RouteParams } from "./lib/lazy-page";
import { loadOnce } from "./lib/load-once";
import { ARTICLE_ROUTES } from "./routes/article-routes";
import { INTAKE_ROUTES } from "./routes/intake-routes";
import { SITE_ROUTES } from "./routes/site-routes";

export type { MetaContext } from "../src/contracts/meta";
export type { RouteParams } from "./lib/lazy-page";

/**
 * The one route table, read by the server (status code, head, sitemap) and by the client (rendering and
 * head updates on navigation). It holds only what must be known before a page's code loads: the path, the
 * loader, the layout and whether search engines may list it. The rest (head, data needs) is the page's own
 * PageDefinition, in its chunk.
 */
export type AppRoute = {
  path: string;
  /** lazyPage(() => import("../pages/x-page"), "xPage"): the page's definition, in a chunk of its own. */
  page: LazyPage;
  /**
   * "admin" screens render without the public header and footer; the "portal" draws its own frame (the firm's
   * mark, whose engagement it is, Sign out) with no public menu, intake buttons or marketing footer.
   */
  layout: "public" | "admin" | "portal";
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
};

/** The public site's routes, composed from one list per part of it; order matters only where patterns overlap. */
const SITE_TABLE: readonly AppRoute[] = [...SITE_ROUTES, ...ARTICLE_ROUTES, ...INTAKE_ROUTES];

/**
 * A part of the site under one path prefix whose routes are a chunk of their own, loaded when a path under the
 * prefix is first resolved. No public page needs the portal's or the admin's routes (the admin's alone were
 * 2.5 KB of every public page's entry, ADR 011), and a public page reaches either only through a whole page
 * load anyway (their stylesheet is not the site's). Every route of an area lies under its prefix.
 */
type RouteArea = {
  prefix: string;
  /** The export holding the area's routes: it also names their chunk, which the server preloads with the page. */
  exportName: string;
  load: () => Promise<readonly AppRoute[]>;
  /** Set once the area's routes have loaded. */
  compiled?: readonly CompiledRoute[];
};

function routeArea<M extends Record<string, unknown>>(
  prefix: string,
  importer: () => Promise<M>,
  exportName: keyof M & string,
): RouteArea {
  const area: RouteArea = {
    prefix,
    exportName,
    load: loadOnce(importer, (m) => {
      const routes = m[exportName] as readonly AppRoute[];
      area.compiled = routes.map(compile);
      return routes;
    }),
  };
  return area;
}

/** After the site's routes, in this order. */
const AREAS: readonly RouteArea[] = [
  routeArea(PATHS.portal, () => import("./routes/portal-routes"), "PORTAL_ROUTES"),
  routeArea("/admin", () => import("./routes/admin-routes"), "ADMIN_ROUTES"),
];

const inArea = (area: RouteArea, pathname: string) =>
  pathname === area.prefix || pathname.startsWith(`${area.prefix}/`);

/**
 * The one route table, whole: the site's routes, then every area's. The server loads it before serving
 * (web/server-entry.ts), so that matchPath knows every route there; the browser loads an area when it needs it.
 */
export async function loadRoutes(): Promise<readonly AppRoute[]> {
  const areas = await Promise.all(AREAS.map((area) => area.load()));
  return [...SITE_TABLE, ...areas.flat()];
}

/**
 * The public site's pages (and its 404) are styled by the site's own stylesheet, built from everything but the
 * admin and the portal: the smaller sheet every public page inlines keeps the home page's HTML within the first
 * round trip (ADR 165). The admin and the portal get the whole stylesheet.
 */
const SITE_STYLED: ReadonlySet<AppRoute> = new Set(SITE_TABLE);
export const siteStylesheetFits = (route: AppRoute | null): boolean =>
  route === null || SITE_STYLED.has(route);

/** The site's 404 page: any path can need it, and it loads like any other page. */
export const NOT_FOUND_PAGE = lazyPage(() => import("./pages/not-found-page"), "notFoundPage");

type CompiledRoute = { route: AppRoute; keys: string[]; pattern: RegExp };
const compile = (route: AppRoute): CompiledRoute => ({ route, ...parse(route.path) });
const COMPILED = SITE_TABLE.map(compile);

export type ResolvedPage = {
  status: 200 | 404;
  route: AppRoute | null;
  params: RouteParams;
  meta: PageMeta;
  /** The chunk the page came from (its export name keys the preload list). */
  page: LazyPage;
  definition: PageDefinition;
  layout: AppRoute["layout"];
  /** The area the path lies in (its routes' export name), whose chunk the page needs as well. */
  area?: string;
};

/** The route a path matches, among the site's routes and the areas loaded so far (on the server: every area). */
export function matchPath(pathname: string): { route: AppRoute; params: RouteParams } | null {
  const areas = AREAS.flatMap((area) => (area.compiled && inArea(area, pathname) ? area.compiled : []));
  for (const { route, pattern, keys } of [...COMPILED, ...areas]) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    const params: RouteParams = {};
    for (const [i, k] of keys.entries()) {
      const value = m[i + 1];
      if (value === undefined) continue;
      // "%ff" is no text at all: no page has it in its path, so it is the 404 page, not an error.
      const decoded = decodeSegment(value);
      if (decoded === undefined) return null;
      params[k] = decoded;
    }
    return { route, params };
  }
  return null;
}

function decodeSegment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Everything needed to render a path (the matched page, or the 404 page) when the code it needs is loaded;
 * otherwise the promise that loads it, after which it can be asked again. The client calls it on every
 * render, so a loaded page resolves without waiting.
 */
export function resolvePage(pathname: string, ctx: MetaContext): ResolvedPage | Promise<unknown> {
  const area = AREAS.find((a) => inArea(a, pathname));
  if (area && !area.compiled) return area.load();
  const match = matchPath(pathname);
  if (match) {
    const { route, params } = match;
    const definition = route.page.loaded;
    if (!definition) return route.page.load();
    const preparing = definition.prepare?.(params);
    if (preparing) return preparing;
    const meta = definition.meta(params, ctx);
    const shown = meta ?? definition.notFoundMeta;
    if (shown) {
      const status = meta ? 200 : 404;
      return {
        status,
        route,
        params,
        meta: shown,
        page: route.page,
        definition,
        layout: route.layout,
        area: area?.exportName,
      };
    }
  }
  const notFound = NOT_FOUND_PAGE.loaded;
  if (!notFound) return NOT_FOUND_PAGE.load();
  const meta = notFound.meta({}, ctx);
  if (!meta) throw new Error("The 404 page has no head");
  return {
    status: 404,
    route: null,
    params: {},
    meta,
    page: NOT_FOUND_PAGE,
    definition: notFound,
    layout: match?.route.layout ?? "public",
  };
}

/** resolvePage, waiting for whatever it needs to load first (the server, and the client before hydrating). */
export async function loadPage(pathname: string, ctx: MetaContext): Promise<ResolvedPage> {
  // An area's routes, a page, its 404 fallback and a prepared chunk: never more than four loads.
  for (let attempt = 0; attempt < 5; attempt++) {
    const resolved = resolvePage(pathname, ctx);
    if (!(resolved instanceof Promise)) return resolved;
    await resolved;
  }
  throw new Error(`Page for ${pathname} did not finish loading`);
}

/** Whether a resolved page renders database content that only the server can load (PageDefinition.serverData). */
export function needsServerData(page: ResolvedPage): boolean {
  const flag = page.definition.serverData;
  return typeof flag === "function" ? flag(page.params) : Boolean(flag);
}
