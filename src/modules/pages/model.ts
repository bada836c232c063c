import { matchPath, ROUTES } from "../../../web/server-entry";

/** Whether a path is one of the public site's pages (not the admin's or the portal's, not a 404). */
export const isPublicPage = (pathname: string): boolean => matchPath(pathname)?.route.layout === "public";

/** The public pages search engines may list: the routes without parameters that the table marks indexable. */
export const indexablePaths = (): string[] =>
  ROUTES.filter((r) => r.indexable && r.layout === "public" && !/[:*]/.test(r.path)).map((r) => r.path);
