import type { ComponentType } from "react";
import type { MetaContext, PageMeta } from "../../src/contracts/meta";
import { loadOnce } from "./load-once";

export type RouteParams = Record<string, string>;
export type PageProps = { params: RouteParams };
export type PageComponent = ComponentType<PageProps>;

/**
 * Everything about a page that travels with its code: the component, its head, and what it needs before it
 * can render. Kept in the page's own module so the shell's bundle carries only paths and loaders (ADR 008).
 */
export type PageDefinition = {
  component: PageComponent;
  /** The head for these params; null means no such page (404). */
  meta: (params: RouteParams, ctx: MetaContext) => PageMeta | null;
  /**
   * When meta returns null, a page with this renders its own component (which shows its not-found state,
   * e.g. "Article Not Found") with status 404 and this head, instead of the site's 404 page.
   */
  notFoundMeta?: PageMeta;
  /**
   * The page renders database content that the server loads before rendering (PageData.content). The client
   * never renders it from a navigation without that data: it loads the URL as a whole document instead.
   * A function decides per params (a built-in article needs no data; a stored one does).
   */
  serverData?: boolean | ((params: RouteParams) => boolean);
  /**
   * Loads what the component and meta read synchronously for these params (a built-in article, a chunk of
   * its own); runs before meta. Returns undefined when it is already there, so nothing waits on it twice.
   */
  prepare?: (params: RouteParams) => Promise<unknown> | undefined;
  /** Keys of the further chunks `prepare` loads for these params, which the server preloads. */
  chunks?: (params: RouteParams) => string[];
  /**
   * The page renders differently for some query parameters (/contact?service=asset-map chooses the service):
   * the canonical query it renders for the request's query string (without "?"), or "" when nothing in it
   * matters. The server renders and caches the page per canonical query; any other query gets the plain page.
   */
  query?: (search: string) => string;
};

export const definePage = (page: PageDefinition): PageDefinition => page;

/**
 * A page whose code is a separate chunk, so each page's JavaScript (and the copy it imports) is downloaded
 * only where it is used. The server loads every page before rendering; the browser loads the current page's
 * chunk before hydrating (the server preloads it with <link rel="modulepreload">) and others on navigation.
 * `exportName` names the module's PageDefinition export; it is also how the build finds the chunk to preload.
 */
export type LazyPage = {
  exportName: string;
  load: () => Promise<PageDefinition>;
  /** Set once the chunk has loaded. */
  loaded?: PageDefinition;
};

export function lazyPage<M extends Record<string, unknown>>(
  importer: () => Promise<M>,
  exportName: keyof M & string,
): LazyPage {
  const page: LazyPage = {
    exportName,
    load: loadOnce(importer, (m) => {
      const definition = m[exportName] as PageDefinition | undefined;
      if (!definition?.component) throw new Error(`Page module has no page definition ${exportName}`);
      page.loaded = definition;
      return definition;
    }),
  };
  return page;
}
