import type { AppRoute } from "../routes";

/** The intake request page and its thank-you page. */
export const INTAKE_ROUTES: AppRoute[] = [];
