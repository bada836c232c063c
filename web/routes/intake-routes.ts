import { PATHS } from "../../src/contracts/paths";
import { lazyPage } from "../lib/lazy-page";
import type { AppRoute } from "../routes";

/** The intake request page and its thank-you page. */
export const INTAKE_ROUTES: AppRoute[] = [
  {
    path: PATHS.contact,
    page: lazyPage(() => import("../pages/contact-page"), "contactPage"),
    layout: "public",
    indexable: true,
  },
  {
    path: PATHS.thanks,
    page: lazyPage(() => import("../pages/thanks-page"), "thanksPage"),
    layout: "public",
    indexable: false,
  },
];
