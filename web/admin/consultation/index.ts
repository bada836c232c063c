/**
 * What the other admin features use of this one: a request's consultation and the dashboard's upcoming list. Its
 * screen (consultations-page.tsx) is reached by its route (web/routes/admin-routes.ts).
 */
export { ConsultationPanel } from "./consultation-panel";
export { UpcomingConsultationsPanel } from "./upcoming-consultations-panel";
