/** What the other admin features use of this one: the request's ledger panel (the request page shows it). */
export { LedgerPanel } from "./ledger-panel";
