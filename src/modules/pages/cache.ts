import { type Bytes, brotli, gzip } from "../../http/compress";
import type { RenderedPage } from "./render";

export type CachedPage = {
  status: 200 | 404;
  etag: string;
  noindex: boolean;
  /** An admin screen: never stored by browsers or proxies. */
  private: boolean;
  identity: Bytes;
  br: Bytes;
  gzip: Bytes;
};

/** "best" for pages that will be cached, "fast" for ones rendered per request (404s). */
export function encodePage(page: RenderedPage, effort: "best" | "fast" = "best"): CachedPage {
  const identity = new TextEncoder().encode(page.html);
  return {
    status: page.status,
    noindex: page.noindex,
    private: page.private,
    etag: `"${Bun.hash(identity).toString(36)}"`,
    identity,
    br: brotli(identity, effort === "best" ? 11 : 5),
    gzip: gzip(identity, effort === "best" ? 9 : 6),
  };
}

/**
 * The cache key of a path at a time: pages are cached per path and month (the month appears in the copyright
 * and "Last Updated" lines). The month's bounds are kept, so most calls format nothing.
 */
export function pageKey(at: Date | number, pathname: string): string {
  const t = typeof at === "number" ? at : at.getTime();
  if (!(t >= month.from && t < month.to)) month = monthAround(t);
  return `${month.label} ${pathname}`;
}

let month = { from: 0, to: 0, label: "" };
function monthAround(t: number) {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { from: Date.UTC(y, m, 1), to: Date.UTC(y, m + 1, 1), label: d.toISOString().slice(0, 7) };
}

/**
 * Rendered pages kept compressed in memory, so a cached page costs a map lookup. Bounded, oldest out first,
 * so unbounded paths (article slugs) cannot grow it without limit. Content changes call clear().
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  constructor(private readonly maxEntries = 500) {}

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: CachedPage): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, page);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
