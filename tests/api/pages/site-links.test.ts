import { expect, test } from "bun:test";
import { makeTestApp } from "../../helpers/app";

const { request } = makeTestApp();

/** Every href and src in a page, with HTMLRewriter reading real attributes. */
async function linksIn(html: string): Promise<string[]> {
  const found: string[] = [];
  await new HTMLRewriter()
    .on("a[href], link[href]", { element: (el) => void found.push(el.getAttribute("href") ?? "") })
    .on("script[src], img[src]", { element: (el) => void found.push(el.getAttribute("src") ?? "") })
    .transform(new Response(html))
    .text();
  return found;
}

test("every internal link on every public page resolves", async () => {
  const queue = ["/"];
  const seen = new Set<string>(queue);
  const broken: string[] = [];
  while (queue.length) {
    const path = queue.shift() as string;
    const res = await request(path);
    if (res.status !== 200) {
      broken.push(`${path} → ${res.status}`);
      continue;
    }
    if (!res.headers.get("content-type")?.startsWith("text/html")) continue;
    for (const href of await linksIn(await res.text())) {
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      const target = href.split("#")[0]?.split("?")[0] ?? "";
      if (!target || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  expect(broken).toEqual([]);
  // The crawl reached the whole public site from the home page.
  for (const path of [
    "/services/asset-map",
    "/contact",
    "/articles",
    "/resources",
    "/privacy",
    "/engagement-terms",
  ]) {
    expect(seen.has(path)).toBe(true);
  }
  expect(seen.size).toBeGreaterThan(30);
});
