import type { ArticleHead, ArticleSummary } from "../../../src/contracts/article-content";
import type { PublishedArticle, PublishedArticleSummary } from "../../../src/contracts/articles";
import type { PageContent } from "../../../src/contracts/page-data";

/**
 * What the browser knows of articles: what the server sent with the page. Every article is stored content
 * (the site's own became rows in migration 019), so there is one source and one way to show it.
 */

/** The label above an article's title when it has no topics. */
export const STORED_ARTICLE_TOPIC = "From our casework";

export const storedArticleHead = (a: PublishedArticle | PublishedArticleSummary): ArticleHead => ({
  slug: a.slug,
  title: a.title,
  description: a.description,
  date: a.date,
  readingTime: a.readingTime,
  author: a.author,
  ...(a.authorPerson ? { authorPerson: a.authorPerson } : {}),
  topic: a.tags.length > 0 ? a.tags.join(" · ") : STORED_ARTICLE_TOPIC,
  tags: a.tags,
});

/** The head facts of the article the server sent for this slug. */
export function articleSummaryFor(
  slug: string,
  content: PageContent | undefined,
): ArticleSummary | undefined {
  const stored = content?.article;
  if (!stored || stored.slug !== slug) return undefined;
  return { ...storedArticleHead(stored), wordCount: stored.wordCount };
}
