import {
  ASSET_MAP_JURISDICTION_ADD_ON,
  ASSET_MAP_RUSH_FEE,
  CONSULTATION_MINUTES,
  EXPEDITE_HOURS,
  JUDGMENT_INTEL_CANCELLATION_DAYS,
  LOOK_BACK_YEARS,
  PUBLIC_DATA_CURRENCY_DAYS,
  RESPONSE_SLA,
  TRANSACTION_TRACE_HOURLY_RATE,
} from "../../src/contracts/constants";
import { PATHS } from "../lib/paths";

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

const JUDGMENT_INTEL_PRICING = "$750–$1,500 per month per subject";

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
    subtitle: "Public-records asset discovery on one person or business",
    idealFor:
      "Family-law, probate and commercial counsel who need to know what a party owns before drafting discovery, negotiating a settlement or levying on a judgment.",
    facts: [
      {
        label: "Rush",
        value: `${EXPEDITE_HOURS} hours`,
        detail: `Expedited delivery for ${ASSET_MAP_RUSH_FEE} more when a hearing date will not move.`,
      },
      {
        label: "Look-back",
        value: `${LOOK_BACK_YEARS} years`,
        detail: `Public data is typically current within ${PUBLIC_DATA_CURRENCY_DAYS} days of the search.`,
      },
    ],
    includes: [
      "Real property: deeds, mortgages, assessor records and transfers in every county in scope",
      "Business entities: Secretary of State filings, officers, managers, registered agents and assumed names",
      "Vehicles, vessels and aircraft where state, USCG and FAA registries make them public",
      "UCC financing statements, tax liens, judgment liens and mechanics' liens",
      "Civil, family, probate and bankruptcy court indexes, state and federal",
      "Professional and occupational licenses that point to income or business interests",
      `Transfers and new filings across a ${LOOK_BACK_YEARS} year look-back period`,
      `Additional jurisdictions at ${ASSET_MAP_JURISDICTION_ADD_ON} each, agreed before work begins`,
    ],
    deliverables: [
      "Executive summary of findings, gaps and red flags, written for counsel",
      "Real property schedule: parcel, vesting, acquisition date, price, assessed value and encumbrances",
      "Business entity map showing ownership, officers, registered agents and related parties",
      "Vehicle, vessel and aircraft schedule",
      "Liens, judgments and UCC filings schedule, with secured parties named",
      "Litigation and bankruptcy index with case numbers and status",
      "Transfer timeline of property and entity changes inside the look-back period",
      "Source log citing every record searched, with its retrieval date",
      "Recommended discovery: subpoena and document-request targets drawn from the findings",
    ],
    faqs: [
      {
        question: "What sources do you search?",
        answer:
          "Public records only: county recorders and assessors, Secretaries of State, UCC filing offices, state and federal court indexes, licensing boards, and the FAA and Coast Guard registries, together with licensed public-record databases and the documents you provide. Every finding in the report cites the record it came from.",
      },
      {
        question: "Can you find the subject's bank accounts?",
        answer:
          "Not directly. Account numbers and balances are not public, and obtaining them without legal process would break the Gramm-Leach-Bliley Act. What the Asset Map does is identify the institutions a subject deals with, through mortgage lenders, UCC secured parties and entity filings, so counsel can serve targeted subpoenas.",
      },
      {
        question: "How current is the information?",
        answer: `Public data is typically current within ${PUBLIC_DATA_CURRENCY_DAYS} days, depending on how quickly each county records and indexes filings. The source log gives the retrieval date of every record, so you know exactly what the report reflects.`,
      },
      {
        question: "What if the subject has property in several states?",
        answer: `The flat rate covers the jurisdictions agreed at intake. Each additional county or state is ${ASSET_MAP_JURISDICTION_ADD_ON}, depending on how its records are kept, and is confirmed in writing before any work begins, so the price never changes mid-engagement.`,
      },
      {
        question: "How quickly can we have it?",
        answer: `Standard delivery is 5–10 days from signed engagement letter. When a hearing or mediation date is close, the ${EXPEDITE_HOURS}-hour rush delivers the same report for ${ASSET_MAP_RUSH_FEE} more.`,
      },
    ],
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
    subtitle: "Forensic tracing of funds through produced financial records",
    idealFor:
      "Counsel with bank, brokerage or business records in hand who need to show where money went, when, and to whom.",
    facts: [
      {
        label: "Formats",
        value: "PDF · CSV · Excel",
        detail: "QuickBooks files and check images too, with OCR for scanned PDFs.",
      },
      {
        label: "Billing",
        value: "Retainer",
        detail: "A retainer is required; any overages are billed monthly.",
      },
    ],
    includes: [
      "Reconstruction of account activity from statements, ledgers and check images produced in discovery",
      "Data intake from PDF, CSV, Excel and QuickBooks files and check images, with OCR for scanned PDFs",
      "Source-and-use analysis across accounts, cards and related entities",
      "Identification of transfers to insiders, related parties and newly opened accounts",
      "Cash withdrawals, unexplained deposits and round-dollar transfers flagged for review",
      "Separate and marital or commingled funds traced with accepted methods such as direct tracing",
    ],
    deliverables: [
      "Written tracing report explaining the method, the records relied on and the findings",
      "Normalized transaction database in Excel, searchable by account, date and counterparty",
      "Flow-of-funds charts for the transfers that matter",
      "Summary schedules of transfers by counterparty and period",
      "Exception list: unexplained deposits, cash withdrawals and related-party transfers",
      "Source-document index tying every entry to the statement page it came from",
      "Exhibit-ready charts and schedules formatted for deposition or trial",
    ],
    faqs: [
      {
        question: "What records do you need from us?",
        answer:
          "Whatever has been produced or subpoenaed: bank and brokerage statements, credit card statements, general ledgers, tax returns and check images. We accept PDF, CSV, Excel and QuickBooks files and run OCR on scanned PDFs, so you can send records as they arrived.",
      },
      {
        question: "Is the fee fixed or hourly?",
        answer: `Most traces are quoted as a fixed fee of $10k–$20k once we have seen the volume of records. Open-ended matters can be billed hourly at ${TRANSACTION_TRACE_HOURLY_RATE}. Either way a retainer is required, and any overages are billed monthly with a statement of the work done.`,
      },
      {
        question: "How long does a trace take?",
        answer:
          "A simple trace of a single account typically takes 2–3 weeks. Complex matters with several accounts, entities or years of records take 6–8 weeks. We give you a delivery date with the quote and tell you at once if missing records put it at risk.",
      },
      {
        question: "Will you testify to the findings?",
        answer:
          "Our reports are written to support expert testimony, and the source index lets anyone check every figure. Expert testimony, depositions and rebuttal reports are scoped and priced separately, once counsel knows whether they will be needed.",
      },
      {
        question: "What if the records are incomplete?",
        answer:
          "Gaps are common and are findings in themselves. The report lists every missing statement period and account, and we draft the follow-up requests or subpoena riders counsel needs to close them.",
      },
    ],
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
    subtitle: "Continuous public-records monitoring of a judgment debtor",
    idealFor:
      "Collection counsel and judgment creditors whose debtor has no reachable assets today but may acquire them tomorrow.",
    facts: [
      {
        label: "Cadence",
        value: "Quarterly",
        detail: "Sweeps every quarter; monthly sweeps and real-time alerts at extra cost.",
      },
      {
        label: "Monitoring",
        value: "7+",
        detail: "Components checked on every sweep, reported to counsel.",
      },
    ],
    includes: [
      "A baseline sweep of the debtor's public-record footprint at the start of monitoring",
      "Quarterly sweeps covering employment, new entities, property acquisitions and litigation",
      "Reports delivered to counsel, who directs the scope and receives every report",
      `Billing monthly; pause and resume without penalty; cancel with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice`,
    ],
    deliverables: [
      "Baseline asset report at the start of monitoring",
      "Quarterly sweep report with every new finding highlighted",
      "Change log comparing each sweep with the baseline and the previous sweep",
      "Source citations and retrieval dates for every finding",
      "Levy and garnishment leads: targets for writs, liens and debtor examinations",
      "Plain-English summary for the client, approved by counsel before release",
      "Annual review to support judgment renewal and enforcement planning",
    ],
    faqs: [
      {
        question: "Who receives the reports?",
        answer:
          "Counsel. Judgment Intel runs at an attorney's direction: counsel sets the scope, receives every sweep report and decides what is shared with the client and when.",
      },
      {
        question: "Can we monitor more often than quarterly?",
        answer:
          "Yes. Monthly sweeps and real-time alerts on new filings are available at extra cost, and are useful when a debtor is actively moving assets or a renewal deadline is close.",
      },
      {
        question: "How is it billed, and how do we cancel?",
        answer: `Monitoring costs ${JUDGMENT_INTEL_PRICING}, billed monthly. You can cancel with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' written notice; partial months are not refunded.`,
      },
      {
        question: "Can monitoring be paused?",
        answer:
          "Yes. If a payment plan is agreed or the matter is stayed, monitoring can be paused and resumed without penalty. The next sweep after a pause compares against the last report, so nothing is missed.",
      },
      {
        question: "Do you find wages or bank accounts to garnish?",
        answer:
          "We identify lawful leads from public records, such as a new employer named in a license or business filing, or a lender on a new mortgage. We never access bank accounts or use pretexting; counsel follows the leads with writs, subpoenas and debtor examinations.",
      },
    ],
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
    subtitle: "Public-records search on one person",
    idealFor:
      "People in a divorce, an estate or a judgment matter who want a lawful, organized picture of the public record before spending hours of attorney time.",
    facts: [],
    includes: [
      "Real property records in the counties you name",
      "Business entity filings and officer or agent roles",
      "Vehicle and vessel registrations where public",
      "Liens, judgments and court cases",
      "Plain-English PDF report with exhibits",
      `${CONSULTATION_MINUTES}-minute consultation to walk through the findings`,
    ],
    deliverables: [],
    faqs: [],
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
    subtitle: "Your own records, organized for your attorney",
    idealFor:
      "People who already hold statements, tax returns and account records and want them in order before handing them to counsel.",
    facts: [],
    includes: [
      "Secure upload of the documents you already have",
      "Index of every document by type, account and period",
      "Summary of accounts, balances and notable transactions",
      "List of missing statements and periods to request",
      "Exhibit-ready PDF package your attorney can use directly",
      `${CONSULTATION_MINUTES}-minute consultation to review the package`,
    ],
    deliverables: [],
    faqs: [],
  },
];

export const serviceById = (id: ServiceId): Service => {
  const found = SERVICES.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown service ${id}`);
  return found;
};

/** The three attorney services shown in the header menu, the home cards and the footer. */
export const ATTORNEY_SERVICES = SERVICES.filter((s) => s.audience === "attorneys");

/** The Asset Map page's own four-step process. */
export const ASSET_MAP_STEPS = [
  {
    number: 1,
    title: "Intake & Scope",
    description: `You tell us the subject, the jurisdictions and the questions that matter. We confirm scope, price and delivery date in writing within ${RESPONSE_SLA}.`,
  },
  {
    number: 2,
    title: "Public Records Search",
    description:
      "We search recorder, assessor, entity, UCC, court and registry records in every jurisdiction in scope, logging each source and its retrieval date.",
  },
  {
    number: 3,
    title: "Analysis & Report",
    description:
      "A forensic accountant links the findings, reconciles names and entities, flags transfers and gaps, and builds the schedules and entity map.",
  },
  {
    number: 4,
    title: "Delivery & Follow-Up",
    description: `You receive the sourced PDF report with exhibits, and a ${CONSULTATION_MINUTES}-minute call to walk through it and plan the next discovery steps.`,
  },
] as const;

/** What every Judgment Intel sweep checks (SPEC.md: 7 monitored items). */
export const JUDGMENT_INTEL_MONITORED = [
  "Employment indicators from licenses, business filings and public announcements",
  "New business entities, and new officer, manager or registered-agent roles",
  "Real property acquisitions, transfers and refinancing",
  "New litigation, as plaintiff or defendant",
  "Liens, judgments and UCC financing statements",
  "Bankruptcy filings and related adversary proceedings",
  "Vehicle, vessel and aircraft registrations",
] as const;

/** The two flat-fee packages offered to individuals. */
export const INDIVIDUAL_SERVICES = SERVICES.filter((s) => s.audience === "individuals");
