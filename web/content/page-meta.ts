import { RESPONSE_SLA } from "../../src/contracts/constants";
import type { AttorneyServiceId } from "./service-pages";

/**
 * Every page's title and description, apart from the page copy: the route table (in every page's bundle)
 * imports only this file, and each page's copy stays in that page's chunk (ADR 008).
 */

export const ABOUT_META = {
  title: "About Us: A Boutique Forensic Accounting and Asset-Discovery Firm",
  description:
    "Who we are and how we work: forensic accountants and public-records researchers serving family-law, probate and commercial counsel, fiduciaries and individuals.",
};

export const ARTICLES_PAGE_META = {
  title: "Articles: Asset Discovery, Tracing and Public Records",
  description:
    "Checklists and explainers for counsel and fiduciaries: public records in divorce, following the money, beneficial ownership, digital sources and estate accounts.",
};

export const ARTICLE_NOT_FOUND_META = {
  title: "Article Not Found",
  description: "The article you're looking for doesn't exist or has been moved.",
  noindex: true,
};

export const CASE_STUDIES_PAGE_META = {
  title: "Case Studies: Asset Discovery and Tracing Results",
  description:
    "Anonymized matters we have worked: the challenge counsel brought us, the public records and ledgers we used, and what was found.",
};

export const COMPLIANCE_META = {
  title: "Compliance: Lawful Methods, GLBA, FCRA and Data Handling",
  description:
    "Public records and client-provided documents only: no pretexting, surveillance, hacking or unauthorized bank access. Not a consumer reporting agency. How we handle your data.",
};

export const ENGAGEMENT_TERMS_META = {
  title: "Engagement Terms: Fees, Turnaround, Confidentiality and Scope",
  description:
    "A plain-English summary of our engagement letter: fees and retainers, turnaround and expedites, confidentiality, scope, termination and refunds, and dispute resolution.",
};

export const FOR_INDIVIDUALS_META = {
  title: "For Individuals: Flat-Fee Asset Checks and Record Prep",
  description:
    "Flat-fee public-records help for people in divorce, estate or judgment matters: the Individual Asset Check and Record-Ready Prep, with lawful methods only.",
};

export const HOME_META = {
  title: "Forensic Accounting & Public-Records Asset Discovery",
  description:
    "Asset maps, forensic transaction tracing and judgment monitoring for attorneys, fiduciaries and individuals. Lawful public-records methods only.",
};

export const INTAKE_PAGE_META = {
  title: "Request Intake",
  description: `Request an asset map, transaction trace or judgment monitoring. Tell us about the matter; we respond within ${RESPONSE_SLA} with scope, timeline and a quote.`,
};

export const THANKS_PAGE_META = {
  title: "Request Received",
  description: "Your intake request was received. We respond within one business day.",
};

export const PRIVACY_META = {
  title: "Privacy Policy",
  description:
    "What personal information we collect through this site and our engagements, how we use, protect and share it, your rights, cookies, and how to contact us.",
};

export const PROCESS_PAGE_META = {
  title: "Our Process: From Counsel-Directed Scope to Sourced Exhibits",
  description: `How an engagement runs: scope confirmed in writing within ${RESPONSE_SLA}, lawful public-records research, forensic analysis and a sourced report with exhibits.`,
};

export const RESOURCES_PAGE_META = {
  title: "Resources: Intake Checklist, Records Request Template, Sources",
  description:
    "Free downloads for counsel: an attorney intake checklist, a fill-in public-records request letter in Word, and public-records sources organized by record type.",
};

/** The service pages' own titles and descriptions; the route appends price and turnaround from the service data. */
export const SERVICE_PAGE_META: Record<AttorneyServiceId, { title: string; description: string }> = {
  "asset-map": {
    title: "Asset Map: Flat-Rate Public-Records Asset Search",
    description:
      "A sourced public-records map of a person's or company's property, entities, vehicles, liens and lawsuits.",
  },
  "transaction-trace": {
    title: "Transaction Trace: Forensic Tracing of Funds",
    description:
      "Forensic tracing of funds through produced bank and ledger records, with flow-of-funds charts and a tracing report.",
  },
  "judgment-intel": {
    title: "Judgment Intel: Judgment Debtor Asset Monitoring",
    description:
      "Public-records sweeps on a judgment debtor for new jobs, entities, property and lawsuits, reported to counsel.",
  },
};
