import { expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { bestEncoded, type CachedPage, encodePage, PageCache } from "./cache";

const page = (html: string): CachedPage =>
  encodePage({ status: 200, html, noindex: false, private: false }, "fast");

test("a page is served in the month it was rendered in, and missed from the first instant of the next", () => {
  const cache = new PageCache("UTC");
  const november = page("<p>November</p>");
  cache.set(Date.UTC(2026, 10, 1), "/process", november);
  expect(cache.get(Date.UTC(2026, 10, 30, 23, 59, 59, 999), "/process")).toBe(november);
  expect(cache.get(new Date(Date.UTC(2026, 10, 15)), "/process")).toBe(november);
  expect(cache.get(Date.UTC(2026, 11, 1), "/process")).toBeUndefined();
  expect(cache.get(Date.UTC(2026, 9, 31, 23, 59), "/process")).toBeUndefined();
  expect(cache.get(Date.UTC(2026, 10, 15), "/process/")).toBeUndefined();

  // December's rendering replaces November's: one entry per path.
  const december = page("<p>December</p>");
  cache.set(Date.UTC(2026, 11, 1), "/process", december);
  expect(cache.size).toBe(1);
  expect(cache.get(Date.UTC(2026, 11, 2), "/process")).toBe(december);
});

test("it holds at most its bound, dropping the page stored longest ago", () => {
  const cache = new PageCache("UTC", 2);
  const at = Date.UTC(2026, 10, 22);
  const [a, b, c] = ["a", "b", "c"].map(page);
  cache.set(at, "/a", a as CachedPage);
  cache.set(at, "/b", b as CachedPage);
  // Storing /a again makes it the newest, so /b goes first.
  cache.set(at, "/a", a as CachedPage);
  cache.set(at, "/c", c as CachedPage);
  expect(cache.size).toBe(2);
  expect(cache.get(at, "/b")).toBeUndefined();
  expect(cache.get(at, "/a")).toBe(a);
  expect(cache.get(at, "/c")).toBe(c);
  cache.clear();
  expect(cache.get(at, "/a")).toBeUndefined();
});

test("pages told they are stale from a time are missed from that instant, and the time is forgotten then", () => {
  const cache = new PageCache("UTC");
  const at = Date.UTC(2026, 10, 2, 15);
  const list = page("<p>Before the scheduled article</p>");
  cache.set(at, "/articles", list);
  cache.staleAt(Date.UTC(2026, 10, 3, 9));
  cache.staleAt(Date.UTC(2026, 10, 4, 9)); // a later one does not postpone the earlier
  expect(cache.get(Date.UTC(2026, 10, 3, 8, 59, 59, 999), "/articles")).toBe(list);
  expect(cache.get(Date.UTC(2026, 10, 3, 9), "/articles")).toBeUndefined();
  const after = page("<p>With it</p>");
  cache.set(Date.UTC(2026, 10, 3, 9), "/articles", after);
  expect(cache.get(Date.UTC(2026, 10, 3, 10), "/articles")).toBe(after);
});

test("the best encoding replaces the quick one with the same bytes and ETag, unless the page changed since", async () => {
  const words = [
    "deed",
    "lien",
    "county",
    "registry",
    "vessel",
    "parcel",
    "entity",
    "filing",
    "trust",
    "account",
  ];
  const html = `<main>${Array.from(
    { length: 1500 },
    (_, i) => `<p class="c${i % 13}">${words[(i * 7) % 10]} ${words[(i * i) % 10]} ${(i * 7919) % 10007}</p>`,
  ).join("")}</main>`;
  const cache = new PageCache("UTC");
  const at = Date.UTC(2026, 10, 26);
  const quick = page(html);
  cache.set(at, "/services/asset-map", quick);
  const best = await bestEncoded(quick);
  expect(best.etag).toBe(quick.etag);
  expect(best.br.byteLength).toBeLessThan(quick.br.byteLength);
  expect(new TextDecoder().decode(brotliDecompressSync(best.br))).toBe(html);
  expect(new TextDecoder().decode(gunzipSync(best.gzip))).toBe(html);
  expect(cache.replace("/services/asset-map", quick, best)).toBe(true);
  expect(cache.get(at, "/services/asset-map")).toBe(best);

  // Content changed while the page waited for its re-encoding: the late copy must not bring the old page back.
  const edited = page(html.replace("Asset Map", "Asset Map (edited)"));
  cache.set(at, "/services/asset-map", edited);
  expect(cache.replace("/services/asset-map", best, await bestEncoded(best))).toBe(false);
  expect(cache.get(at, "/services/asset-map")).toBe(edited);
  cache.clear();
  expect(cache.replace("/services/asset-map", edited, await bestEncoded(edited))).toBe(false);
  expect(cache.get(at, "/services/asset-map")).toBeUndefined();
});

test("the month is the firm's: a New York evening on the last day is still that month, its midnight the next", () => {
  const cache = new PageCache("America/New_York");
  const november = page("<p>November</p>");
  // 30 November, 9 PM in New York: already 1 December in UTC.
  cache.set(Date.UTC(2026, 11, 1, 2), "/process", november);
  expect(cache.get(Date.UTC(2026, 11, 1, 4, 59, 59, 999), "/process")).toBe(november);
  // New York's midnight (05:00 UTC in December) starts December.
  expect(cache.get(Date.UTC(2026, 11, 1, 5), "/process")).toBeUndefined();
  // A firm in Berlin has December an hour before UTC does (midnight CET is 23:00 UTC).
  const berlin = new PageCache("Europe/Berlin");
  berlin.set(Date.UTC(2026, 10, 30, 22, 30), "/process", november);
  expect(berlin.get(Date.UTC(2026, 10, 30, 22, 59), "/process")).toBe(november);
  expect(berlin.get(Date.UTC(2026, 10, 30, 23, 0), "/process")).toBeUndefined();
});
