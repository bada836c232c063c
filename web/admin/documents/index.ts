/** What the other admin features use of this one: a request's documents panel (the request page shows it). */
export { DocumentsPanel } from "./documents-panel";
