import type { PublishedArticle, PublishedArticleSummary } from "../../../src/contracts/articles";
import { ARTICLE_INDEX, ARTICLE_LOADERS } from "../../generated/article-index";
import type { PageContent } from "../../lib/page-data";
import type { ArticleHead, ArticleSummary, LoadedArticle } from "./types";

/**
 * What the browser knows of articles: an index of the built-in ones (generated at build time), the stored
 * one the server sent with the page, and each built-in article itself, loaded on demand from a chunk of its
 * own.
 */

const INDEX = new Map(ARTICLE_INDEX.map((a) => [a.slug, a]));

/** Whether a slug names one of the site's own articles (no loading needed to know). */
export const isBuiltInArticle = (slug: string): boolean => INDEX.has(slug);

/** The articles listed on /articles, by slug and title, in the order shown there. */
export const LISTED_ARTICLES = ARTICLE_INDEX.filter((a) => a.listed);

/** The label above a stored article's title. */
export const STORED_ARTICLE_TOPIC = "From our casework";

export const storedArticleHead = (a: PublishedArticle | PublishedArticleSummary): ArticleHead => ({
  slug: a.slug,
  title: a.title,
  description: a.description,
  date: a.date,
  readingTime: a.readingTime,
  author: a.author,
  topic: STORED_ARTICLE_TOPIC,
});

const loaded = new Map<string, LoadedArticle>();
const loading = new Map<string, Promise<unknown>>();

/** Loads a built-in article; undefined when it is already here or the slug is not a built-in one. */
export function loadArticle(slug: string): Promise<unknown> | undefined {
  const load = ARTICLE_LOADERS.get(slug);
  if (!load || loaded.has(slug)) return undefined;
  let pending = loading.get(slug);
  if (!pending) {
    pending = load().then(
      (article) => {
        loaded.set(slug, article);
      },
      (error: unknown) => {
        // A chunk that failed to load (a network blip) may be asked for again.
        loading.delete(slug);
        throw error;
      },
    );
    loading.set(slug, pending);
  }
  return pending;
}

/** A built-in article with its figures, once loadArticle has brought it in. */
export const builtInArticle = (slug: string): LoadedArticle | undefined => loaded.get(slug);

/** The head facts of an article: the site's own (loaded) first, then the stored one the server sent. */
export function articleSummaryFor(
  slug: string,
  content: PageContent | undefined,
): ArticleSummary | undefined {
  const own = builtInArticle(slug);
  if (own) return own;
  const stored = content?.article;
  if (!stored || stored.slug !== slug) return undefined;
  return { ...storedArticleHead(stored), wordCount: stored.wordCount };
}
