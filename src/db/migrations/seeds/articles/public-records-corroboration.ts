import type { Article } from "../../../../contracts/article-content";

export const PUBLIC_RECORDS_CORROBORATION: Article = {
  slug: "public-records-corroboration",
  title: "Why Every Public-Records Finding Needs a Second Source",
  description:
    "Public records are often stale, incomplete or wrong. How we corroborate each finding with an independent record before it reaches a report, and why courts and opposing counsel expect it.",
  topic: "Public records",
  date: "2025-12-02",
  sections: [
    {
      heading: "One record is a lead",
      blocks: [
        {
          kind: "paragraph",
          text: "Records are kept by people, and people make mistakes. A deed is indexed under a misspelled name; an assessor's roll lags a sale by months; a commercial database merges two people with the same name and birth year. Data resold by aggregators is typically 30 to 90 days behind the source. A report that relies on a single record inherits every one of those errors.",
        },
      ],
    },
    {
      heading: "What corroboration looks like",
      blocks: [
        {
          kind: "list",
          items: [
            "A deed confirmed by the assessor's ownership record and the tax collector's billing address",
            "An entity officer confirmed by a signature on a deed, a loan document or a court filing",
            "A vehicle registration confirmed by a UCC filing or a lien release from the lender",
            "An identity confirmed by two identifiers that match, such as an address history and a middle name",
          ],
        },
        {
          kind: "paragraph",
          text: "The second record has to be independent: kept by a different custodian, created for a different purpose. Two aggregator reports that copy the same source are one record, not two.",
        },
      ],
    },
    {
      heading: "Why it matters in court",
      blocks: [
        {
          kind: "paragraph",
          text: "Opposing counsel will test every finding in a deposition or on cross-examination. A finding with two independent sources and a retrieval date for each is hard to attack; a finding from one database printout is easy. Corroboration also protects the client: a motion built on a misattributed property wastes credibility the case may need later.",
        },
        {
          kind: "callout",
          title: "Our standard",
          text: "Every asset in our reports cites at least two independent records, with the custodian, document number and date retrieved, or is marked clearly as unconfirmed.",
        },
      ],
    },
  ],
};
