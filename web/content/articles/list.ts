import { ARTICLE_CARDS } from "../../generated/article-cards";
import type { PageContent } from "../../lib/page-data";
import { storedArticleHead } from "./summaries";
import type { ArticleHead } from "./types";

/** The /articles list: stored articles newest first, then the site's own in their fixed order. */
export function listedArticles(content: PageContent | undefined): ArticleHead[] {
  return [...(content?.articles ?? []).map(storedArticleHead), ...ARTICLE_CARDS];
}
