/**
 * What the other admin features use of this one: a request's list of documents asked of the client (the request
 * page shows it) and each request's progress (the desk's list shows it). Its templates' screen (templates-page.tsx) is reached by its route (web/routes/admin-routes.ts).
 */
export { DocumentProgress } from "./document-progress";
export { DocumentRequestsPanel } from "./document-requests-panel";
