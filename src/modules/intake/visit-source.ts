import { matchPath } from "../../../web/routes";
import { cleanLandingPage, cleanReferrerHost, type VisitSource } from "../../contracts/visit-source";

/**
 * The intake's optional landingPage and referrerHost, kept only when they are a public page of this site and
 * another site's host name; anything else is dropped without a word (it is never the requester's mistake).
 */
export function visitSourceOf(payload: Record<string, unknown>, ownHosts: readonly string[]): VisitSource {
  const path = cleanLandingPage(payload.landingPage);
  const page = path === null ? null : matchPath(path);
  return {
    landingPage: page?.route.layout === "public" ? path : null,
    referrerHost: cleanReferrerHost(payload.referrerHost, ownHosts),
  };
}
