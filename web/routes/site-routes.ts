import { ABOUT } from "../content/about";
import { COMPLIANCE } from "../content/compliance";
import { ENGAGEMENT_TERMS } from "../content/engagement-terms";
import { FOR_INDIVIDUALS } from "../content/for-individuals";
import { HOME } from "../content/home";
import { PRIVACY } from "../content/privacy";
import { PROCESS_PAGE } from "../content/process";
import { type AttorneyServiceId, SERVICE_PAGES } from "../content/service-pages";
import { INDIVIDUAL_SERVICES, serviceById } from "../content/services";
import { breadcrumbList, serviceJsonLd } from "../lib/json-ld";
import { lazyPage } from "../lib/lazy-page";
import type { PageMeta } from "../lib/meta";
import { PATHS } from "../lib/paths";
import type { AppRoute, MetaContext } from "../routes";

/** A plain public page: fixed metadata and a one-level breadcrumb below Home. */
function page(path: string, component: AppRoute["component"], meta: { title: string; description: string }) {
  return {
    path,
    component,
    meta: (_: unknown, { publicUrl }: MetaContext): PageMeta => ({
      ...meta,
      jsonLd: [breadcrumbList([[meta.title.split(":")[0] ?? meta.title, path]], publicUrl)],
    }),
    layout: "public",
    indexable: true,
  } satisfies AppRoute;
}

/** A service page: its price and turnaround end the description; Service and breadcrumb JSON-LD. */
function servicePage(id: AttorneyServiceId, component: AppRoute["component"]): AppRoute {
  const service = serviceById(id);
  const copy = SERVICE_PAGES[id];
  return {
    path: service.path,
    component,
    meta: (_, { publicUrl }) => ({
      title: copy.meta.title,
      description: `${copy.meta.description} ${service.pricing}; ${service.turnaround.toLowerCase()}.`,
      jsonLd: [serviceJsonLd(service, publicUrl), breadcrumbList([[service.name, service.path]], publicUrl)],
    }),
    layout: "public",
    indexable: true,
  };
}

const servicePages = () => import("../pages/service-page");

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
  servicePage("asset-map", lazyPage(servicePages, "AssetMapPage")),
  servicePage("transaction-trace", lazyPage(servicePages, "TransactionTracePage")),
  servicePage("judgment-intel", lazyPage(servicePages, "JudgmentIntelPage")),
  {
    ...page(
      PATHS.forIndividuals,
      lazyPage(() => import("../pages/for-individuals-page"), "ForIndividualsPage"),
      FOR_INDIVIDUALS.meta,
    ),
    meta: (_, { publicUrl }) => ({
      ...FOR_INDIVIDUALS.meta,
      jsonLd: [
        ...INDIVIDUAL_SERVICES.map((s) => serviceJsonLd(s, publicUrl)),
        breadcrumbList([["For Individuals", PATHS.forIndividuals]], publicUrl),
      ],
    }),
  },
  page(
    PATHS.process,
    lazyPage(() => import("../pages/process-page"), "ProcessPage"),
    PROCESS_PAGE.meta,
  ),
  page(
    PATHS.compliance,
    lazyPage(() => import("../pages/compliance-page"), "CompliancePage"),
    COMPLIANCE.meta,
  ),
  page(
    PATHS.engagementTerms,
    lazyPage(() => import("../pages/engagement-terms-page"), "EngagementTermsPage"),
    ENGAGEMENT_TERMS.meta,
  ),
  page(
    PATHS.about,
    lazyPage(() => import("../pages/about-page"), "AboutPage"),
    ABOUT.meta,
  ),
  page(
    PATHS.privacy,
    lazyPage(() => import("../pages/privacy-page"), "PrivacyPage"),
    PRIVACY.meta,
  ),
];
