import { EXPEDITE_HOURS, TRANSACTION_TRACE_HOURLY_RATE } from "./constants";
import { PATHS, SERVICE_QUERY } from "./paths";

/**
 * Service data, written once: the home cards, the header menu, the service pages, the structured data and
 * the intake form's service list all read from here. Prices and turnarounds follow SPEC.md section 9.
 */
export type ServiceId =
  | "asset-map"
  | "transaction-trace"
  | "judgment-intel"
  | "individual-asset-check"
  | "record-ready-prep";

export type Service = {
  id: ServiceId;
  name: string;
  path: string;
  audience: "attorneys" | "individuals";
  /** One line for the header's Services menu. */
  tagline: string;
  /** Two or three sentences for cards and meta descriptions. */
  description: string;
  pricing: string;
  turnaround: string;
  /** For structured data: the price range in US dollars and what one price buys. */
  offer: { minPrice: number; maxPrice: number; unitText: string };
};

export const JUDGMENT_INTEL_PRICING = "$750–$1,500 per month per subject";

export const SERVICES: readonly Service[] = [
  {
    id: "asset-map",
    name: "Asset Map",
    path: PATHS.assetMap,
    audience: "attorneys",
    tagline: "A sourced map of a subject's real property, entities, vehicles and filings.",
    description:
      "A flat-rate, public-records map of what a person or business owns or controls: real property, business entities, vehicles, vessels, aircraft, liens, judgments and litigation, each finding cited to its source.",
    pricing: "$3,500–$5,000 flat rate",
    turnaround: `5–10 days (${EXPEDITE_HOURS}-hour rush available)`,
    offer: { minPrice: 3500, maxPrice: 5000, unitText: "flat rate per subject, scope-dependent" },
  },
  {
    id: "transaction-trace",
    name: "Transaction Trace",
    path: PATHS.transactionTrace,
    audience: "attorneys",
    tagline: "Forensic tracing of funds through produced bank, card and ledger records.",
    description:
      "Forensic accounting on the statements, ledgers and check images produced in your matter: we follow the money across accounts, flag transfers to insiders and unexplained cash, and build exhibit-ready flow charts and schedules.",
    pricing: `$10k–$20k fixed fee, or ${TRANSACTION_TRACE_HOURLY_RATE}/hour`,
    turnaround: "2–8 weeks",
    offer: {
      minPrice: 10000,
      maxPrice: 20000,
      unitText: `fixed fee per engagement; hourly at ${TRANSACTION_TRACE_HOURLY_RATE}`,
    },
  },
  {
    id: "judgment-intel",
    name: "Judgment Intel",
    path: PATHS.judgmentIntel,
    audience: "attorneys",
    tagline: "Quarterly public-records sweeps on a judgment debtor, reported to counsel.",
    description:
      "Ongoing monitoring of a judgment debtor for new employment, new entities, property acquisitions and litigation, delivered to counsel as quarterly sweep reports so collection efforts follow the assets as they surface.",
    pricing: JUDGMENT_INTEL_PRICING,
    turnaround: "Quarterly sweeps",
    offer: { minPrice: 750, maxPrice: 1500, unitText: "per month per subject" },
  },
  {
    id: "individual-asset-check",
    name: "Individual Asset Check",
    path: PATHS.forIndividuals,
    audience: "individuals",
    tagline: "A lawful public-records check for people handling their own matter.",
    description:
      "A flat-fee public-records search on one person for individuals in divorce, estate or judgment matters: property, entities, vehicles, liens, judgments and litigation, in a plain-English PDF report with exhibits.",
    pricing: "$1,500 flat fee",
    turnaround: "5–7 business days",
    offer: { minPrice: 1500, maxPrice: 1500, unitText: "flat fee per subject" },
  },
  {
    id: "record-ready-prep",
    name: "Record-Ready Prep",
    path: PATHS.forIndividuals,
    audience: "individuals",
    tagline: "Your own financial documents, organized and summarized for your attorney.",
    description:
      "You upload the statements and records you already have; we organize, index and summarize them into a clean, exhibit-ready package that saves your attorney hours of billable review.",
    pricing: "$2,500 flat fee",
    turnaround: "7–10 business days",
    offer: { minPrice: 2500, maxPrice: 2500, unitText: "flat fee per package" },
  },
];

export const serviceById = (id: ServiceId): Service => {
  const found = SERVICES.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown service ${id}`);
  return found;
};

/** The service a query string chooses (?service=asset-map), if it names one. */
export function chosenService(search: string): Service | undefined {
  const id = new URLSearchParams(search).get(SERVICE_QUERY);
  return id ? SERVICES.find((s) => s.id === id) : undefined;
}

/** The three attorney services shown in the header menu, the home cards and the footer. */
export const ATTORNEY_SERVICES = SERVICES.filter((s) => s.audience === "attorneys");

/** The two flat-fee packages offered to individuals. */
export const INDIVIDUAL_SERVICES = SERVICES.filter((s) => s.audience === "individuals");
