/** What the other admin features use of this one: a request's monitoring (Judgment Intel) panel. */
export { SubscriptionPanel } from "./subscription-panel";
