import { findArticle } from "../content/articles/catalog";
import { ARTICLE_NOT_FOUND_META, ARTICLES_PAGE_META, RESOURCES_PAGE_META } from "../content/page-meta";
import { articleJsonLd } from "../lib/article-json-ld";
import { breadcrumbList } from "../lib/json-ld";
import { lazyPage } from "../lib/lazy-page";
import { articlePath, PATHS } from "../lib/paths";
import type { AppRoute } from "../routes";

/** Articles and resources: the article list, article pages and downloads. */
export const ARTICLE_ROUTES: AppRoute[] = [
  {
    path: PATHS.articles,
    component: lazyPage(() => import("../pages/articles-page"), "ArticlesPage"),
    meta: (_, { publicUrl }) => ({
      ...ARTICLES_PAGE_META,
      jsonLd: [breadcrumbList([["Articles", PATHS.articles]], publicUrl)],
    }),
    layout: "public",
    indexable: true,
  },
  {
    path: `${PATHS.articles}/:slug`,
    component: lazyPage(() => import("../pages/article-page"), "ArticlePage"),
    meta: ({ slug = "" }, { brand, publicUrl }) => {
      const article = findArticle(slug);
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
  },
];
