import { EXPEDITE_HOURS, RESPONSE_SLA } from "../../src/contracts/constants";

/** Copy of the about page. */
export const ABOUT = {
  eyebrow: "About us",
  title: "Forensic accountants who answer one question: what is there?",
  lede: "We are a boutique firm of forensic accountants and public-records researchers. For family-law, probate and commercial-dispute counsel, for fiduciaries, and for individuals handling their own matters, we find hidden or missing assets and prove what the records show, using lawful methods only.",
  apartTitle: "What sets us apart",
  apart: [
    {
      title: "Productized services",
      text: "Asset Map, Transaction Trace and Judgment Intel each have a defined scope, a published price and a fixed list of deliverables. You know what you will receive before you sign, and so does your client.",
    },
    {
      title: "Speed",
      text: `We answer every request within ${RESPONSE_SLA}, and a ${EXPEDITE_HOURS}-hour expedite is there for the hearing date that will not move.`,
    },
    {
      title: "Standards-based",
      text: "Work papers follow forensic-accounting standards, every finding cites its source, and a second reviewer signs off each report. The work is built to survive cross-examination.",
    },
    {
      title: "Dual audience",
      text: "Attorneys engage us for litigation support; individuals use our flat-fee packages to get organized before they spend attorney time. We say plainly when a matter needs counsel.",
    },
  ],
  audiencesTitle: "Who we work with",
  audiences: [
    {
      title: "Family-law attorneys",
      text: "Divorce matters where disclosures are thin: undisclosed real estate, side businesses, transfers to relatives before filing.",
    },
    {
      title: "Probate counsel",
      text: "Estates with missing accounts, property in other counties, or assets moved in the months before death.",
    },
    {
      title: "Commercial-dispute attorneys",
      text: "Fraudulent-transfer claims, partner disputes and pre-suit asset checks before deciding whether a judgment is collectible.",
    },
    {
      title: "Fiduciaries",
      text: "Executors, administrators and trustees who must marshal assets and document that they looked.",
    },
    {
      title: "Individuals",
      text: "People in divorce, estate or judgment-enforcement matters who want organized facts before they spend attorney time.",
    },
  ],
  approachTitle: "Our approach",
  approach: [
    "Every engagement starts with a question, not a fishing expedition. We agree with you, or with your attorney, who and what we are looking for, where, and over which years, and we put it in writing with a fixed price.",
    "Then we go to the records: deeds and mortgages, entity filings, UCC and lien indexes, court dockets, licensing boards and registries, and the financial documents produced in your matter. We never use pretexting, surveillance or unauthorized access, because findings obtained that way cannot be used, and because it is wrong.",
    "Finally we write for the reader who matters: a judge, a mediator, or opposing counsel deciding whether to settle. Our reports lead with findings, show the source of each one, and separate what the records prove from what they only suggest.",
  ],
  cta: {
    title: "Tell us about your matter",
    text: `A few lines are enough to start. We reply within ${RESPONSE_SLA} with scope, timeline and a quote.`,
    label: "Request Intake",
  },
} as const;

/** The page's title and description, for the head. */
export const ABOUT_META = {
  title: "About Us: A Boutique Forensic Accounting and Asset-Discovery Firm",
  description:
    "Who we are and how we work: forensic accountants and public-records researchers serving family-law, probate and commercial counsel, fiduciaries and individuals.",
};
