import { PATHS } from "../../src/contracts/paths";
import { lazyPage } from "../lib/lazy-page";
import type { AppRoute } from "../routes";

/** The client portal: opened by the link the desk e-mails; never listed. */
export const PORTAL_ROUTES: AppRoute[] = [
  {
    path: PATHS.portal,
    page: lazyPage(() => import("../portal/portal-page"), "portalPage"),
    layout: "portal",
    indexable: false,
  },
];
