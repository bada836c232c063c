import { cleanLandingPage, cleanReferrerHost, type VisitSource } from "../../../contracts/visit-source";
import { isPublicPage } from "../../pages";

/**
 * The intake's optional landingPage and referrerHost, kept only when they are a public page of this site and
 * another site's host name; anything else is dropped without a word (it is never the requester's mistake).
 */
export function visitSourceOf(payload: Record<string, unknown>, ownHosts: readonly string[]): VisitSource {
  const path = cleanLandingPage(payload.landingPage);
  return {
    landingPage: path !== null && isPublicPage(path) ? path : null,
    referrerHost: cleanReferrerHost(payload.referrerHost, ownHosts),
  };
}
