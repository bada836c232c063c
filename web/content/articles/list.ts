import type { PageContent } from "../../lib/page-data";
import { storedArticleHead } from "./summaries";
import type { ArticleHead } from "./types";

/** The /articles list: every published article, newest first, as the server sent it. */
export function listedArticles(content: PageContent | undefined): ArticleHead[] {
  return (content?.articles ?? []).map(storedArticleHead);
}
