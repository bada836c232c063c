import type { ArticleHead } from "../../../src/contracts/article-content";
import type { PageContent } from "../../../src/contracts/page-data";
import { storedArticleHead } from "./summaries";

/** The /articles list: every published article, newest first, as the server sent it. */
export function listedArticles(content: PageContent | undefined): ArticleHead[] {
  return (content?.articles ?? []).map(storedArticleHead);
}
