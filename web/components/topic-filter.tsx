import { Link } from "wouter";
import type { ArticleHead } from "../../src/contracts/article-content";
import { articlesTopicPath, PATHS } from "../../src/contracts/paths";
import { ARTICLES_PAGE } from "../content/articles-page";

/** Every topic the listed articles carry, as links that filter /articles (with or without script). */
export function TopicFilter({ articles, current }: { articles: readonly ArticleHead[]; current: string }) {
  const topics = [...new Set(articles.flatMap((a) => a.tags ?? []))].sort((a, b) => a.localeCompare(b));
  if (topics.length === 0) return null;
  const folded = current.toLowerCase();
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold no-underline ${
      active ? "border-navy bg-navy text-white" : "border-line bg-white text-navy hover:border-navy"
    }`;
  return (
    <nav aria-label={ARTICLES_PAGE.topics} className="mb-8">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={PATHS.articles} className={chip(!current)} aria-current={current ? undefined : "page"}>
            {ARTICLES_PAGE.allTopics}
          </Link>
        </li>
        {topics.map((t) => {
          const active = t.toLowerCase() === folded;
          return (
            <li key={t}>
              <Link
                href={articlesTopicPath(t)}
                className={chip(active)}
                aria-current={active ? "page" : undefined}
              >
                {t}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
