import { Elysia } from "elysia";
import type { Config } from "../../config";
import type { Auth } from "../auth";
import type { PageCache } from "../pages";
import { articleImageService, articleImagesController } from "./article-images";
import { articleRevisionsRepo } from "./article-revisions-repo";
import { articleService, articlesController } from "./articles";
import { caseStudiesController, caseStudyService } from "./case-studies";
import {
  articlePreviewContent,
  articlesFeedModule,
  contentSitemapEntries,
  pageContentLoader,
} from "./public";
import { articlesRepo } from "./repo/articles";

export { ARTICLE_IMAGES_API } from "./article-images";

import type { DataStore } from "../../store";
import { caseStudiesRepo } from "./repo/case-studies";
import { resourcesRepo } from "./repo/resources";
import { resourceService, resourcesController } from "./resources";
import { SAMPLE_CASE_STUDIES } from "./sample-case-studies";

export type ContentDeps = {
  store: DataStore;
  config: Config;
  cache: PageCache;
  requireAdmin: Auth["requireAdmin"];
  now: () => Date;
};

/**
 * Content the admin manages (articles, case studies, resources) and its public side: the admin API, the RSS feed, the loader the
 * pages module calls before rendering, and sitemap entries. Every change clears the page cache.
 */
export function createContent({ store, config, cache, requireAdmin, now }: ContentDeps) {
  const { db } = store;
  const articles = articlesRepo(db);
  const caseStudies = caseStudiesRepo(db);
  // Demo mode never shows an empty case-studies page: it stores labelled samples once (again only if every
  // sample was deleted). Outside demo mode nothing is seeded: a new data folder starts empty.
  if (config.demo && !caseStudies.hasSamples()) {
    const at = now();
    caseStudies.seedSamples(
      SAMPLE_CASE_STUDIES.map((c) => ({ ...c, publishedAt: at.toISOString() })),
      at,
    );
  }
  const changed = () => cache.clear();
  const articleApi = articleService({
    store,
    repo: articles,
    revisions: articleRevisionsRepo(db),
    brandName: config.brand.name,
    now,
    changed,
  });
  const caseStudyApi = caseStudyService({ db, repo: caseStudies, now, changed });
  const resources = resourcesRepo(db);
  const resourceApi = resourceService({ db, repo: resources, dataDir: config.dataDir, now, changed });
  return {
    admin: new Elysia({ name: "content-admin" })
      .use(articlesController(articleApi, requireAdmin, config.trustProxy))
      .use(caseStudiesController(caseStudyApi, requireAdmin, config.trustProxy))
      .use(resourcesController(resourceApi, requireAdmin, config.trustProxy))
      .use(
        articleImagesController(
          articleImageService({ db, dataDir: config.dataDir, now }),
          requireAdmin,
          config.trustProxy,
        ),
      ),
    feed: articlesFeedModule(articles, config.brand, config.publicUrl, now),
    load: pageContentLoader({
      articles,
      caseStudies,
      resources,
      brandName: config.brand.name,
      now,
      staleAt: (time) => cache.staleAt(Date.parse(time)),
    }),
    preview: (url: URL) => articlePreviewContent(articles, config.brand.name, url),
    sitemapEntries: () => contentSitemapEntries({ articles, caseStudies, at: now() }),
    hasCaseStudies: () => caseStudies.published().length > 0,
  };
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { actorOf, changeEvent, patchOf } from "./admin-http";
