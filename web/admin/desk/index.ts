/** The desk as the other admin screens use it: the dashboard's panels and the command menu's look-up. */
export { deskApi, statusLabel } from "./desk-labels";
export { deliveryText, mailKindLabel } from "./mail-delivery";
export { SourcesPanel } from "./sources-panel";
