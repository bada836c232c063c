import { Elysia } from "elysia";
import { PATHS } from "../../../contracts/paths";

/** GET /articles/rss.xml, registered before the pages catch-all. */
export const feedRoutes = (feed: () => string) =>
  new Elysia({ name: "articles-feed" }).get(
    PATHS.articlesFeed,
    () =>
      new Response(feed(), {
        headers: {
          "content-type": "application/rss+xml; charset=utf-8",
          "cache-control": "public, max-age=300",
        },
      }),
  );
