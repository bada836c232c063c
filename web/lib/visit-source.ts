/**
 * Where this visit began, without cookies (issue 12, section 6): the first page seen on this site and the host
 * of the site that sent the visitor, kept in sessionStorage for the tab's life. The intake form reads them
 * (web/lib/use-visit-source.ts) and sends them in two hidden fields; the server keeps only a path of this site
 * and another site's host name. Only the client entry imports this file: it runs on every page, so it is kept
 * to a few lines (the JavaScript budget, ADR 011).
 */
export const VISIT_KEY = "tw-visit";

/** Called on every full page load: the first one of the visit is remembered, later ones change nothing. */
export function rememberVisitSource(): void {
  try {
    if (sessionStorage.getItem(VISIT_KEY)) return;
    const from = document.referrer ? new URL(document.referrer) : null;
    const referrerHost = from && from.host !== location.host ? from.hostname : "";
    sessionStorage.setItem(VISIT_KEY, JSON.stringify({ landingPage: location.pathname, referrerHost }));
  } catch {
    // Storage off, or a referrer that is not a URL: the request simply carries no source.
  }
}
