import { RESPONSE_SLA } from "../../src/contracts/constants";

/** The four-step engagement process shown on the home page and the process page. */
export type ProcessStep = { number: number; title: string; description: string };

export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    number: 1,
    title: "Counsel-Directed Scope",
    description:
      "We agree the subjects, jurisdictions, look-back period and questions with you or your attorney, then confirm scope and a fixed price in writing within one business day.",
  },
  {
    number: 2,
    title: "Intake & Records",
    description:
      "You sign the Engagement Letter and share what you already hold. We pull public records: property, entity, UCC, court, lien and licensing filings, each logged to its source.",
  },
  {
    number: 3,
    title: "Analysis & Exhibits",
    description:
      "A forensic accountant connects the records: ownership chains, transfers, gaps and red flags, organized into schedules and exhibits built to be read by a judge.",
  },
  {
    number: 4,
    title: "Delivery & Follow-Up",
    description:
      "You receive a sourced PDF report with exhibits and a 15-minute consultation to walk through the findings and the next discovery steps.",
  },
];

/** The process page's own copy around the shared steps. */
export const PROCESS_PAGE = {
  eyebrow: "How we work",
  title: "Our Process",
  lede: "Every engagement follows the same four steps, whether it is a single Asset Map or a year of Judgment Intel. You know the scope, the price and the delivery date before we start, and every finding in the report can be traced back to its source.",
  stepsTitle: "The four steps",
  detailTitle: "What happens at each step",
  detailLabels: { you: "You provide", we: "We deliver", timing: "Timing" },
  standardsTitle: "Quality standards behind every report",
  standardsLede:
    "The report is only as good as the work papers behind it. These three standards apply to every engagement.",
  ctaTitle: "Start with a short intake",
  ctaText: `Tell us the matter type, the jurisdictions and what you need to know. We confirm scope and price within ${RESPONSE_SLA}.`,
  cta: "Request Intake",
} as const;

export const QUALITY_STANDARDS = [
  {
    title: "Professional standards",
    text: "Work papers are prepared to the forensic-accounting standards an expert would be examined on: documented procedures, reconciled figures, and a reviewer's sign-off before anything leaves the firm.",
  },
  {
    title: "Chain of custody",
    text: "Every record is logged with its source, retrieval date and the person who obtained it. Client documents are hashed on receipt, so we can show that what we analyzed is exactly what you sent.",
  },
  {
    title: "Secure handling",
    text: "Files are encrypted in transit and at rest, staff sign in with multi-factor authentication, and access is limited to the people working on your matter.",
  },
] as const;

/** Per step of PROCESS_STEPS (same order): what the client provides, what the firm delivers, how long it takes. */
export const PROCESS_DETAILS = [
  {
    you: "The parties, the matter type, the jurisdictions and the question you need answered. No account numbers or other sensitive data at this stage.",
    we: "A written scope, a fixed price or fee estimate, and a delivery date.",
    timing: `Within ${RESPONSE_SLA}.`,
  },
  {
    you: "The signed Engagement Letter, payment or retainer, and any documents you already hold, through our secure portal.",
    we: "A records plan and a source log that grows as each record is pulled.",
    timing: "Starts the day the letter and payment arrive.",
  },
  {
    you: "Answers to our follow-up questions, if the records raise any.",
    we: "Reconciled findings, schedules and draft exhibits, reviewed by a second analyst.",
    timing: "Most of the turnaround quoted for your service.",
  },
  {
    you: "Fifteen minutes for the walk-through call.",
    we: "The final PDF report with exhibits and source log, and recommended next steps for discovery.",
    timing: "On the delivery date confirmed at scope.",
  },
] as const;

/** The page's title and description, for the head. */
export const PROCESS_PAGE_META = {
  title: "Our Process: From Counsel-Directed Scope to Sourced Exhibits",
  description: `How an engagement runs: scope confirmed in writing within ${RESPONSE_SLA}, lawful public-records research, forensic analysis and a sourced report with exhibits.`,
};
