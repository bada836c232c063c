import { ARTICLES_PAGE_META } from "../../../contracts/articles";
import type { Brand } from "../../../contracts/brand";
import { articlePath, PATHS } from "../../../contracts/paths";

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

type FeedItem = { slug: string; title: string; description: string; date: string; creator: string };

/** RSS 2.0 of every published article, newest first; each names its author (dc:creator: RSS's own wants an e-mail). */
export function articlesRss(items: readonly FeedItem[], brand: Brand, publicUrl: string): string {
  const sorted = [...items].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  const entries = sorted.map((a) => {
    const url = `${publicUrl}${articlePath(a.slug)}`;
    return `    <item>
      <title>${escapeXml(a.title)}</title>
      <link>${escapeXml(url)}</link>
      <guid isPermaLink="true">${escapeXml(url)}</guid>
      <description>${escapeXml(a.description)}</description>
      <dc:creator>${escapeXml(a.creator)}</dc:creator>
      <pubDate>${new Date(`${a.date}T12:00:00Z`).toUTCString()}</pubDate>
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${brand.name} Articles`)}</title>
    <link>${escapeXml(`${publicUrl}${PATHS.articles}`)}</link>
    <atom:link href="${escapeXml(`${publicUrl}${PATHS.articlesFeed}`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(ARTICLES_PAGE_META.description)}</description>
    <language>en-us</language>
${entries.join("\n")}
  </channel>
</rss>
`;
}
