import { INTAKE_PAGE_META, THANKS_PAGE_META } from "../content/page-meta";
import { breadcrumbList } from "../lib/json-ld";
import { lazyPage } from "../lib/lazy-page";
import { PATHS } from "../lib/paths";
import type { AppRoute } from "../routes";

/** The intake request page and its thank-you page. */
export const INTAKE_ROUTES: AppRoute[] = [
  {
    path: PATHS.contact,
    component: lazyPage(() => import("../pages/contact-page"), "ContactPage"),
    meta: (_, { publicUrl }) => ({
      title: INTAKE_PAGE_META.title,
      description: INTAKE_PAGE_META.description,
      jsonLd: [breadcrumbList([[INTAKE_PAGE_META.title, PATHS.contact]], publicUrl)],
    }),
    layout: "public",
    indexable: true,
  },
  {
    path: PATHS.thanks,
    component: lazyPage(() => import("../pages/thanks-page"), "ThanksPage"),
    meta: () => ({ title: THANKS_PAGE_META.title, description: THANKS_PAGE_META.description, noindex: true }),
    layout: "public",
    indexable: false,
  },
];
