import type { Article } from "../../../../contracts/article-content";
import { LOOK_BACK_YEARS } from "../../../../contracts/constants";

export const HIDDEN_ASSETS_DIVORCE_RECORDS: Article = {
  slug: "hidden-assets-divorce-records",
  title: "Hidden Assets in Divorce: A Public-Records Checklist",
  description: `A step-by-step checklist for family-law counsel: which public records to pull, over what look-back period, and how to test a spouse's financial disclosure against them before discovery closes.`,
  blurb:
    "Which county, state and federal records to pull, how far back to look, and how to test a sworn financial disclosure against them before discovery closes.",
  topic: "Family law · Checklist",
  date: "2026-02-10",
  sections: [
    {
      heading: "Start with the record, not the suspicion",
      blocks: [
        {
          kind: "paragraph",
          text: 'Most hidden-asset cases do not begin with proof. They begin with a feeling that the numbers on a sworn financial disclosure do not match the life the couple lived: the lake house that is "really my brother\'s", the consulting business that "barely breaks even", the car that appeared a month after separation. Public records turn that feeling into something you can put in a discovery request, a subpoena or a motion.',
        },
        {
          kind: "paragraph",
          text: "Public records are also the cheapest place to start. They cost nothing to subpoena, nobody can claim privilege over them, and every fact they show comes with a document number and a custodian. A finding sourced to the county recorder survives a deposition far better than one sourced to a hunch.",
        },
      ],
    },
    {
      heading: "Set the look-back window first",
      blocks: [
        {
          kind: "paragraph",
          text: `Decide the period before anyone searches. We normally look back ${LOOK_BACK_YEARS} years from the date of separation. Three years catches most pre-separation planning; five years catches the spouse who started moving money when the marriage first went wrong. Your jurisdiction's rules on dissipation and reimbursement may justify a longer window, and the search should follow the law, not the other way round.`,
        },
        {
          kind: "list",
          items: [
            "Date of marriage, and of any prior separation or reconciliation",
            "Date of separation or filing, whichever your jurisdiction treats as the valuation cut-off",
            "Dates of major liquidity events: sale of a business, inheritance, bonus, settlement or IPO",
            "Dates of refinances or new credit, which often precede asset moves",
          ],
        },
      ],
    },
    {
      heading: "Real property",
      blocks: [
        {
          kind: "paragraph",
          text: "Real estate is the easiest asset to find and the hardest to hide completely, because a deed has to be recorded to protect the buyer. The trick is searching every name the property could be held in, in every county the spouse has a reason to be.",
        },
        {
          kind: "checklist",
          title: "Real-property checklist",
          items: [
            "Search the recorder's grantor and grantee indexes for each spouse, including maiden and former names",
            "Repeat for every entity and trust the spouse controls or benefits from",
            "Pull the assessor record for each parcel: owner of record, mailing address for the tax bill, homestead claim",
            "Check who pays the property tax: a bill mailed to the spouse for an LLC's parcel is a control indicator",
            "Read each deed of trust or mortgage: the borrower's signature block often names the real owner",
            "Look for quitclaim deeds to relatives or new entities inside the look-back window",
            "Search counties where the spouse vacations, grew up, has family or does business",
          ],
        },
      ],
    },
    {
      heading: "Business interests and entities",
      blocks: [
        {
          kind: "paragraph",
          text: "A spouse who owns or runs a business has the most ways to move value off the books: deferred invoices, payments to a friendly vendor, a new entity that quietly takes over the profitable contracts. Start with the Secretary of State in every state the spouse lives or works in, then follow each entity to the next.",
        },
        {
          kind: "checklist",
          title: "Entity checklist",
          items: [
            "Formation documents, annual reports and amendments for every entity naming the spouse as officer, manager, member, organizer or registered agent",
            "Entities that share an address, registered agent or officer with the spouse's known companies",
            "Assumed-name (DBA) filings at the county clerk",
            "UCC financing statements naming the spouse or the entities as debtor, which list lenders and collateral",
            "Professional and contractor licenses that name a business address you have not seen before",
            "Entities formed, dissolved or converted inside the look-back window",
          ],
        },
      ],
    },
    {
      heading: "Vehicles, vessels and aircraft",
      blocks: [
        {
          kind: "paragraph",
          text: "Titled assets are a second place value hides. Motor-vehicle records are restricted, but litigation is a permissible use under the Driver's Privacy Protection Act, so counsel can request them with the state's form. Documented boats are listed by the U.S. Coast Guard's National Vessel Documentation Center, and aircraft by the FAA registry, both searchable by owner name. Expect the expensive ones to be titled to a trust or an LLC formed for the purpose.",
        },
      ],
    },
    {
      heading: "Liens, loans and litigation",
      blocks: [
        {
          kind: "checklist",
          title: "Court and lien checklist",
          items: [
            "State and federal court indexes for suits by or against either spouse and their entities",
            "Bankruptcy filings, whose schedules list assets and transfers under penalty of perjury",
            "Federal and state tax liens, judgment liens and mechanic's liens",
            "Prior divorce files, which can contain earlier sworn disclosures to compare with this one",
          ],
        },
      ],
    },
    {
      heading: "Compare the lifestyle with the disclosure",
      blocks: [
        {
          kind: "paragraph",
          text: "Public records rarely show cash balances, but they show spending that needs cash. A lifestyle analysis sets what the records show the household bought and carried against the income the spouse has sworn to.",
        },
        {
          kind: "list",
          items: [
            "New property, renovations (permits and mechanic's liens) or vehicles paid for without matching loans",
            "Political or charitable giving out of proportion to reported income",
            "Private-school, club or marina addresses appearing in filings",
            "A business reporting losses while it signs new leases and hires",
          ],
        },
      ],
    },
    {
      heading: "Test the findings against the disclosure",
      blocks: [
        {
          kind: "steps",
          items: [
            "List every asset the records show, with its source document and date.",
            "Mark each as disclosed, disclosed at a different value, or missing from the sworn disclosure.",
            "Corroborate each missing asset with a second, independent record before you rely on it.",
            "Turn each gap into a targeted request: the deed becomes a request for the closing file, the UCC filing a subpoena to the lender.",
            "Keep the source documents as exhibits, with the date each was retrieved.",
          ],
        },
      ],
    },
    {
      heading: "What public records cannot show",
      blocks: [
        {
          kind: "paragraph",
          text: "Bank balances, brokerage holdings and cryptocurrency wallets are not public. The lawful route to them runs through discovery: requests for production, subpoenas to institutions and depositions, with the public-records findings telling you where to aim. Anyone who offers to get account balances without a subpoena is describing pretexting, which is unlawful under the Gramm-Leach-Bliley Act and will taint everything else in your case.",
        },
        {
          kind: "callout",
          title: "Keep it lawful and admissible",
          text: "Every item on this checklist comes from a public record or a record produced in the case. No pretexting, no surveillance, no logging in to a spouse's accounts: evidence obtained that way can be excluded, and can expose the client to liability.",
        },
      ],
    },
  ],
};
