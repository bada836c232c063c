import type { CachedPage, PageCache } from "../service/cache";
import { answerPage, type PageAnswers, pageAnswers } from "./answer";

/**
 * The path of a request URL ("http://host:port/path?query"), without parsing it: the text between the
 * authority and the query. It is only used to look a page up in the cache, whose keys are normalised paths:
 * a raw path that equals one is already normalised, and any other misses and takes the full route. Bun gives
 * only the path ("/path?query") when the Host header makes no URL; that is logged by this path too.
 */
export function rawPath(url: string): string | undefined {
  const start = url.startsWith("/") ? 0 : url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return undefined;
  let end = url.indexOf("?", start);
  if (end < 0) end = url.indexOf("#", start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

/**
 * Where the page guard may answer instead of the cached page: the admin's sign-in (src/modules/auth/guard.ts),
 * and /portal, rendered with the engagement for a client with a portal session.
 */
const isGuarded = (path: string) => path === "/admin" || path.startsWith("/admin/") || path === "/portal";

/** `path` is the request's rawPath(request.url), which the caller also logs. */
export type PageFastPath = (request: Request, path: string, requestId: string) => Response | undefined;

/**
 * Answers a GET for a public page that is already rendered and cached, before the framework's request
 * pipeline (hooks, router, header merging), which cost more than the answer itself (ADR 012). It sends the
 * same answer the pages route would: the same bytes, ETag/304, encoding, the page's headers and `headers`
 * (the security headers every answer carries) plus the request id. Anything else returns undefined and takes
 * the full route: other methods, requests with a body (the body deadline reads them), admin screens, and
 * pages not in the cache (the route renders and caches them).
 */
export function createPageFastPath(deps: {
  cache: PageCache;
  headers: Record<string, string>;
  now: () => Date;
}): PageFastPath {
  const ready = new WeakMap<CachedPage, PageAnswers>();
  return (request, path, requestId) => {
    if (request.method !== "GET" || request.body !== null || isGuarded(path)) return undefined;
    const page = deps.cache.get(deps.now().getTime(), path);
    // A page that renders per query (a chosen service) answers a request with one through the route.
    if (!page || page.private || (page.readsQuery && request.url.includes("?"))) return undefined;
    let answers = ready.get(page);
    if (!answers) {
      answers = pageAnswers(page, deps.headers);
      ready.set(page, answers);
    }
    return answerPage(answers, request, requestId);
  };
}
