import type { Article } from "../../../../contracts/article-content";

export const PROBATE_ESTATES_LOCATE_ACCOUNTS: Article = {
  slug: "probate-estates-locate-accounts",
  title: "Probate and Estates: How to Locate a Decedent's Accounts and Assets",
  description:
    "A fiduciary's guide to finding everything a decedent owned: reading the final tax returns and mail, searching public records, unclaimed property and life-insurance locators, and spotting transfers made before death.",
  blurb:
    "For executors, administrators and their counsel: tax returns as a map, public-record and unclaimed-property searches, insurance and retirement locators, and pre-death transfers.",
  topic: "Probate · Checklist",
  date: "2026-09-15",
  sections: [
    {
      heading: "The fiduciary's problem",
      blocks: [
        {
          kind: "paragraph",
          text: "An executor or administrator has to marshal every asset of the estate, often without knowing what the decedent owned. Paper statements have given way to online accounts nobody else can see; the decedent may have had accounts in several states, a business interest, or a relative who helped with the finances a little too much. The inventory is due on the court's schedule regardless.",
        },
        {
          kind: "paragraph",
          text: "The good news is that money leaves a trail that a fiduciary has both the right and the duty to follow. Letters testamentary or letters of administration give the personal representative legal authority to ask institutions directly, and the public record fills in much of what the institutions will not volunteer.",
        },
      ],
    },
    {
      heading: "Start with the paper and the mail",
      blocks: [
        {
          kind: "list",
          items: [
            "Forward the decedent's mail to the fiduciary and keep it for at least a full year, so annual statements, tax forms and renewal notices arrive",
            "Collect checkbooks, statements, safe-deposit keys, policy documents and the contents of the desk and filing cabinets",
            "Review the decedent's email and devices only to the extent your state's version of the Revised Uniform Fiduciary Access to Digital Assets Act and the provider's terms allow",
            "Interview the decedent's accountant, financial adviser and attorney, who often know of accounts the family does not",
          ],
        },
      ],
    },
    {
      heading: "Read the tax returns as a map",
      blocks: [
        {
          kind: "paragraph",
          text: "The last two or three income tax returns are the single best list of where a decedent held money, because almost every financial institution reports to the IRS. Ask the preparer for copies, or request transcripts from the IRS as the personal representative.",
        },
        {
          kind: "list",
          items: [
            "Form 1099-INT: every bank or credit union that paid interest",
            "Forms 1099-DIV and 1099-B: brokerage accounts, mutual funds and sales of securities",
            "Form 1099-R: pensions, annuities, IRAs and retirement plan distributions",
            "Form SSA-1099: Social Security benefits, which must be reported stopped",
            "Schedule K-1: partnerships, LLCs, S corporations and trusts the decedent held an interest in",
            "Schedule E: rental properties and royalties, with addresses and payors",
          ],
        },
      ],
    },
    {
      heading: "Search the public record",
      blocks: [
        {
          kind: "checklist",
          title: "Public-records searches for an estate",
          items: [
            "Real property in every county where the decedent lived, vacationed, or had family, including property held in a trust or an LLC",
            "Business entities naming the decedent as officer, manager, member or registered agent",
            "UCC filings and liens, which show loans made to or by the decedent and the collateral",
            "Vehicle, vessel and aircraft registrations",
            "Court records: lawsuits, judgments in the decedent's favor, and prior estates in which the decedent inherited",
            "Unclaimed-property programs in every state the decedent lived or banked in, many searchable together at MissingMoney.com",
          ],
        },
      ],
    },
    {
      heading: "Insurance and retirement locators",
      blocks: [
        {
          kind: "list",
          items: [
            "The NAIC Life Insurance Policy Locator: a free request that participating insurers check against their records, with results sent to the requester",
            "Former employers' human-resources departments, for group life insurance and pension or 401(k) balances",
            "The U.S. Department of Labor's Retirement Savings Lost and Found database, for workplace retirement plans",
            "Premium payments on bank statements, which point to policies nobody mentioned",
          ],
        },
      ],
    },
    {
      heading: "Using the fiduciary's authority",
      blocks: [
        {
          kind: "steps",
          items: [
            "Obtain certified copies of the letters and the death certificate; institutions will want originals.",
            "Send each institution found on the returns or statements a written request for date-of-death balances and twelve months of statements.",
            "Ask each bank whether the decedent held a safe-deposit box, and follow your state's procedure for opening and inventorying it.",
            "Ask for beneficiary designations and payable-on-death or joint-owner records: those assets pass outside probate but can still matter for the estate.",
            "Record every response and every refusal; a refusal may need a court order.",
          ],
        },
      ],
    },
    {
      heading: "Online-only accounts and digital assets",
      blocks: [
        {
          kind: "paragraph",
          text: "Many decedents banked, invested and even held cryptocurrency without a single paper statement. Look for the traces those accounts leave elsewhere: transfers to an online bank or a brokerage app on the checking-account statements, a 1099 from an institution nobody recognizes, password-manager or two-factor apps on the phone, and email receipts. Most states have adopted a version of the Revised Uniform Fiduciary Access to Digital Assets Act, which sets out when a fiduciary may see the catalog of a decedent's electronic communications and digital assets, and when the content itself needs the decedent's consent or a court order. Ask the provider through its fiduciary process; never log in with the decedent's password.",
        },
      ],
    },
    {
      heading: "Watch for transfers before death",
      blocks: [
        {
          kind: "paragraph",
          text: "Twelve months of statements before the date of death show more than balances. Large withdrawals, new joint owners added to accounts, changes of beneficiary, deeds signed in the final months and checks to a caregiver can all indicate undue influence or financial exploitation. The fiduciary does not have to prove anything at this stage; the duty is to notice, document and tell counsel. A forensic trace can then establish where the money went.",
        },
        {
          kind: "checklist",
          title: "The fiduciary's first sixty days",
          items: [
            "Certified letters and death certificates ordered, mail forwarded",
            "Last three years of tax returns collected, or IRS transcripts requested",
            "Every institution on the returns and statements written to for date-of-death balances",
            "Public-records, unclaimed-property and life-insurance searches started",
            "Twelve months of pre-death statements reviewed for unusual transfers",
            "Findings, gaps and refusals listed for probate counsel",
          ],
        },
        {
          kind: "callout",
          title: "Deadlines are local",
          text: "Inventory deadlines, creditor notice periods and the rules on opening safe-deposit boxes differ by state and sometimes by county. Confirm them with probate counsel before relying on any timeline in this article.",
        },
      ],
    },
  ],
};
