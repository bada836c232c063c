import {
  ASSET_MAP_JURISDICTION_ADD_ON,
  ASSET_MAP_RUSH_FEE,
  CONSULTATION_MINUTES,
  EXPEDITE_HOURS,
  LOOK_BACK_YEARS,
  PUBLIC_DATA_CURRENCY_DAYS,
  RESPONSE_SLA,
} from "../../../src/contracts/constants";
import type { ServicePageContent } from "../service-pages";

/** The Asset Map page's own four-step process. */
const ASSET_MAP_STEPS = [
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

/** The Asset Map page's content: its details, copy and head, in that page's chunk only. */
export const ASSET_MAP_PAGE: ServicePageContent = {
  id: "asset-map",
  details: {
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
  copy: {
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
  meta: {
    title: "Asset Map: Flat-Rate Public-Records Asset Search",
    description:
      "A sourced public-records map of a person's or company's property, entities, vehicles, liens and lawsuits.",
  },
  steps: ASSET_MAP_STEPS,
};
