import { HOME } from "../content/home";
import { lazyPage } from "../lib/lazy-page";
import { PATHS } from "../lib/paths";
import type { AppRoute } from "../routes";

/** The marketing pages: home, services, process, compliance, legal, about. */
export const SITE_ROUTES: AppRoute[] = [
  {
    path: PATHS.home,
    component: lazyPage(() => import("../pages/home-page"), "HomePage"),
    meta: (_, { brand }) => ({
      title: `${brand.name}: ${HOME.meta.title}`,
      description: HOME.meta.description,
    }),
    layout: "public",
    indexable: true,
  },
];
