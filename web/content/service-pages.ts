import { JUDGMENT_INTEL_CANCELLATION_DAYS, RESPONSE_SLA } from "../../src/contracts/constants";

export type AttorneyServiceId = "asset-map" | "transaction-trace" | "judgment-intel";

/**
 * Page copy around the service data (search metadata is in page-meta.ts): the lede under the heading, section ledes. Prices and
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

export const SERVICE_PAGES: Record<AttorneyServiceId, ServicePageCopy> = {
  "asset-map": {
    eyebrow: "Service · For attorneys and fiduciaries",
    lede: "Before you draft discovery or sit down to negotiate, know what the other side owns. The Asset Map searches the public record across every jurisdiction in scope and hands you a sourced report at a flat rate.",
    pricingDetail: "One subject and the jurisdictions agreed at intake; the exact fee depends on scope.",
    turnaroundDetail:
      "From the signed engagement letter; the exact date depends on scope and is confirmed in writing.",
    includesLede:
      "Every Asset Map covers the same core record sets, so you know exactly what you are buying.",
    deliverablesLede:
      "Each deliverable is sourced to the record it came from and ready to attach to a motion.",
  },
  "transaction-trace": {
    eyebrow: "Service · For attorneys",
    lede: "When the statements have been produced but nobody has time to read four years of them, we do. Transaction Trace turns raw records into a tracing report, flow-of-funds charts and schedules that show where the money went.",
    pricingDetail: "Fixed fee quoted once we have seen the records; hourly for open-ended matters.",
    turnaroundDetail: "A simple single-account trace takes 2–3 weeks; complex matters take 6–8 weeks.",
    includesLede:
      "We work from the records produced in your matter, in whatever format they arrived, and document every step.",
    deliverablesLede: "Built so your expert, opposing counsel and the court can check every figure.",
  },
  "judgment-intel": {
    eyebrow: "Service · For collection counsel",
    lede: "A judgment is only worth what you can collect. Judgment Intel watches the public record for the debtor's next job, company, property or lawsuit, and reports each change to counsel while there is still time to act.",
    pricingDetail: `Billed monthly. Pause without penalty, or cancel with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice.`,
    turnaroundDetail: "",
    includesLede: "A subscription at counsel's direction, billed monthly and easy to pause.",
    monitoredLede:
      "Seven components on every sweep, across every jurisdiction where the debtor lives, works or has held assets.",
    deliverablesLede: "Delivered across the life of the subscription, each written for enforcement.",
  },
};
