/** What the other admin features use of this one: the dashboard's payments the processor sent that match no request. */
export { UnmatchedPaymentsPanel } from "./unmatched-payments-panel";
