import { type Bytes, chooseEncoding } from "../../../lib/compress";
import type { CachedPage } from "../service/cache";

type Variant = { body: Blob | null; headers: Headers };

/**
 * A cached page made ready to send: each answer it can give (brotli, gzip, identity, 304) with its body and
 * its complete headers built once. Bodies are Blobs, which a Response shares; a byte array would be copied
 * into every Response.
 */
export type PageAnswers = {
  status: CachedPage["status"];
  etag: string;
  br: Variant;
  gzip: Variant;
  identity: Variant;
  notModified: Variant;
};

/** `headers` are added to every answer (the security headers, on the fast path). */
export function pageAnswers(page: CachedPage, headers: Record<string, string> = {}): PageAnswers {
  const base: Record<string, string> = {
    ...headers,
    "content-type": "text/html; charset=utf-8",
    // Admin screens stay out of every shared and back-forward cache.
    "cache-control": page.private ? "private, no-store" : "no-cache",
    etag: page.etag,
    vary: "Accept-Encoding",
  };
  if (page.noindex) base["x-robots-tag"] = "noindex, nofollow";
  const variant = (body: Bytes | null, encoding?: string): Variant => ({
    body: body && new Blob([body]),
    headers: new Headers(encoding ? { ...base, "content-encoding": encoding } : base),
  });
  return {
    status: page.status,
    etag: page.etag,
    br: variant(page.br, "br"),
    gzip: variant(page.gzip, "gzip"),
    identity: variant(page.identity),
    notModified: variant(null),
  };
}

/**
 * The answer to one request: 304 when its If-None-Match names the page's ETag, else the encoding it accepts
 * (brotli, then gzip, then none). `requestId`, when given, is set as X-Request-Id.
 */
export function answerPage(page: PageAnswers, request: Request, requestId?: string): Response {
  const notModified = page.status === 200 && request.headers.get("if-none-match") === page.etag;
  const variant = notModified
    ? page.notModified
    : (chooseEncoding(request.headers.get("accept-encoding"), page)?.body ?? page.identity);
  // The Response copies the headers; setting the id on its copy costs less than copying them first.
  const response = new Response(variant.body, {
    status: notModified ? 304 : page.status,
    headers: variant.headers,
  });
  if (requestId !== undefined) response.headers.set("x-request-id", requestId);
  return response;
}
