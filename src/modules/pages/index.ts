/**
 * The server-rendered pages (ADR 228 shape): the catch-all route and its cache, the fast path that answers a
 * cached page before the framework, and what the route table says about a path. Other features and app.ts
 * import only from here (src/layout.test.ts).
 */
export { indexablePaths, isPublicPage } from "./model";
export { createPageFastPath, type PageFastPath, rawPath } from "./routes/fast-path";
export { type PagesDeps, pagesModule, renderPageResponse } from "./routes/pages";
export { PageCache } from "./service/cache";
export { inlineStylesheets } from "./service/styles";
