import { expect, test } from "bun:test";
import { type CachedPage, encodePage, PageCache } from "./cache";

const page = (html: string): CachedPage =>
  encodePage({ status: 200, html, noindex: false, private: false }, "fast");

test("a page is served in the month it was rendered in, and missed from the first instant of the next", () => {
  const cache = new PageCache();
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
  const cache = new PageCache(2);
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
  const cache = new PageCache();
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
