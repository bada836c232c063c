import {
  ABOUT_META,
  COMPLIANCE_META,
  ENGAGEMENT_TERMS_META,
  FOR_INDIVIDUALS_META,
  HOME_META,
  PRIVACY_META,
  PROCESS_PAGE_META,
  SERVICE_PAGE_META,
} from "../content/page-meta";
import type { AttorneyServiceId } from "../content/service-pages";
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
  const copy = SERVICE_PAGE_META[id];
  return {
    path: service.path,
    component,
    meta: (_, { publicUrl }) => ({
      title: copy.title,
      description: `${copy.description} ${service.pricing}; ${service.turnaround.toLowerCase()}.`,
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
      title: `${brand.name}: ${HOME_META.title}`,
      description: HOME_META.description,
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
      FOR_INDIVIDUALS_META,
    ),
    meta: (_, { publicUrl }) => ({
      ...FOR_INDIVIDUALS_META,
      jsonLd: [
        ...INDIVIDUAL_SERVICES.map((s) => serviceJsonLd(s, publicUrl)),
        breadcrumbList([["For Individuals", PATHS.forIndividuals]], publicUrl),
      ],
    }),
  },
  page(
    PATHS.process,
    lazyPage(() => import("../pages/process-page"), "ProcessPage"),
    PROCESS_PAGE_META,
  ),
  page(
    PATHS.compliance,
    lazyPage(() => import("../pages/compliance-page"), "CompliancePage"),
    COMPLIANCE_META,
  ),
  page(
    PATHS.engagementTerms,
    lazyPage(() => import("../pages/engagement-terms-page"), "EngagementTermsPage"),
    ENGAGEMENT_TERMS_META,
  ),
  page(
    PATHS.about,
    lazyPage(() => import("../pages/about-page"), "AboutPage"),
    ABOUT_META,
  ),
  page(
    PATHS.privacy,
    lazyPage(() => import("../pages/privacy-page"), "PrivacyPage"),
    PRIVACY_META,
  ),
];
