/**
 * What the other admin features use of this one: a request's list of documents asked of the client (the request
 * page shows it). Its templates' screen (templates-page.tsx) is reached by its route (web/routes/admin-routes.ts).
 */
export { DocumentRequestsPanel } from "./document-requests-panel";
