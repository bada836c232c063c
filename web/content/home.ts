import { EXPEDITE_HOURS, RESPONSE_SLA } from "../../src/contracts/constants";

/** Copy of the home page, kept apart from its layout. */
export const HOME = {
  hero: {
    eyebrow: "Forensic accounting · Public-records asset discovery",
    lede: "We locate real property, business interests and money trails for family-law, probate and commercial counsel, using public records and the documents you already hold. Every finding is sourced, every method is lawful, and every report is built to stand up in court.",
    primary: "Request Intake",
    secondary: "See Packages",
  },
  badges: [
    { title: "Professional Standards", text: "Work papers prepared to forensic-accounting standards." },
    { title: "No-Pretexting/GLBA", text: "No pretexting, no surveillance, no unauthorized account access." },
    { title: "Attorney-Directed", text: "Scope set with counsel; findings delivered to counsel." },
    {
      title: "Secure Workpapers",
      text: "Encrypted in transit and at rest, with a documented chain of custody.",
    },
  ],
  services: {
    eyebrow: "Packages",
    title: "Productized services with fixed scope and clear prices",
    lede: "Each package has a defined deliverable, a published price range and a turnaround you can put in a scheduling order.",
    cta: "View service",
  },
  attorneys: {
    title: "For Attorneys",
    text: "Family-law, probate and commercial-dispute counsel use us when a party's disclosures don't add up. We work at your direction, under your engagement, and deliver exhibits your expert or you can put in front of the court.",
    points: [
      "Scope confirmed in writing within one business day",
      "Sourced findings, ready for discovery requests and subpoenas",
      "Expert testimony scoped and priced separately when needed",
    ],
    cta: "Request Intake",
  },
  individuals: {
    title: "For Individuals",
    text: "Going through a divorce, settling an estate or trying to collect a judgment? Our flat-fee packages give you a lawful, organised picture of the public record before you spend hours of attorney time.",
    points: [
      "Individual Asset Check: $1,500, 5–7 business days",
      "Record-Ready Prep: $2,500, 7–10 business days",
      "Clear guidance on when your matter needs an attorney",
    ],
    cta: "Explore individual packages",
  },
  process: {
    eyebrow: "How it works",
    title: "A four-step process, from scope to exhibits",
  },
  why: {
    eyebrow: "Why choose us",
    title: "Findings that hold up, delivered when your calendar needs them",
    points: [
      {
        title: "Standards-Based & Defensible",
        text: "Every fact in our reports cites the record it came from, and our work papers follow forensic-accounting standards so opposing counsel has nothing to pick at but the facts.",
      },
      {
        title: "Fast & Transparent",
        text: `Published prices, fixed scopes and a ${EXPEDITE_HOURS}-hour expedite when a hearing date won't move. You know the cost and the delivery date before we start.`,
      },
      {
        title: "Ethical & Compliant",
        text: "Public records and client-provided documents only. No pretexting, surveillance, hacking or unauthorized bank access, and we are not a consumer reporting agency.",
      },
    ],
  },
  ready: {
    title: "Ready to Get Started?",
    text: `Tell us about the matter in a few lines, without account numbers or other sensitive data. We respond within ${RESPONSE_SLA} with scope, timeline and a quote.`,
    primary: "Request Intake",
    secondary: "Call",
  },
} as const;

/** The page's title and description, for the head. */
export const HOME_META = {
  title: "Forensic Accounting & Public-Records Asset Discovery",
  description:
    "Asset maps, forensic transaction tracing and judgment monitoring for attorneys, fiduciaries and individuals. Lawful public-records methods only.",
};
