import { RESPONSE_SLA } from "../../src/contracts/constants";
import type { ProcessStep } from "./process";
import type { ServiceDetails } from "./service-details";

export type AttorneyServiceId = "asset-map" | "transaction-trace" | "judgment-intel";

/**
 * Page copy around the service data: the lede under the heading, section ledes. Prices and
 * turnarounds are not repeated here; the meta description appends them from the service data.
 */
export type ServicePageCopy = {
  eyebrow: string;
  lede: string;
  /** Under the pricing summary card. */
  pricingDetail: string;
  /** Under the turnaround summary card. */
  turnaroundDetail: string;
  includesLede: string;
  /** Judgment Intel's "What we monitor" lede. */
  monitoredLede?: string;
  deliverablesLede: string;
};

export const SERVICE_PAGE_LABELS = {
  pricing: "Pricing",
  turnaround: "Turnaround",
  idealFor: "Ideal for",
  includes: "What's Included",
  deliverables: "Deliverables",
  process: "How an Asset Map runs",
  monitored: "What we monitor",
  faq: "Frequently asked questions",
  cta: "Request This Service",
  ctaTitle: "Ready to scope your matter?",
  ctaText: `Send a short description of the matter, without account numbers or other sensitive data. We reply within ${RESPONSE_SLA} with scope, timeline and a fixed quote.`,
  breadcrumbServices: "Services",
} as const;

/** Everything one attorney service page shows beyond the core service data, kept in that page's own chunk. */
export type ServicePageContent = {
  id: AttorneyServiceId;
  details: ServiceDetails;
  copy: ServicePageCopy;
  /** The page's own title and description; the page appends price and turnaround from the service data. */
  meta: { title: string; description: string };
  /** Asset Map: its own four-step process. */
  steps?: readonly ProcessStep[];
  /** Judgment Intel: what every sweep checks (SPEC.md: 7 monitored items). */
  monitored?: readonly string[];
};
