import { Elysia } from "elysia";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a request may change state (DESIGN.md decision 8). Browsers send Sec-Fetch-Site and/or Origin on
 * every cross-site POST, so one of them showing another site is refused. A sibling subdomain ("same-site")
 * is refused too: it is a different origin we do not control. Requests with neither header come from
 * non-browser clients, which carry no victim's cookies.
 */
export function isSameOriginRequest(request: Request, allowedOrigins: readonly string[]): boolean {
  if (!STATE_CHANGING.has(request.method)) return true;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  return origin === new URL(request.url).origin || allowedOrigins.includes(origin);
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

/** One global guard: a POST, PUT, PATCH or DELETE from another site gets 403 before any route runs. */
export const sameOriginPlugin = (opts: { publicUrl: string }) => {
  const allowed = [new URL(opts.publicUrl).origin];
  return new Elysia({ name: "same-origin", seed: opts }).onRequest(({ request }) => {
    if (isSameOriginRequest(request, allowed)) return;
    return Response.json({ error: CROSS_SITE_MESSAGE }, { status: 403 });
  });
};
