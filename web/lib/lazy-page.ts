import type { ComponentType } from "react";

export type PageProps = { params: Record<string, string> };
export type PageComponent = ComponentType<PageProps>;

/**
 * A page whose code is a separate chunk, so each page's JavaScript (and the copy it imports) is downloaded
 * only where it is used. The server loads every page before rendering; the browser loads the current page's
 * chunk before hydrating (the server preloads it with <link rel="modulepreload">) and others on navigation.
 * `exportName` is also how the build finds the chunk to preload.
 */
export type LazyPage = {
  exportName: string;
  load: () => Promise<PageComponent>;
  /** Set once the chunk has loaded. */
  loaded?: PageComponent;
};

export function lazyPage<M extends Record<string, unknown>>(
  importer: () => Promise<M>,
  exportName: keyof M & string,
): LazyPage {
  let pending: Promise<PageComponent> | undefined;
  const page: LazyPage = {
    exportName,
    load: () => {
      pending ??= importer().then((m) => {
        const component = m[exportName] as PageComponent | undefined;
        if (!component) throw new Error(`Page module has no export ${exportName}`);
        page.loaded = component;
        return component;
      });
      return pending;
    },
  };
  return page;
}

export const isLazyPage = (c: PageComponent | LazyPage): c is LazyPage =>
  typeof c === "object" && c !== null && "load" in c && "exportName" in c;
