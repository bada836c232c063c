/** What the other admin features use of this one: a request's statements and the dashboard's failed runs. */
export { FailedStatementsPanel } from "./failed-statements-panel";
export { StatementsPanel } from "./statements-panel";
