import type { Brand } from "./brand";
import type { PageContent } from "./page-data";

/**
 * What a page's meta function may use: brand facts, the canonical origin (for absolute URLs) and, for
 * pages flagged `serverData`, the database content the server loaded for the path.
 */
export type MetaContext = { brand: Brand; publicUrl: string; content?: PageContent };

/** What a route tells the document head. The server renders it into HTML; the client updates it on navigation. */
export type PageMeta = {
  title: string;
  description: string;
  /** Open Graph type; articles say "article". */
  ogType?: "website" | "article";
  /** Keep the page out of search results (thanks page, admin screens). */
  noindex?: boolean;
  /** Extra JSON-LD objects for this page; the firm's own is always added. */
  jsonLd?: Record<string, unknown>[];
  /** RSS feeds announced in the head (rel="alternate"), site-relative hrefs. */
  feeds?: { title: string; href: string }[];
};

/** A title lacking the brand name gets " | <brand>" appended (SPEC.md section 2, page metadata). */
export function fullTitle(title: string, brandName: string): string {
  return title.toLowerCase().includes(brandName.toLowerCase()) ? title : `${title} | ${brandName}`;
}
