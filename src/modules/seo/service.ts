import { indexablePaths } from "../pages";

export type SitemapEntry = { path: string; lastmod?: string };

/**
 * Every indexable public page: the routes without parameters that the table marks indexable. Derived from
 * the route table so a new page is listed the day it is added; articles come from the content module.
 */
export function sitemapEntries(): SitemapEntry[] {
  return indexablePaths().map((path) => ({ path }));
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

export function sitemapXml(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${escapeXml(`${publicUrl}${e.path}`)}</loc>`;
    return `  <url>${loc}${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/

Sitemap: ${publicUrl}/sitemap.xml
`;
}
