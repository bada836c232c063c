import { Elysia } from "elysia";
import type { Config } from "../../config";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { FirmAuthors } from "../firm";
import type { PageCache } from "../pages";
import { SAMPLE_CASE_STUDIES } from "./model/sample-case-studies";
import { articleRevisionsRepo } from "./repo/article-revisions";
import { articlesRepo } from "./repo/articles";
import { caseStudiesRepo } from "./repo/case-studies";
import { resourcesRepo } from "./repo/resources";
import { articleImagesRoutes } from "./routes/article-images";
import { articlesRoutes } from "./routes/articles";
import { caseStudiesRoutes } from "./routes/case-studies";
import { feedRoutes } from "./routes/feed";
import { resourcesRoutes } from "./routes/resources";
import { articleImageService } from "./service/article-images";
import { articleService } from "./service/articles";
import { caseStudyService } from "./service/case-studies";
import {
  articlePreviewContent,
  articlesFeed,
  contentSitemapEntries,
  pageContentLoader,
} from "./service/public";
import { resourceService } from "./service/resources";

export type ContentDeps = {
  store: DataStore;
  config: Config;
  /** The pages' cache, cleared on every change (only these two of it: a command builds content without one). */
  cache: Pick<PageCache, "clear" | "staleAt">;
  requireAdmin: Auth["requireAdmin"];
  /** The firm's published people, whom an article may name as its author (the firm feature owns them). */
  authors: FirmAuthors;
  now: () => Date;
};

/**
 * Content the admin manages (articles, case studies, resources) and its public side (ADR 228 shape): the admin
 * API, the RSS feed, the loader the pages module calls before rendering, and sitemap entries. Every change
 * clears the page cache.
 */
export function createContent({ store, config, cache, requireAdmin, authors, now }: ContentDeps) {
  const { db } = store;
  const articles = articlesRepo(db);
  const caseStudies = caseStudiesRepo(db);
  // Demo mode never shows an empty case-studies page: it stores labelled samples once (again only if every
  // sample was deleted). Outside demo mode nothing is seeded: a new data folder starts empty. Called at the
  // server's start (src/compose.ts), not when the content is built.
  const seedSamples = () => {
    if (!config.demo || caseStudies.hasSamples()) return;
    const at = now();
    caseStudies.seedSamples(
      SAMPLE_CASE_STUDIES.map((c) => ({ ...c, publishedAt: at.toISOString() })),
      at,
    );
  };
  const changed = () => cache.clear();
  const resources = resourcesRepo(db);
  const { trustProxy } = config;
  const articleApi = articleService({
    store,
    repo: articles,
    revisions: articleRevisionsRepo(db),
    brandName: config.brand.name,
    authors,
    now,
    changed,
  });
  const caseStudyApi = caseStudyService({ db, repo: caseStudies, now, changed });
  const resourceApi = resourceService({ db, repo: resources, dataDir: config.dataDir, now, changed });
  const imageApi = articleImageService({ db, dataDir: config.dataDir, now });
  return {
    seedSamples,
    admin: new Elysia({ name: "content-admin" })
      .use(articlesRoutes(articleApi, requireAdmin, trustProxy))
      .use(caseStudiesRoutes(caseStudyApi, requireAdmin, trustProxy))
      .use(resourcesRoutes(resourceApi, requireAdmin, trustProxy))
      .use(articleImagesRoutes(imageApi, requireAdmin, trustProxy)),
    feed: feedRoutes(() => articlesFeed(articles, authors, config.brand, config.publicUrl, now())),
    load: pageContentLoader({
      articles,
      caseStudies,
      resources,
      brandName: config.brand.name,
      authors,
      now,
      staleAt: (time) => cache.staleAt(Date.parse(time)),
    }),
    preview: (url: URL) => articlePreviewContent(articles, config.brand.name, authors, url),
    sitemapEntries: () => contentSitemapEntries({ articles, caseStudies, at: now() }),
    hasCaseStudies: () => caseStudies.published().length > 0,
  };
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { sectionsMarkdown } from "./lib/sections-markdown";
export { ARTICLE_IMAGES_API, ARTICLE_MESSAGES } from "./model/articles";
export { CASE_STUDY_MESSAGES } from "./model/case-studies";
export { changeEvent } from "./model/changes";
