import { expect, test } from "bun:test";
import { robotsTxt, sitemapEntries, sitemapXml } from "./service";

test("the sitemap's pages are public, parameter-free routes (articles come from the content module)", () => {
  const paths = sitemapEntries().map((e) => e.path);
  expect(paths).toContain("/");
  expect(paths.some((p) => p.includes(":") || p.startsWith("/admin"))).toBe(false);
  expect(paths).toContain("/articles");
  expect(paths.some((p) => p.startsWith("/articles/"))).toBe(false);
});

test("URLs are escaped for XML", () => {
  const xml = sitemapXml([{ path: "/a?b=1&c=2", lastmod: "2026-01-01" }], "https://firm.example");
  expect(xml).toContain("<loc>https://firm.example/a?b=1&amp;c=2</loc><lastmod>2026-01-01</lastmod>");
});

test("robots.txt keeps crawlers out of the admin and points at the sitemap", () => {
  expect(robotsTxt("https://firm.example")).toBe(
    "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: https://firm.example/sitemap.xml\n",
  );
});
