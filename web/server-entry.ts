/**
 * What the server takes from the web side, in one place: the app it renders and the route table it resolves
 * pages with (status, head, sitemap, whether a path is a public page). The server imports nothing else from
 * web/ (src/layout.test.ts); the browser starts from entry-client.tsx instead.
 */
import { loadRoutes } from "./routes";

export { App } from "./app";
export { loadPage, matchPath, type ResolvedPage, siteStylesheetFits } from "./routes";

/**
 * The whole route table. The browser loads the admin's and the portal's routes when it first needs them; the
 * server loads them before it serves, so matchPath knows every route from the first request.
 */
export const ROUTES = await loadRoutes();
