/**
 * What the server takes from the web side, in one place: the app it renders and the route table it resolves
 * pages with (status, head, sitemap, whether a path is a public page). The server imports nothing else from
 * web/ (src/layout.test.ts); the browser starts from entry-client.tsx instead.
 */
export { App } from "./app";
export { loadPage, matchPath, type ResolvedPage, ROUTES, siteStylesheetFits } from "./routes";
