/**
 * What the other admin features use of this one: the engagement panel the request page shows, and the calls and
 * the dollars parser the ledger and documents panels share with it.
 */
export { centsOf, type EngagementAnswer, engagementApi } from "./engagement-api";
export { EngagementPanel } from "./engagement-panel";
export { PortalAccessPanel } from "./portal-access-panel";
