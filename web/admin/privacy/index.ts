/** Privacy as the other admin screens use it: the dashboard's panel of open data-rights requests. */
export { OpenDataRequestsPanel } from "./open-data-requests-panel";
