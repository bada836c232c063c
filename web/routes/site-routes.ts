import { HOME } from "../content/home";
import { PATHS } from "../lib/paths";
import { HomePage } from "../pages/home-page";
import type { AppRoute } from "../routes";

/** The marketing pages: home, services, process, compliance, legal, about. */
export const SITE_ROUTES: AppRoute[] = [
  {
    path: PATHS.home,
    component: HomePage,
    meta: (_, { brand }) => ({
      title: `${brand.name}: ${HOME.meta.title}`,
      description: HOME.meta.description,
    }),
    layout: "public",
    indexable: true,
  },
];
