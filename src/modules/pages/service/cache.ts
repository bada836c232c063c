import { addMonths, firmToday, instantAt, monthStart } from "../../../contracts/firm-calendar";
import { type Bytes, bestInBackground, brotli, gzip } from "../../../lib/compress";
import type { RenderedPage } from "./render";

export type CachedPage = {
  status: 200 | 404;
  etag: string;
  noindex: boolean;
  /** An admin screen: never stored by browsers or proxies. */
  private: boolean;
  /** The page renders per query (PageDefinition.query): the plain page is no answer to a request with one. */
  readsQuery: boolean;
  identity: Bytes;
  br: Bytes;
  gzip: Bytes;
};

/**
 * "fast" on the way to a visitor (brotli 5: a few milliseconds), "best" once off it (brotli 11: 100 to 300 ms
 * on a 90 KB page, 10% fewer bytes), see `bestEncoded`.
 */
export function encodePage(page: RenderedPage, effort: "best" | "fast" = "best"): CachedPage {
  const identity = new TextEncoder().encode(page.html);
  return {
    status: page.status,
    noindex: page.noindex,
    private: page.private,
    readsQuery: page.readsQuery ?? false,
    etag: `"${Bun.hash(identity).toString(36)}"`,
    identity,
    br: brotli(identity, effort === "best" ? 11 : 5),
    gzip: gzip(identity, effort === "best" ? "best" : 6),
  };
}

/**
 * The same page with its smallest encodings, compressed off the server's thread: the bytes decode the same, so
 * the ETag stays.
 */
export async function bestEncoded(page: CachedPage): Promise<CachedPage> {
  return { ...page, ...(await bestInBackground(page.identity)) };
}

/**
 * The firm's month a time falls in ("2026-11"): pages are cached per path and month (the month appears in the
 * copyright and "Last Updated" lines, both on the firm's clock, so a New York evening on the 30th is still the
 * 30th). The month's bounds are kept, so most calls format nothing.
 */
export function monthOf(at: Date | number, timeZone: string): string {
  const t = typeof at === "number" ? at : at.getTime();
  if (!(t >= month.from && t < month.to && month.zone === timeZone)) month = monthAround(t, timeZone);
  return month.label;
}

let month = { from: 0, to: 0, label: "", zone: "" };
function monthAround(t: number, timeZone: string) {
  const first = monthStart(firmToday(t, timeZone));
  return {
    from: instantAt(first, 0, timeZone).getTime(),
    to: instantAt(addMonths(first, 1), 0, timeZone).getTime(),
    label: first.slice(0, 7),
    zone: timeZone,
  };
}

/**
 * Rendered pages kept compressed in memory, so a cached page costs a map lookup. One entry per path, for
 * the month it was rendered in: a page from an earlier month is a miss, and its re-rendering replaces it.
 * Keyed by the path alone, so a look-up builds no key string. Bounded, oldest out first, so unbounded paths
 * (article slugs) cannot grow it without limit. Content changes call clear().
 */
export class PageCache {
  private readonly entries = new Map<string, { month: string; page: CachedPage }>();
  /** When what the cached pages show stops being true (a scheduled article's time): all are dropped then. */
  private staleFrom = Number.POSITIVE_INFINITY;
  constructor(
    /** The firm's zone: a cached page's month is the firm's (monthOf). */
    private readonly timeZone: string,
    private readonly maxEntries = 500,
  ) {}

  get(at: Date | number, path: string): CachedPage | undefined {
    if ((typeof at === "number" ? at : at.getTime()) >= this.staleFrom) this.clear();
    const entry = this.entries.get(path);
    return entry !== undefined && entry.month === monthOf(at, this.timeZone) ? entry.page : undefined;
  }

  set(at: Date | number, path: string, page: CachedPage): void {
    // Deleted first, so a replaced page counts as the newest.
    this.entries.delete(path);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(path, { month: monthOf(at, this.timeZone), page });
  }

  /**
   * Puts `to` in place of `from` where `from` is still the cached page for `path`: a page cleared or rendered
   * again since is left as it is (a content change must not be undone by a late re-encoding).
   */
  replace(path: string, from: CachedPage, to: CachedPage): boolean {
    const entry = this.entries.get(path);
    if (entry?.page !== from) return false;
    entry.page = to;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.staleFrom = Number.POSITIVE_INFINITY;
  }

  /** Pages rendered now are stale from `time` on (the renders that read scheduled content say when). */
  staleAt(time: number): void {
    if (time < this.staleFrom) this.staleFrom = time;
  }

  get size(): number {
    return this.entries.size;
  }
}
