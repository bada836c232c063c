import { PATHS } from "../../src/contracts/paths";
import { lazyPage } from "../lib/lazy-page";
import type { AppRoute } from "../routes";

/** Articles, resources and case studies: the content the admin manages, and the built-in articles. */
export const ARTICLE_ROUTES: AppRoute[] = [
  {
    path: PATHS.articles,
    page: lazyPage(() => import("../pages/articles-page"), "articlesPage"),
    layout: "public",
    indexable: true,
  },
  {
    path: `${PATHS.articles}/:slug`,
    page: lazyPage(() => import("../pages/article-page"), "articlePage"),
    layout: "public",
    indexable: true,
  },
  {
    path: PATHS.resources,
    page: lazyPage(() => import("../pages/resources-page"), "resourcesPage"),
    layout: "public",
    indexable: true,
  },
  {
    path: PATHS.caseStudies,
    page: lazyPage(() => import("../pages/case-studies-page"), "caseStudiesPage"),
    layout: "public",
    // In the sitemap only while at least one case study is published (src/modules/content/service/public.ts).
    indexable: false,
  },
];
