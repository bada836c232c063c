import { Elysia } from "elysia";
import { PATHS } from "../contracts/paths";

/**
 * What a response is, for its Content-Security-Policy. Each starts from `default-src 'none'` and allows only
 * what that kind of response needs (ADR 071):
 * - page: the HTML the site renders; its external module scripts, its own and hashed inline styles, images,
 *   API calls, the web manifest, and forms posting back to this site.
 * - admin-page: a page, plus `data:` images (the two-step sign-in QR code is a data: SVG).
 * - data: JSON from the API, feeds, sitemap, robots.txt, the web manifest: nothing to load.
 * - asset: scripts, style sheets and images the pages load: nothing to load of their own.
 * - download: documents offered for download, uploads included: nothing to load, and sandboxed, so a file
 *   opened in the browser runs no script and gets no access to this site.
 */
export type ResponseKind = "page" | "admin-page" | "data" | "asset" | "download";

type SecurityOptions = { hsts: boolean; styleHashes?: string[] };

/** Nothing may load, and nothing may frame it (frame-ancestors does not fall back to default-src). */
const NOTHING = ["default-src 'none'", "frame-ancestors 'none'"];

export function contentSecurityPolicy(
  kind: ResponseKind,
  opts: Pick<SecurityOptions, "styleHashes">,
): string {
  if (kind === "data" || kind === "asset") return NOTHING.join("; ");
  if (kind === "download") return [...NOTHING, "sandbox"].join("; ");
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["style-src 'self'", ...(opts.styleHashes ?? []).map((h) => `'sha256-${h}'`)].join(" "),
    kind === "admin-page" ? "img-src 'self' data:" : "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries, with the policy for its kind (a page's when no kind is given). */
export function securityHeaders(opts: SecurityOptions, kind: ResponseKind = "page"): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(kind, opts),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "x-frame-options": "DENY",
  };
  if (opts.hsts) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** Paths answered with data rather than a page, besides everything under /api/. */
const DATA_PATHS = ["/healthz", "/sitemap.xml", "/robots.txt", "/site.webmanifest", PATHS.articlesFeed];

/** Whether the URL's path, starting at `start`, is exactly `path` (a query may follow). */
const isPath = (url: string, start: number, path: string) =>
  url.startsWith(path, start) && (url.length === start + path.length || url[start + path.length] === "?");

/**
 * API answers that are files to save rather than data for a screen: every path that names a file (the desk's
 * `/api/admin/submissions/export.csv`, the engagement letter's `letter.pdf` on either side), a data request's
 * `/api/admin/data-requests/:id/export` and every document either side downloads (`/api/portal/documents/:docId`,
 * `/api/admin/submissions/:id/documents/:docId`).
 */
const EXPORT = /\/(export|[A-Za-z0-9_-]+\.[a-z]{2,4}|documents\/[A-Za-z0-9_-]{16,})$/;
function isExport(url: string, start: number): boolean {
  const query = url.indexOf("?", start);
  return EXPORT.test(query < 0 ? url.slice(start) : url.slice(start, query));
}

/**
 * The kind of response a request gets, from its URL alone, so the headers can be set before any route runs.
 * Reads the path in place (no URL object, no copy) because every request pays for it.
 */
export function responseKind(url: string): ResponseKind {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "page";
  if (url.startsWith("/api/", start)) return isExport(url, start) ? "download" : "data";
  if (url.startsWith("/assets/", start) || url.startsWith("/brand/", start)) return "asset";
  if (url.startsWith("/docs/", start) || url.startsWith("/uploads/", start)) return "download";
  if (url.startsWith("/admin/", start) || isPath(url, start, "/admin")) return "admin-page";
  return DATA_PATHS.some((p) => isPath(url, start, p)) ? "data" : "page";
}

const KINDS: readonly ResponseKind[] = ["page", "admin-page", "data", "asset", "download"];

export const securityPlugin = (opts: SecurityOptions) => {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, securityHeaders(opts, k)])) as Record<
    ResponseKind,
    Record<string, string>
  >;
  return new Elysia({ name: "security-headers", seed: opts }).onRequest(({ request, set }) => {
    Object.assign(set.headers, byKind[responseKind(request.url)]);
  });
};
