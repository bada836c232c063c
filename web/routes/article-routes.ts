import { articleSummaryFor, findArticleSummary } from "../content/articles/summaries";
import {
  ARTICLE_NOT_FOUND_META,
  ARTICLES_PAGE_META,
  CASE_STUDIES_PAGE_META,
  RESOURCES_PAGE_META,
} from "../content/page-meta";
import { articleJsonLd } from "../lib/article-json-ld";
import { breadcrumbList } from "../lib/json-ld";
import { lazyPage } from "../lib/lazy-page";
import { articlePath, PATHS } from "../lib/paths";
import type { AppRoute } from "../routes";

/** Articles, resources and case studies: the content the admin manages, and the built-in articles. */
export const ARTICLE_ROUTES: AppRoute[] = [
  {
    path: PATHS.articles,
    component: lazyPage(() => import("../pages/articles-page"), "ArticlesPage"),
    meta: (_, { brand, publicUrl }) => ({
      ...ARTICLES_PAGE_META,
      jsonLd: [breadcrumbList([["Articles", PATHS.articles]], publicUrl)],
      feeds: [{ title: `${brand.name} Articles`, href: PATHS.articlesFeed }],
    }),
    layout: "public",
    indexable: true,
    serverData: true,
  },
  {
    path: `${PATHS.articles}/:slug`,
    component: lazyPage(() => import("../pages/article-page"), "ArticlePage"),
    meta: ({ slug = "" }, { brand, publicUrl, content }) => {
      const article = articleSummaryFor(slug, content);
      if (!article) return null;
      return {
        title: article.title,
        description: article.description,
        ogType: "article",
        jsonLd: [
          articleJsonLd(article, { brand, publicUrl }),
          breadcrumbList(
            [
              ["Articles", PATHS.articles],
              [article.title, articlePath(article.slug)],
            ],
            publicUrl,
          ),
        ],
      };
    },
    notFoundMeta: ARTICLE_NOT_FOUND_META,
    layout: "public",
    indexable: true,
    serverData: ({ slug = "" }) => !findArticleSummary(slug),
  },
  {
    path: PATHS.resources,
    component: lazyPage(() => import("../pages/resources-page"), "ResourcesPage"),
    meta: (_, { publicUrl }) => ({
      ...RESOURCES_PAGE_META,
      jsonLd: [breadcrumbList([["Resources", PATHS.resources]], publicUrl)],
    }),
    layout: "public",
    indexable: true,
    serverData: true,
  },
  {
    path: PATHS.caseStudies,
    component: lazyPage(() => import("../pages/case-studies-page"), "CaseStudiesPage"),
    meta: (_, { publicUrl, content }) => ({
      ...CASE_STUDIES_PAGE_META,
      // An empty list is not worth a search result; the page still answers 200 and says so.
      noindex: !content?.caseStudies?.length,
      jsonLd: [breadcrumbList([["Case Studies", PATHS.caseStudies]], publicUrl)],
    }),
    layout: "public",
    // In the sitemap only while at least one case study is published (src/modules/content/public.ts).
    indexable: false,
    serverData: true,
  },
];
