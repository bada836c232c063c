/**
 * What the other admin features use of this one: the profile API (the dashboard greets by the name). Its screens are reached by their routes
 * (web/routes/admin-routes.ts loads each page on its own, so a page's code stays in its chunk).
 */
export { PROFILE_API } from "./display-name";
