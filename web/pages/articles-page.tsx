import { ArrowRight } from "lucide-react";
import { Link, useSearch } from "wouter";
import { ARTICLES_PAGE_META, bylineOf } from "../../src/contracts/articles";
import { articlePath, PATHS, TOPIC_QUERY, topicOf } from "../../src/contracts/paths";
import { TopicFilter } from "../components/topic-filter";
import { listedArticles } from "../content/articles/list";
import { ARTICLES_PAGE } from "../content/articles-page";
import { useBrand } from "../lib/brand-context";
import { formatLongDate } from "../lib/dates";
import { breadcrumbList } from "../lib/json-ld";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";

export function ArticlesPage() {
  const brand = useBrand();
  const all = listedArticles(usePageData()?.content);
  // ?topic= is rendered by the server too (articlesPage.query), so the filter is a plain link.
  const topic = topicOf(useSearch());
  const folded = topic.toLowerCase();
  const articles = topic ? all.filter((a) => a.tags?.some((t) => t.toLowerCase() === folded)) : all;
  return (
    <>
      <section className="bg-navy text-white">
        <div className="container py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">{ARTICLES_PAGE.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">
            {ARTICLES_PAGE.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-mist">{ARTICLES_PAGE.lede}</p>
        </div>
      </section>
      <section aria-label="Article list" className="container py-14 sm:py-20">
        <TopicFilter articles={all} current={topic} />
        {articles.length === 0 && (
          <p className="mb-6 text-lg text-ink-muted" role="status">
            {ARTICLES_PAGE.noneOnTopic}
          </p>
        )}
        <ul className="grid gap-6 md:grid-cols-2">
          {articles.map((a) => (
            <li key={a.slug} className="flex flex-col rounded-xl border border-line bg-white p-6 shadow-sm">
              <p className="eyebrow">{a.topic}</p>
              <h2 className="mt-2 font-serif text-2xl font-bold text-navy">{a.title}</h2>
              <p className="mt-3 flex-1 text-ink-muted">{a.blurb ?? a.description}</p>
              {/* The firm writes every article that names no one else: said once on each page, not on every card. */}
              {a.author && a.author !== brand.name ? (
                <p className="mt-4 text-sm font-semibold text-ink">By {bylineOf(a)}</p>
              ) : null}
              <p className="mt-4 text-sm text-ink-muted">
                <time dateTime={a.date}>{formatLongDate(a.date)}</time> · {a.readingTime}
              </p>
              <Link href={articlePath(a.slug)} className="btn-outline mt-5 self-start">
                {ARTICLES_PAGE.read}
                <span className="sr-only">: {a.title}</span>
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
            </li>
          ))}
          <li className="flex flex-col rounded-xl bg-navy p-6 text-white">
            <p className="text-sm font-semibold uppercase tracking-wider text-gold">
              {ARTICLES_PAGE.resources.eyebrow}
            </p>
            <h2 className="mt-2 font-serif text-2xl font-bold">{ARTICLES_PAGE.resources.title}</h2>
            <p className="mt-3 flex-1 text-mist">{ARTICLES_PAGE.resources.text}</p>
            <Link href={PATHS.resources} className="btn-gold mt-5 self-start">
              {ARTICLES_PAGE.resources.button}
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}

export const articlesPage = definePage({
  component: ArticlesPage,
  meta: (_, { brand, publicUrl }) => ({
    ...ARTICLES_PAGE_META,
    jsonLd: [breadcrumbList([["Articles", PATHS.articles]], publicUrl)],
    feeds: [{ title: `${brand.name} Articles`, href: PATHS.articlesFeed }],
  }),
  serverData: true,
  query: (search) => {
    const topic = topicOf(search);
    return topic ? `${TOPIC_QUERY}=${encodeURIComponent(topic)}` : "";
  },
});
