import { sameOriginPath } from "../contracts/same-origin-path";

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/**
 * The one way the server redirects: the Location is always a path of this site, whatever `to` was built
 * from (a request's path, a query parameter), so no redirect can send a browser elsewhere (ADR 095).
 */
export function redirectTo(
  to: string,
  status: RedirectStatus,
  /** Headers by name, or as pairs where one name repeats (two cookies set at once). */
  headers: Record<string, string> | [string, string][] = {},
): Response {
  const pairs = Array.isArray(headers) ? headers : Object.entries(headers);
  return new Response(null, {
    status,
    headers: [
      ...pairs.filter(([name]) => name.toLowerCase() !== "location"),
      ["location", sameOriginPath(to)],
    ],
  });
}

/** The Location of what a request created (a tus upload's address): a path of this site, like every redirect's. */
export function createdAt(path: string): { location: string } {
  return { location: sameOriginPath(path) };
}
