import { CONSULTATION_MINUTES, RESPONSE_SLA } from "../../src/contracts/constants";
import type { ServiceId } from "../../src/contracts/services";
import type { ServiceDetails } from "./service-details";

/** Copy of the page for individuals; the two packages' prices and lists come from services.ts. */
export const FOR_INDIVIDUALS = {
  eyebrow: "For individuals",
  title: "Find what's missing. The right way.",
  lede: "Going through a divorce, settling a parent's estate or trying to collect money you are owed? Our two flat-fee packages give you an organized, lawful picture of the facts, so the time you spend with your attorney goes further.",
  lawful: {
    title: "Lawful Use Only",
    text: "We work only from public records and documents you are entitled to hold. We do not access anyone's bank accounts, email or devices, we do not use pretexting or surveillance, and we are not a consumer reporting agency: our reports may not be used to decide anyone's eligibility for credit, insurance, employment or housing.",
  },
  packagesTitle: "Two flat-fee packages",
  packagesLede: "One price, agreed before we start, paid once. No hourly billing and no surprises.",
  labels: { price: "Price", turnaround: "Turnaround", idealFor: "Ideal for", includes: "Includes" },
  cta: "Request This Service",
  attorney: {
    title: "When to Work Directly with an Attorney",
    text: "Our individual packages are built for fact-finding. Some matters need legal strategy, court orders and a lawyer directing the work from the start. If yours involves any of the following, your attorney should engage us, and we can refer you to family-law or collection counsel if you don't yet have one.",
    cases: [
      {
        title: "Complex litigation",
        text: "Contested divorces with business interests, will contests, fraud claims or any matter already heading to trial.",
      },
      {
        title: "Multi-entity tracing",
        text: "Money moving through several companies, trusts or accounts, where records must be subpoenaed and traced forensically.",
      },
      {
        title: "Judgment enforcement",
        text: "Collecting a judgment through liens, levies, garnishment or debtor examinations, which only counsel can pursue.",
      },
    ],
    cta: "Ask for an attorney referral",
  },
  howTitle: "How It Works",
  steps: [
    {
      number: 1,
      title: "Request the service",
      description:
        "Tell us about your situation through the intake form, in a few lines and without account numbers or other sensitive details.",
    },
    {
      number: 2,
      title: "Confirm scope and price",
      description: `Within ${RESPONSE_SLA} we confirm what we will search or organize, the flat fee and the delivery date.`,
    },
    {
      number: 3,
      title: "Sign and pay",
      description:
        "You sign the engagement letter and pay the flat fee upfront through our secure portal. For Record-Ready Prep, you then upload your documents there.",
    },
    {
      number: 4,
      title: "Receive your report",
      description: `You receive a PDF report with exhibits, and an optional ${CONSULTATION_MINUTES}-minute consultation to walk through it.`,
    },
  ],
  final: {
    title: "Not sure which package fits?",
    text: `Describe your situation and we will recommend the right package, or tell you honestly if you need an attorney first. We reply within ${RESPONSE_SLA}.`,
    cta: "Request Intake",
  },
} as const;

/** The page's title and description, for the head. */
export const FOR_INDIVIDUALS_META = {
  title: "For Individuals: Flat-Fee Asset Checks and Record Prep",
  description:
    "Flat-fee public-records help for people in divorce, estate or judgment matters: the Individual Asset Check and Record-Ready Prep, with lawful methods only.",
};

/** What the For Individuals page shows of each flat-fee service beyond the core service data. */
export const INDIVIDUAL_DETAILS: Partial<Record<ServiceId, ServiceDetails>> = {
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
