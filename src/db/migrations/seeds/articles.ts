import type { Article, ArticleBlock } from "../../../contracts/article-content";
import { countWords, readingTimeFor } from "../../../contracts/reading-time";
import { ASSET_DISCOVERY_IN_DIVORCE } from "./articles/asset-discovery-in-divorce";
import { ASSET_TRACING_101 } from "./articles/asset-tracing-101-follow-the-money";
import { BENEFICIAL_OWNERSHIP } from "./articles/beneficial-ownership-shells-entity-mapping";
import { HIDDEN_ASSETS_DIVORCE_RECORDS } from "./articles/hidden-assets-divorce-records";
import { LAWFUL_DIGITAL_BREADCRUMBS } from "./articles/lawful-digital-breadcrumbs";
import { PROBATE_ESTATES_LOCATE_ACCOUNTS } from "./articles/probate-estates-locate-accounts";
import { PROBATE_RED_FLAGS } from "./articles/probate-red-flags";
import { PUBLIC_RECORDS_CORROBORATION } from "./articles/public-records-corroboration";

/**
 * The site's own articles as they were first published: migration 019 stored them as rows, and from then on
 * they are content like any other (ADR 160). Kept for that migration and for the tests that check the seed;
 * neither the site nor the admin reads them from here.
 */

/** The five articles listed on /articles, in the order shown there. */
export const FIXED_ARTICLES: readonly Article[] = [
  HIDDEN_ASSETS_DIVORCE_RECORDS,
  ASSET_TRACING_101,
  BENEFICIAL_OWNERSHIP,
  LAWFUL_DIGITAL_BREADCRUMBS,
  PROBATE_ESTATES_LOCATE_ACCOUNTS,
];

/** Shorter pieces served by the article detail view; reachable by link, not listed on /articles. */
export const BUILT_IN_ARTICLES: readonly Article[] = [
  ASSET_DISCOVERY_IN_DIVORCE,
  PUBLIC_RECORDS_CORROBORATION,
  PROBATE_RED_FLAGS,
];

/** Every article the site ships with; stored articles are looked up beside these. */
export const ALL_ARTICLES: readonly Article[] = [...FIXED_ARTICLES, ...BUILT_IN_ARTICLES];

/** Every piece of visible text in an article body, for word counts. */
function articleTexts(article: Article): string[] {
  return article.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockTexts)]);
}

function blockTexts(b: ArticleBlock): readonly string[] {
  if (b.kind === "paragraph") return [b.text];
  if (b.kind === "list" || b.kind === "steps") return b.items;
  if (b.kind === "checklist") return [b.title, ...b.items];
  return [b.title, b.text];
}

function articleWordCount(article: Article): number {
  if (article.wordCount !== undefined) return article.wordCount;
  return countWords([article.title, article.description, ...articleTexts(article)]);
}

export function articleReadingTime(article: Article): string {
  return article.readingTime ?? readingTimeFor(articleWordCount(article));
}
