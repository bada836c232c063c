import { parseQueryFromURL } from "elysia/parse-query";

/**
 * Every route reads its query as the URL has it. Elysia reads a query declared by a Standard Schema with each
 * comma as a list ("smith, jo" becomes two values), so a search for "Smith, Jo" or an ids list "3,7,12" would be
 * refused as not text. The app runs this as a global transform, ahead of every route's validation; a key given
 * twice keeps its last value, as a form field does.
 */
export function readQueryAsSent(ctx: { request: Request; query: Record<string, unknown> }): void {
  const { url } = ctx.request;
  const start = url.indexOf("?");
  ctx.query = start === -1 ? {} : parseQueryFromURL(url, start + 1);
}
