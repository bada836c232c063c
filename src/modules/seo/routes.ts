import { Elysia } from "elysia";
import { robotsTxt, type SitemapEntry, sitemapEntries, sitemapXml } from "./service";

/** /sitemap.xml and /robots.txt, with absolute URLs from PUBLIC_URL. Registered before the pages catch-all. */
export const seoModule = ({
  publicUrl,
  extraEntries = () => [],
}: {
  publicUrl: string;
  /** Pages stored in the database (published articles), read on every request. */
  extraEntries?: () => SitemapEntry[];
}) =>
  new Elysia({ name: "seo" })
    .get(
      "/sitemap.xml",
      () =>
        new Response(sitemapXml([...sitemapEntries(), ...extraEntries()], publicUrl), {
          headers: {
            "content-type": "application/xml; charset=utf-8",
            "cache-control": "public, max-age=300",
          },
        }),
    )
    .get(
      "/robots.txt",
      () =>
        new Response(robotsTxt(publicUrl), {
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
        }),
    );
