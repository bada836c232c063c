import {
  ASSET_MAP_RUSH_FEE,
  CONSULTATION_MINUTES,
  EXPEDITE_HOURS,
  FLAT_RATE_RANGE,
  JUDGMENT_INTEL_CANCELLATION_DAYS,
  RECORDS_RETENTION_YEARS,
  RESPONSE_SLA,
  TRANSACTION_TRACE_HOURLY_RATE,
} from "../../src/contracts/constants";

/** Copy of the engagement terms page: a plain-English summary of the six topics of the engagement letter. */
export const ENGAGEMENT_TERMS = {
  eyebrow: "Legal",
  title: "Engagement Terms",
  lede: "Every engagement is governed by a written Engagement Letter signed before work begins. This page summarizes its terms in plain English; the signed letter controls if the two ever differ.",
  download: {
    title: "Sample Engagement Letter",
    text: "Read the full letter before you engage us. It is the same document you will be asked to sign, with the matter details left blank.",
    cta: "Download the sample engagement letter",
    format: "PDF",
  },
  sectionsTitle: "The terms in plain English",
  sections: [
    {
      id: "fees",
      title: "Fees and retainers",
      points: [
        `Flat-rate services (typically ${FLAT_RATE_RANGE}) are paid in full on engagement. Once work begins, the fee is non-refundable.`,
        `Transaction Trace is quoted as a fixed fee or billed hourly at ${TRANSACTION_TRACE_HOURLY_RATE}. A retainer is required before work starts, and any overages are billed monthly with a statement of the work done.`,
        "Judgment Intel is a subscription billed monthly, per subject, in advance.",
        "Multi-jurisdiction add-ons, rush fees and expert testimony are quoted in writing before they are incurred. Nothing is added without your approval.",
      ],
    },
    {
      id: "turnaround",
      title: "Turnaround and expedites",
      points: [
        `We confirm scope, price and delivery date within ${RESPONSE_SLA} of your request.`,
        "Turnaround runs from the day we receive the signed letter, payment and, where needed, your documents.",
        `A ${EXPEDITE_HOURS}-hour expedite is available on the Asset Map for ${ASSET_MAP_RUSH_FEE} more, and on other services where the records allow it.`,
        "If a record custodian or missing documents put the date at risk, we tell you at once, in writing.",
      ],
    },
    {
      id: "confidentiality",
      title: "Confidentiality",
      points: [
        "Everything you tell us and everything we find is confidential, and shared only with you or the counsel you name.",
        "Where counsel engages us, our work is done at counsel's direction to support the attorney work-product protection of the matter.",
        `Files are encrypted in transit and at rest, and work papers are kept for about ${RECORDS_RETENTION_YEARS} years, then securely destroyed.`,
        "We disclose information only with your consent or when compelled by subpoena or court order, and we tell you first unless the law forbids it.",
      ],
    },
    {
      id: "scope",
      title: "Scope and limitations",
      points: [
        "We work only from public records and documents lawfully provided to us. We do not use pretexting, surveillance or hacking, and we do not access bank accounts.",
        "We report what the records show as of their retrieval dates. Public records can be incomplete or out of date, and we cannot guarantee that every asset will be found.",
        "We are not a law firm and do not give legal advice. We are not a consumer reporting agency, and our reports may not be used for credit, insurance, employment or housing decisions.",
        `A ${CONSULTATION_MINUTES}-minute consultation is included. Expert testimony, depositions and additional work are scoped and priced separately.`,
      ],
    },
    {
      id: "termination",
      title: "Termination and refunds",
      points: [
        "Either side may end an engagement by written notice. You pay for work performed up to that date.",
        "Flat fees are refundable in full only if you cancel before work begins; after that they are non-refundable.",
        "Unused retainer balances on hourly work are refunded within 30 days of the final invoice.",
        `Judgment Intel can be paused and resumed without penalty, or cancelled with ${JUDGMENT_INTEL_CANCELLATION_DAYS} days' notice. Partial months are not refunded.`,
      ],
    },
    {
      id: "disputes",
      title: "Dispute resolution",
      points: [
        "If something goes wrong, tell us first: both sides agree to try good-faith negotiation before anything else.",
        "A dispute that negotiation does not resolve goes to binding arbitration under commercial arbitration rules, not to court.",
        "Each party bears its own attorney fees and costs.",
      ],
    },
  ],
  questions: {
    title: "Questions about the terms?",
    text: "Ask before you sign. We are glad to explain any clause, and counsel may propose changes for a specific matter.",
    cta: "Request Intake",
  },
} as const;

/** The page's title and description, for the head. */
export const ENGAGEMENT_TERMS_META = {
  title: "Engagement Terms: Fees, Turnaround, Confidentiality and Scope",
  description:
    "A plain-English summary of our engagement letter: fees and retainers, turnaround and expedites, confidentiality, scope, termination and refunds, and dispute resolution.",
};
