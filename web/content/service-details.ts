import type { Service } from "../../src/contracts/services";

/**
 * What the service pages and package cards show beyond the core service data (services.ts, which the header,
 * footer and structured data need). Each page keeps its own: the attorney services in content/services/, the
 * individual packages in for-individuals.ts, so no page's bundle carries another page's FAQ.
 */
export type ServiceDetails = {
  /** A short line under the name on package cards and service pages. */
  subtitle: string;
  /** Who the service is for, in one sentence. */
  idealFor: string;
  /** Summary cards at the top of the service page (the pricing and turnaround cards come first). */
  facts: readonly ServiceFact[];
  /** "What's Included": the scope of the work. */
  includes: readonly string[];
  /** What the client receives at the end. */
  deliverables: readonly string[];
  faqs: readonly FaqItem[];
};

export type ServiceFact = { label: string; value: string; detail: string };
export type FaqItem = { question: string; answer: string };
export type DetailedService = Service & ServiceDetails;

/** A service's core data with the details a page shows. */
export const withDetails = (service: Service, details: ServiceDetails): DetailedService => ({
  ...service,
  ...details,
});
