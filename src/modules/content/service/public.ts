import { bylineOf, type PublishedArticleSummary, type StoredArticle } from "../../../contracts/articles";
import type { Brand } from "../../../contracts/brand";
import type { PageContent } from "../../../contracts/page-data";
import { articlePath, PATHS } from "../../../contracts/paths";
import type { FirmAuthors } from "../../firm";
import type { SitemapEntry } from "../../seo";
import { articlesRss } from "../lib/rss";
import type { ArticlesRepo } from "../repo/articles";
import type { CaseStudiesRepo } from "../repo/case-studies";
import type { ResourcesRepo } from "../repo/resources";
import { authorOf, toPublished } from "./articles";

/**
 * The database content each page renders, loaded by the pages module before it renders (ADR 061). Every
 * path under /articles gets an answer, so the client can tell the data is there.
 */
export function pageContentLoader({
  articles: repo,
  caseStudies,
  resources,
  brandName,
  authors,
  now,
  staleAt,
}: {
  articles: ArticlesRepo;
  caseStudies: CaseStudiesRepo;
  resources: ResourcesRepo;
  brandName: string;
  authors: FirmAuthors;
  now: () => Date;
  /** Told when a scheduled article becomes public: pages rendered from this content are stale from then. */
  staleAt: (time: string) => void;
}) {
  /** Articles public now; a page made from them is stale once the next scheduled one's time comes. */
  const publicArticles = () => {
    const at = now();
    const next = repo.nextScheduled(at);
    if (next) staleAt(next);
    return repo.published(at);
  };
  const summary =
    (people: ReturnType<FirmAuthors>) =>
    (a: StoredArticle): PublishedArticleSummary => {
      const { html: _html, wordCount: _words, ...head } = toPublished(a, brandName, people);
      return head;
    };
  return (pathname: string): PageContent | undefined => {
    if (pathname === PATHS.resources) {
      return {
        path: pathname,
        resources: resources.published().map(({ id, title, description, format, size, path, category }) => ({
          id,
          title,
          description,
          format,
          size,
          path,
          category,
        })),
      };
    }
    if (pathname === PATHS.caseStudies) {
      return {
        path: pathname,
        caseStudies: caseStudies
          .published()
          .map(({ published: _p, createdAt: _c, updatedAt: _u, ...shown }) => shown),
      };
    }
    if (pathname === PATHS.articles) {
      return {
        path: pathname,
        articles: publicArticles().map(summary(authors())),
      };
    }
    if (!pathname.startsWith(`${PATHS.articles}/`)) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(pathname.slice(PATHS.articles.length + 1));
    } catch {
      return { path: pathname };
    }
    const all = publicArticles();
    const stored = all.find((a) => a.slug === slug);
    if (!stored) return { path: pathname };
    const related = all
      .filter((a) => a.slug !== slug)
      .slice(0, 3)
      .map(({ slug, title }) => ({ slug, title }));
    return { path: pathname, article: toPublished(stored, brandName, authors()), related };
  };
}

/**
 * The content of an article's page as it would be public, whatever its state, for `/articles/<slug>?preview=<id>`
 * (ADR 163); undefined when the request asks for no preview or the id is not the article at that address.
 * The caller checks that staff ask.
 */
export function articlePreviewContent(
  repo: ArticlesRepo,
  brandName: string,
  authors: FirmAuthors,
  url: URL,
): PageContent | undefined {
  const id = url.searchParams.get("preview");
  if (!id || !/^\d{1,15}$/.test(id) || !url.pathname.startsWith(`${PATHS.articles}/`)) return undefined;
  const stored = repo.get(Number(id));
  if (!stored || articlePath(stored.slug) !== url.pathname) return undefined;
  return {
    path: url.pathname,
    article: toPublished(stored, brandName, authors()),
    related: [],
    preview: true,
  };
}

/** Published stored articles, and /case-studies once at least one case study is published. */
export function contentSitemapEntries({
  articles,
  caseStudies,
  at,
}: {
  articles: ArticlesRepo;
  caseStudies: CaseStudiesRepo;
  at: Date;
}): SitemapEntry[] {
  const stories = caseStudies.published();
  return [
    ...(stories.length > 0 ? [{ path: PATHS.caseStudies, lastmod: stories[0]!.updatedAt.slice(0, 10) }] : []),
    ...articles.published(at).map((a) => ({
      path: articlePath(a.slug),
      // A scheduled article was last edited before it became public: it changed, for readers, then.
      lastmod: [a.updatedAt, a.publishedAt ?? ""].sort().at(-1)!.slice(0, 10),
    })),
  ];
}

/** The RSS feed of every article public now, newest first, each by its author as its page names them. */
export function articlesFeed(
  repo: ArticlesRepo,
  authors: FirmAuthors,
  brand: Brand,
  publicUrl: string,
  at: Date,
): string {
  const people = authors();
  return articlesRss(
    repo.published(at).map((a) => ({
      ...a,
      date: (a.publishedAt ?? a.createdAt).slice(0, 10),
      creator: bylineOf(authorOf(a, brand.name, people)),
    })),
    brand,
    publicUrl,
  );
}
