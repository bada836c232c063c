import type { CaseStudyWrite } from "../repo/case-studies";

/**
 * What demo mode shows on /case-studies (ADR 115): three matters written to show the page's shape, stored
 * marked as samples and labelled "Sample" on the site. They describe no real client; a production data folder
 * never gets them.
 */
export const SAMPLE_CASE_STUDIES: readonly Omit<CaseStudyWrite, "publishedAt">[] = [
  {
    title: "A rental portfolio behind a thin financial disclosure",
    category: "Family law",
    description:
      "Counsel for a spouse suspected that a sworn disclosure left out real estate. An Asset Map of public records found three rental properties held through an LLC formed the year before separation.",
    challenge:
      "The disclosure listed the marital home and one brokerage account. Counsel had a hunch about rental income but no addresses, entity names or documents, and a hearing in three weeks.",
    approach:
      "We searched recorder and assessor indexes in three counties by the spouse's names and known addresses, then the Secretary of State's filings for entities the spouse organized or managed, and followed each entity back to the deeds it holds.",
    outcome:
      "A sourced map of three parcels deeded to the LLC, with the formation date, the registered agent and the recorded instruments as exhibits. Counsel served targeted discovery on the LLC and the matter settled before the hearing.",
    assetsRecovered: "Three rental parcels",
    turnaroundDays: 6,
    published: true,
  },
  {
    title: "Estate funds traced through a caregiver's accounts",
    category: "Probate",
    description:
      "An executor found the estate's accounts far smaller than expected. A Transaction Trace of produced statements showed a pattern of transfers to a caregiver in the decedent's final two years.",
    challenge:
      "Twenty-six months of statements from two banks, produced as scanned PDFs, and a family that disagreed about what the decedent had meant to give.",
    approach:
      "We turned the statements into a ledger (with OCR checked by hand), classified every transfer, and traced outgoing funds into the accounts produced under subpoena, separating documented gifts from unexplained transfers.",
    outcome:
      "Schedules and a flow chart of the transfers, ready as exhibits, with the documented gifts set apart. The executor's counsel used them to negotiate a return of funds without a trial.",
    assetsRecovered: null,
    turnaroundDays: 24,
    published: true,
  },
  {
    title: "A judgment debtor's new company, found on a quarterly sweep",
    category: "Judgment enforcement",
    description:
      "Judgment Intel on a debtor who said he had nothing: the second quarterly sweep found a newly formed company and equipment filings against it.",
    challenge:
      "A judgment that had gone unpaid for a year, a debtor who claimed unemployment, and counsel who needed to know when collectible assets surfaced.",
    approach:
      "Quarterly sweeps of entity filings, UCC and lien indexes, property records and court dockets in the debtor's state, reported to counsel with what changed since the last sweep.",
    outcome:
      "A new company with the debtor as managing member and a UCC filing listing its equipment as collateral, reported with the filings as exhibits. Counsel moved for a charging order.",
    assetsRecovered: "Membership interest and equipment",
    turnaroundDays: null,
    published: true,
  },
];
