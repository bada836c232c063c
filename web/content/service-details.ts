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
import { JUDGMENT_INTEL_PRICING, type Service, type ServiceId, serviceById } from "./services";

/**
 * What the service pages and package cards show beyond the core service data: kept apart so the header,
 * footer and structured data (which need only services.ts) do not carry every FAQ into each page's bundle.
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

const SERVICE_DETAILS: Record<ServiceId, ServiceDetails> = {
  "asset-map": {
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
  "transaction-trace": {
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
  "judgment-intel": {
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
  "individual-asset-check": {
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
  "record-ready-prep": {
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
};

export const detailedService = (id: ServiceId): DetailedService => ({
  ...serviceById(id),
  ...SERVICE_DETAILS[id],
});

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
