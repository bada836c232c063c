import type { ArticlePerson } from "./articles";

/**
 * The shape of an article, whatever its source: the five fixed pages, the three built-in detail-view
 * articles, and (later) articles stored in the database. Body copy is a list of sections of plain blocks so
 * the page, the reading time and the structured data are all derived from one value.
 */
export type ArticleBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[] }
  | { kind: "steps"; items: readonly string[] }
  | { kind: "checklist"; title: string; items: readonly string[] }
  | { kind: "callout"; title: string; text: string };

export type ArticleSection = { heading: string; blocks: readonly ArticleBlock[] };

export type Article = {
  slug: string;
  title: string;
  /** One or two sentences: the meta description and the lede under the title. */
  description: string;
  /** The line shown on the /articles list; falls back to the description. */
  blurb?: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  /** Shown as written; computed from the words when absent. */
  readingTime?: string;
  /** Shown as written; the firm (brand name) when absent. */
  author?: string;
  /** The firm's person who wrote it, when one is named and published: the byline links to them (ADR 269). */
  authorPerson?: ArticlePerson;
  /** A short topic label shown above the title. */
  topic: string;
  /** A stored article's topics, each a filter on /articles. */
  tags?: readonly string[];
  sections: readonly ArticleSection[];
  /**
   * Articles written in the admin: their Markdown rendered to safe HTML by the server (raw HTML off, safe
   * link schemes only), shown instead of `sections`.
   */
  html?: string;
  /** Word count of a stored article's body, counted by the server. */
  wordCount?: number;
};

/** An article's facts without its body: what its page's head and structured data are made of. */
export type ArticleSummary = Omit<Article, "sections" | "html" | "readingTime" | "wordCount"> & {
  readingTime: string;
  wordCount: number;
};

/** What the list and the article page show above a body, whatever the article's source. */
export type ArticleHead = Omit<ArticleSummary, "wordCount">;
