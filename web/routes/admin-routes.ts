import type { AppRoute } from "../routes";

/** The admin screens: sign-in, dashboard and the management areas. */
export const ADMIN_ROUTES: AppRoute[] = [];
