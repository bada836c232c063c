import type { PersonInput, TestimonialInput } from "../../../contracts/firm";

/**
 * What demo mode shows of the firm on /about and the home page (issue 45, ADR 301), as its case studies do (ADR
 * 115): three people and three testimonials written to show the pages' shape, stored marked as samples and
 * labelled "Sample" on the site. They are no one: no real person, client or matter. A production data folder never
 * gets them.
 */
export const SAMPLE_PEOPLE: readonly PersonInput[] = [
  {
    name: "Avery Lindqvist",
    role: "Principal",
    credentials: "CPA, CFE",
    bio: "Leads the firm's asset searches and financial tracing, and writes the reports counsel files as exhibits. Fifteen years of forensic accounting in family-law and probate matters.",
    order: 0,
    published: true,
  },
  {
    name: "Marcus Oyelaran",
    role: "Senior Investigator",
    credentials: "CAMS",
    bio: "Searches property, entity, lien and court records across jurisdictions, and follows an entity back to the assets it holds.",
    order: 1,
    published: true,
  },
  {
    name: "Priya Raman",
    role: "Forensic Analyst",
    credentials: "CFE",
    bio: "Turns produced bank and brokerage statements into a ledger, classifies every transfer and draws the schedules a trace is read from.",
    order: 2,
    published: true,
  },
];

export const SAMPLE_TESTIMONIALS: readonly TestimonialInput[] = [
  {
    quote:
      "The asset map named three parcels the disclosure had left out, each with the recorded deed behind it. We served discovery the same week.",
    attribution: "Family-law partner",
    context: "Divorce, undisclosed real estate",
    order: 0,
    published: true,
  },
  {
    quote:
      "Twenty-six months of scanned statements came back as one ledger and a chart the other side could not argue with.",
    attribution: "Estate litigation counsel",
    context: "Probate, transfers before death",
    order: 1,
    published: true,
  },
  {
    quote: "The quarterly sweep found the debtor's new company before he had filed its first report.",
    attribution: "Collections attorney",
    context: "Judgment enforcement",
    order: 2,
    published: true,
  },
];
