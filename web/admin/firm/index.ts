/**
 * What the other admin features use of this one: how the firm holds its consultations, set on the Consultations
 * screen beside the bookings (issue 44). Its own screens are reached by their routes (web/routes/admin-routes.ts
 * loads each page on its own, so a page's code stays in its chunk).
 */
export { ConsultationPlacePanel } from "./consultation-place-panel";
