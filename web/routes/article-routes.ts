import type { AppRoute } from "../routes";

/** Articles and resources: the article list, article pages and downloads. */
export const ARTICLE_ROUTES: AppRoute[] = [];
