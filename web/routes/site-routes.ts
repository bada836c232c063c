import { PATHS } from "../../src/contracts/paths";
import { lazyPage } from "../lib/lazy-page";
import type { AppRoute } from "../routes";

const publicRoute = (path: string, page: AppRoute["page"]): AppRoute => ({
  path,
  page,
  layout: "public",
  indexable: true,
});

/** The marketing pages: home, services, process, compliance, legal, about. */
export const SITE_ROUTES: AppRoute[] = [
  publicRoute(
    PATHS.home,
    lazyPage(() => import("../pages/home-page"), "homePage"),
  ),
  publicRoute(
    PATHS.assetMap,
    lazyPage(() => import("../pages/asset-map-page"), "assetMapPage"),
  ),
  publicRoute(
    PATHS.transactionTrace,
    lazyPage(() => import("../pages/transaction-trace-page"), "transactionTracePage"),
  ),
  publicRoute(
    PATHS.judgmentIntel,
    lazyPage(() => import("../pages/judgment-intel-page"), "judgmentIntelPage"),
  ),
  publicRoute(
    PATHS.forIndividuals,
    lazyPage(() => import("../pages/for-individuals-page"), "forIndividualsPage"),
  ),
  publicRoute(
    PATHS.process,
    lazyPage(() => import("../pages/process-page"), "processPage"),
  ),
  publicRoute(
    PATHS.compliance,
    lazyPage(() => import("../pages/compliance-page"), "compliancePage"),
  ),
  publicRoute(
    PATHS.engagementTerms,
    lazyPage(() => import("../pages/engagement-terms-page"), "engagementTermsPage"),
  ),
  publicRoute(
    PATHS.about,
    lazyPage(() => import("../pages/about-page"), "aboutPage"),
  ),
  publicRoute(
    PATHS.privacy,
    lazyPage(() => import("../pages/privacy-page"), "privacyPage"),
  ),
];
