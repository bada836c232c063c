import { ARTICLE_INDEX } from "../../generated/article-index";
import type { PageContent } from "../../lib/page-data";
import type { ArticleSummary } from "./types";

const BY_SLUG = new Map(ARTICLE_INDEX.map((a) => [a.slug, a]));

/** One of the site's own articles, by slug, without loading its body. */
export const findArticleSummary = (slug: string): ArticleSummary | undefined => BY_SLUG.get(slug);

/** The head facts of an article: the site's own first, then the stored one the server loaded for this page. */
export function articleSummaryFor(
  slug: string,
  content: PageContent | undefined,
): ArticleSummary | undefined {
  const own = findArticleSummary(slug);
  if (own) return own;
  const stored = content?.article;
  if (!stored || stored.slug !== slug) return undefined;
  return {
    slug: stored.slug,
    title: stored.title,
    description: stored.description,
    date: stored.date,
    author: stored.author,
    topic: "",
    readingTime: stored.readingTime,
    wordCount: stored.wordCount,
    listed: true,
  };
}
