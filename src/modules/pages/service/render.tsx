import { renderToReadableStream } from "react-dom/server";
import { App, loadPage, type ResolvedPage, siteStylesheetFits } from "../../../../web/server-entry";
import { PAGE_DATA_ELEMENT_ID, type PageData, ROOT_ELEMENT_ID } from "../../../contracts/page-data";
import type { AssetManifest } from "../../../lib/asset-manifest";
import { buildHead } from "../lib/head";
import { jsonForScript } from "../lib/html";

export type RenderOptions = {
  data: PageData;
  entry: AssetManifest["entry"];
  pageChunks: AssetManifest["pageChunks"];
  brandCss?: string;
  /** The stylesheets' text, inlined so the first paint waits on no second request (ADR 009). */
  inlineCss?: InlineCss;
};

/** The whole stylesheet and the public site's smaller one (ADR 165). */
export type InlineCss = { app: string; site: string };

export type RenderedPage = {
  status: 200 | 404;
  html: string;
  noindex: boolean;
  private: boolean;
  /** The page reads the query string (PageDefinition.query): a request with one is not answered from the plain page. */
  readsQuery?: boolean;
};

/**
 * Renders a path to a complete HTML document. The status comes from the route table, decided before React
 * renders (React cannot set it). The stream is awaited to allReady so crawlers get the whole page.
 */
export async function renderPage(
  pathname: string,
  search: string,
  opts: RenderOptions,
): Promise<RenderedPage> {
  const { data } = opts;
  const page = await loadPage(pathname, {
    brand: data.brand,
    publicUrl: data.publicUrl,
    content: data.content,
  });
  const stream = await renderToReadableStream(<App data={data} ssrPath={pathname} ssrSearch={search} />, {
    onError(error) {
      // Logged by the caller's error handler through the rejected promise; this keeps React quiet.
      void error;
    },
  });
  await stream.allReady;
  const body = await new Response(stream).text();
  const head = buildHead({
    meta: page.meta,
    brand: data.brand,
    publicUrl: data.publicUrl,
    pathname,
    entry: opts.entry,
    pageChunks: chunksToPreload(page, opts.pageChunks),
    brandCss: opts.brandCss,
    inlineCss: opts.inlineCss && (siteStylesheetFits(page.route) ? opts.inlineCss.site : opts.inlineCss.app),
  });
  const html = `<!doctype html><html lang="en"><head>${head}</head><body><div id="${ROOT_ELEMENT_ID}">${body}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script></body></html>`;
  return {
    status: page.status,
    html,
    noindex: Boolean(page.meta.noindex),
    private: page.layout === "admin",
    readsQuery: Boolean(page.definition.query),
  };
}

/**
 * The page's own chunks, its area's routes (the admin's, the portal's) and the chunks it prepares for these params
 * (an article's body), each once.
 */
function chunksToPreload(page: ResolvedPage, chunks: AssetManifest["pageChunks"]): string[] {
  const keys = [
    page.page.exportName,
    ...(page.area ? [page.area] : []),
    ...(page.definition.chunks?.(page.params) ?? []),
  ];
  return [...new Set(keys.flatMap((key) => chunks[key] ?? []))];
}
