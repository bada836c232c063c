import type { Config } from "../../config";
import type { Database } from "../../db";
import { articlesRepo } from "../../db/articles";
import type { Auth } from "../auth";
import type { PageCache } from "../pages/cache";
import { articleService, articlesController } from "./articles";
import { articleSitemapEntries, articlesFeedModule, pageContentLoader } from "./public";

export type ContentDeps = {
  db: Database;
  config: Config;
  cache: PageCache;
  requireAdmin: Auth["requireAdmin"];
  now?: () => Date;
};

/**
 * Content the admin manages (articles) and its public side: the admin API, the RSS feed, the loader the
 * pages module calls before rendering, and sitemap entries. Every change clears the page cache.
 */
export function createContent({ db, config, cache, requireAdmin, now = () => new Date() }: ContentDeps) {
  const articles = articlesRepo(db);
  const service = articleService({
    db,
    repo: articles,
    brandName: config.brand.name,
    now,
    changed: () => cache.clear(),
  });
  return {
    admin: articlesController(service, requireAdmin, config.trustProxy),
    feed: articlesFeedModule(articles, config.brand, config.publicUrl),
    load: pageContentLoader(articles),
    sitemapEntries: () => articleSitemapEntries(articles),
  };
}
