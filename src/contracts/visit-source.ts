/**
 * Where an intake request came from, without cookies (issue 12, section 6): the first page of the visit on
 * this site (`landingPage`, a path) and the host name of the site that sent the visitor (`referrerHost`). The
 * browser keeps them in sessionStorage and the intake form sends them in two hidden fields. Both are
 * optional and never an error: whatever is not a plain path or a valid host name is dropped.
 */
export const VISIT_SOURCE_FIELDS = ["landingPage", "referrerHost"] as const;

export type VisitSource = { landingPage: string | null; referrerHost: string | null };

export const LANDING_PAGE_MAX = 300;
export const REFERRER_HOST_MAX = 253;

// RFC 3986 path characters, percent-escapes included; no spaces, backslashes, quotes or angle brackets.
const PATH = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A path of a site, or null: "/articles/x" stays, "?utm=…" and "#…" are cut off; a full URL, "//host/…",
 * "javascript:…", "../" segments and anything over LANDING_PAGE_MAX characters are dropped. Whether the path
 * is one of this site's pages is the server's check (the route table).
 */
export function cleanLandingPage(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > LANDING_PAGE_MAX) return null;
  const path = raw.trim().split(/[?#]/, 1)[0] ?? "";
  if (!PATH.test(path) || path.startsWith("//")) return null;
  if (path.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/**
 * A host name such as "www.google.com", lower-cased, or null: URLs, ports, IP addresses, single labels
 * ("localhost") and one of `ownHosts` (this site, with or without "www.") are dropped.
 */
export function cleanReferrerHost(raw: unknown, ownHosts: readonly string[] = []): string | null {
  if (typeof raw !== "string" || raw.length > REFERRER_HOST_MAX + 1) return null;
  const host = raw.trim().toLowerCase().replace(/\.$/, "");
  if (host.length === 0 || host.length > REFERRER_HOST_MAX) return null;
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  // A top-level label of digits only is an IPv4 address, not a host name.
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return null;
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, "");
  if (ownHosts.some((own) => bare(own) === bare(host))) return null;
  return host;
}
