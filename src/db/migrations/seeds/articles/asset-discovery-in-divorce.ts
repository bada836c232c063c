import type { Article } from "../../../../contracts/article-content";
import { LOOK_BACK_YEARS } from "../../../../contracts/constants";

export const ASSET_DISCOVERY_IN_DIVORCE: Article = {
  slug: "asset-discovery-in-divorce",
  title: "Asset Discovery in Divorce: What to Ask For Before Mediation",
  description:
    "The records to request, and the public-records work to finish, before a divorce mediation, so the settlement rests on a complete picture of the marital estate.",
  topic: "Family law",
  date: "2025-10-14",
  sections: [
    {
      heading: "Mediation settles what is on the table",
      blocks: [
        {
          kind: "paragraph",
          text: "A mediated settlement divides the assets both sides have put on the table. Anything left off is usually gone for good: reopening a judgment for non-disclosure is possible in many states, but slow, expensive and uncertain. The time to find what is missing is before the mediation date, while discovery is open and the other side still has an incentive to cooperate.",
        },
      ],
    },
    {
      heading: "Documents to request",
      blocks: [
        {
          kind: "list",
          items: [
            `Personal and business tax returns for ${LOOK_BACK_YEARS} years, with all schedules, K-1s and 1099s`,
            "Statements for every bank, brokerage, retirement and credit-card account in the same period",
            "Loan applications and personal financial statements given to any lender",
            "Business books: general ledger, accounts receivable, payroll and owner distributions",
            "Closing statements for any real estate bought, sold or refinanced",
          ],
        },
      ],
    },
    {
      heading: "Public records to check alongside",
      blocks: [
        {
          kind: "paragraph",
          text: "While the production is pending, a public-records search tests the disclosure independently: real property and entities in every relevant county and state, UCC filings, liens, court cases and titled vehicles and boats. Each hit is either on the disclosure or a question for the next request.",
        },
        {
          kind: "steps",
          items: [
            "Compare the search results with the sworn disclosure, line by line.",
            "Send a targeted follow-up request for each gap before the mediation statement is due.",
            "Give the mediator a one-page summary of undisclosed assets with the source record for each.",
          ],
        },
        {
          kind: "callout",
          title: "Lawful methods only",
          text: "Everything above comes from discovery and public records. Never access a spouse's accounts or devices without authority; evidence obtained that way can be excluded and can expose your client to liability.",
        },
      ],
    },
  ],
};
