/** /sitemap.xml and /robots.txt (ADR 228 shape): other features and app.ts import only from here. */
export { seoModule } from "./routes";
export type { SitemapEntry } from "./service";
