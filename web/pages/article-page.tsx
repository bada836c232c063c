import { ArrowLeft, ArrowRight, CalendarDays, Clock, UserRound } from "lucide-react";
import { Link } from "wouter";
import { ArticleBody } from "../components/article-body";
import { MarkdownBody } from "../components/markdown-body";
import { articleFor, articleReadingTime, FIXED_ARTICLES } from "../content/articles/catalog";
import type { Article } from "../content/articles/types";
import { ARTICLE_PAGE } from "../content/articles-page";
import { useBrand } from "../lib/brand-context";
import { formatLongDate } from "../lib/dates";
import { usePageData } from "../lib/page-data-context";
import { articlePath, PATHS } from "../lib/paths";
import type { RouteParams } from "../routes";

/** The article detail view: one article by slug, or the "Article Not Found" state (served with 404). */
export function ArticlePage({ params }: { params: RouteParams }) {
  const article = articleFor(params.slug ?? "", usePageData()?.content);
  return article ? <ArticleView article={article} /> : <ArticleNotFound />;
}

export function ArticleView({ article }: { article: Article }) {
  const brand = useBrand();
  const related = FIXED_ARTICLES.filter((a) => a.slug !== article.slug).slice(0, 3);
  return (
    <article>
      <header className="bg-navy text-white">
        <div className="container max-w-3xl py-12 sm:py-16">
          <Link
            href={PATHS.articles}
            className="inline-flex items-center gap-2 text-sm font-semibold text-mist no-underline hover:text-white"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {ARTICLE_PAGE.back}
          </Link>
          <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-gold">{article.topic}</p>
          <h1 className="mt-3 font-serif text-3xl font-bold leading-tight sm:text-5xl">{article.title}</h1>
          <p className="mt-5 text-lg text-mist">{article.description}</p>
          <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-mist">
            <span className="inline-flex items-center gap-2">
              <CalendarDays className="size-4 text-gold" aria-hidden="true" />
              <time dateTime={article.date}>{formatLongDate(article.date)}</time>
            </span>
            <span className="inline-flex items-center gap-2">
              <Clock className="size-4 text-gold" aria-hidden="true" />
              {articleReadingTime(article)}
            </span>
            <span className="inline-flex items-center gap-2">
              <UserRound className="size-4 text-gold" aria-hidden="true" />
              By {article.author ?? brand.name}
            </span>
          </div>
        </div>
      </header>

      <div className="container max-w-3xl py-12 sm:py-16">
        {article.html === undefined ? (
          <ArticleBody sections={article.sections} />
        ) : (
          <MarkdownBody html={article.html} />
        )}

        <footer className="mt-12 border-t border-line pt-6">
          <p className="font-semibold text-ink" data-testid="article-author">
            Written by {article.author ?? brand.name}
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

export function ArticleNotFound() {
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
