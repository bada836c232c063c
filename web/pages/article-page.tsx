import { ArrowLeft, ArrowRight, CalendarDays, Clock, UserRound } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { Link } from "wouter";
import type { ArticleHead } from "../../src/contracts/article-content";
import { bylineOf } from "../../src/contracts/articles";
import { articlePath, articlesTopicPath, PATHS } from "../../src/contracts/paths";
import { MarkdownBody } from "../components/markdown-body";
import { articleSummaryFor, storedArticleHead } from "../content/articles/summaries";
import { ARTICLE_NOT_FOUND_META, ARTICLE_PAGE } from "../content/articles-page";
import { articleJsonLd } from "../lib/article-json-ld";
import { useBrand } from "../lib/brand-context";
import { formatLongDate } from "../lib/dates";
import { breadcrumbList } from "../lib/json-ld";
import { definePage, type PageProps } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";

/** The article detail view: one article by slug, or the "Article Not Found" state (served with 404). */
export function ArticlePage({ params }: PageProps) {
  const slug = params.slug ?? "";
  const content = usePageData()?.content;
  const stored = content?.article;
  if (stored?.slug === slug) {
    return (
      <ArticleView
        article={storedArticleHead(stored)}
        related={content?.related ?? []}
        body={<MarkdownBody html={stored.html} />}
        preview={content?.preview ?? false}
      />
    );
  }
  return <ArticleNotFound />;
}

function ArticleView({
  article,
  related,
  body,
  preview,
}: {
  article: ArticleHead;
  related: readonly { slug: string; title: string }[];
  body: ReactNode;
  preview: boolean;
}) {
  const brand = useBrand();
  return (
    <article>
      {preview && (
        <p role="status" className="bg-gold px-4 py-2 text-center text-sm font-semibold text-navy">
          {ARTICLE_PAGE.preview}
        </p>
      )}
      <header className="bg-navy text-white">
        <div className="container max-w-3xl py-12 sm:py-16">
          <Link
            href={PATHS.articles}
            className="inline-flex items-center gap-2 text-sm font-semibold text-mist no-underline hover:text-white"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {ARTICLE_PAGE.back}
          </Link>
          <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-gold">
            {article.tags?.length
              ? article.tags.map((t, i) => (
                  <Fragment key={t}>
                    {i > 0 && " · "}
                    <Link
                      href={articlesTopicPath(t)}
                      className="text-gold underline-offset-4 hover:underline"
                    >
                      {t}
                    </Link>
                  </Fragment>
                ))
              : article.topic}
          </p>
          <h1 className="mt-3 font-serif text-3xl font-bold leading-tight sm:text-5xl">{article.title}</h1>
          <p className="mt-5 text-lg text-mist">{article.description}</p>
          <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-mist">
            <span className="inline-flex items-center gap-2">
              <CalendarDays className="size-4 text-gold" aria-hidden="true" />
              <time dateTime={article.date}>{formatLongDate(article.date)}</time>
            </span>
            <span className="inline-flex items-center gap-2">
              <Clock className="size-4 text-gold" aria-hidden="true" />
              {article.readingTime}
            </span>
            <span className="inline-flex items-center gap-2">
              <UserRound className="size-4 text-gold" aria-hidden="true" />
              By {article.author ?? brand.name}
            </span>
          </div>
        </div>
      </header>

      <div className="container max-w-3xl py-12 sm:py-16">
        {body}

        <footer className="mt-12 border-t border-line pt-6">
          <p className="font-semibold text-ink" data-testid="article-author">
            {"Written by "}
            {article.authorPerson ? (
              <>
                {/* A full load: the browser scrolls to the person once About is on screen. */}
                <a
                  href={article.authorPerson.path}
                  className="text-navy underline underline-offset-4 hover:text-gold-dark"
                >
                  {article.authorPerson.name}
                </a>
                {bylineOf(article).slice(article.authorPerson.name.length)}
              </>
            ) : (
              (article.author ?? brand.name)
            )}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{ARTICLE_PAGE.authorNote}</p>
        </footer>

        <aside
          aria-labelledby="article-cta-title"
          className="mt-10 rounded-2xl bg-navy px-6 py-10 text-white sm:px-10"
        >
          <h2 id="article-cta-title" className="font-serif text-2xl font-bold sm:text-3xl">
            {ARTICLE_PAGE.cta.title}
          </h2>
          <p className="mt-3 text-mist">{ARTICLE_PAGE.cta.text}</p>
          <Link href={PATHS.contact} className="btn-gold mt-6">
            {ARTICLE_PAGE.cta.button}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </aside>
      </div>

      <nav aria-labelledby="related-title" className="border-t border-line bg-paper-deep">
        <div className="container max-w-3xl py-12">
          <h2 id="related-title" className="font-serif text-2xl font-bold text-navy">
            {ARTICLE_PAGE.related}
          </h2>
          <ul className="mt-6 space-y-4">
            {related.map((a) => (
              <li key={a.slug}>
                <Link
                  href={articlePath(a.slug)}
                  className="font-semibold text-navy underline underline-offset-4 hover:text-gold-dark"
                >
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </article>
  );
}

function ArticleNotFound() {
  return (
    <section className="container max-w-3xl py-20 text-center sm:py-28">
      <h1 className="font-serif text-4xl font-bold text-navy">{ARTICLE_PAGE.notFound.title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted">{ARTICLE_PAGE.notFound.text}</p>
      <Link href={PATHS.articles} className="btn-navy mt-8">
        <ArrowLeft className="size-5" aria-hidden="true" />
        {ARTICLE_PAGE.notFound.button}
      </Link>
    </section>
  );
}

export const articlePage = definePage({
  component: ArticlePage,
  meta: ({ slug = "" }, ctx) => {
    const article = articleSummaryFor(slug, ctx.content);
    if (!article) return null;
    return {
      title: article.title,
      description: article.description,
      ogType: "article",
      noindex: ctx.content?.preview === true,
      jsonLd: [
        articleJsonLd(article, ctx),
        breadcrumbList(
          [
            ["Articles", PATHS.articles],
            [article.title, articlePath(article.slug)],
          ],
          ctx.publicUrl,
        ),
      ],
    };
  },
  notFoundMeta: ARTICLE_NOT_FOUND_META,
  // Every article's text comes from the database with the document (ADR 061).
  serverData: true,
  // No query changes the public page; declaring one sends a request with a query (?preview=) past the fast
  // path to the route, where staff get the preview (ADR 163) and everyone else this page.
  query: () => "",
});
