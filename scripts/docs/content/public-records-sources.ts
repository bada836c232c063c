import type { Brand } from "../../../src/contracts/brand";
import type { DocSpec } from "../model";

export const publicRecordsSources = (brand: Brand): DocSpec => ({
  title: "Public-Records Sources",
  subtitle:
    "Where asset records live in the United States, organized by record type, with what each one proves",
  subject: "Public-records sources for asset discovery, organized by record type",
  keywords: ["public records", "asset search", "real property", "UCC", "PACER", "EDGAR", "sources"],
  footer: `${brand.name}  |  General information, not legal advice  |  ${brand.email}`,
  blocks: [
    {
      kind: "paragraph",
      text: "Every source below is open to the public or to a party with a documented permissible purpose. None requires pretexting, account access or surveillance. Names of offices differ by state (recorder, register of deeds, clerk of court), and access rules, fees and online coverage vary by county: where a portal stops, the custodian's office usually does not.",
    },
    {
      kind: "note",
      title: "How to read a hit",
      text: "A single record is a lead, not a finding. Corroborate every asset with a second, independent record (a deed and the tax roll, an entity filing and a UCC statement) before it goes into a report or a motion.",
    },
    { kind: "heading", text: "Real property" },
    {
      kind: "terms",
      items: [
        {
          term: "County recorder or register of deeds",
          text: "Deeds, mortgages and deeds of trust, releases, assignments, easements, lis pendens. Search the subject as grantor and grantee, then every trust and entity name you know.",
        },
        {
          term: "County assessor or appraisal district",
          text: "Current owner, mailing address for the tax bill, assessed value, homestead or other exemptions claimed.",
        },
        {
          term: "County treasurer or tax collector",
          text: "Who pays the taxes. A tax bill mailed to the subject for a parcel titled to an LLC is a strong control indicator.",
        },
        {
          term: "County GIS parcel viewers",
          text: "Adjoining parcels, subdivided lots and improvements that do not appear in the deed index.",
        },
      ],
    },
    { kind: "heading", text: "Business entities" },
    {
      kind: "terms",
      items: [
        {
          term: "Secretary of State business search",
          text: "In every state the subject lives, works or holds property: formation documents, registered agent, officers, managers and annual reports.",
        },
        { term: "County assumed-name (DBA) filings", text: "Trade names used by individuals and entities." },
        {
          term: "State franchise-tax and comptroller records",
          text: "Where published: officer lists and account status.",
        },
      ],
    },
    {
      kind: "paragraph",
      text: "The federal beneficial ownership (BOI) database is not public, and since March 2025 domestic companies are exempt from reporting to it. Beneficial ownership has to be rebuilt from the public filings in this list.",
    },
    { kind: "heading", text: "UCC filings and liens" },
    {
      kind: "terms",
      items: [
        {
          term: "Secretary of State UCC search",
          text: "Financing statements name the secured lender and describe the collateral, which can reveal equipment, receivables, inventory, aircraft or pledged brokerage accounts.",
        },
        {
          term: "Federal and state tax liens",
          text: "Filed with the county recorder or the Secretary of State, depending on the state and the type of debtor.",
        },
        {
          term: "Judgment liens and abstracts of judgment",
          text: "Recorded in each county where the creditor wants to reach real property.",
        },
        {
          term: "Mechanic's and contractor liens",
          text: "Construction or renovation work on property the subject controls.",
        },
      ],
    },
    { kind: "heading", text: "Courts and litigation" },
    {
      kind: "terms",
      items: [
        {
          term: "PACER",
          text: "Federal civil, criminal and bankruptcy dockets. Bankruptcy schedules list assets, creditors and transfers under penalty of perjury, including those of entities the subject controls.",
        },
        {
          term: "State and county court portals",
          text: "Civil, family, probate and small-claims cases. Old divorces, collection suits and partnership disputes often describe assets in detail.",
        },
        {
          term: "Garnishments and turnover orders",
          text: "Show employers, banks and payors that another creditor has already found.",
        },
      ],
    },
    { kind: "heading", text: "Vehicles, vessels and aircraft" },
    {
      kind: "terms",
      items: [
        {
          term: "State motor-vehicle records",
          text: "Available only for a permissible use under the federal Driver's Privacy Protection Act (use in litigation is one). Expect a request form and a statement of purpose.",
        },
        {
          term: "U.S. Coast Guard National Vessel Documentation Center",
          text: "Documented vessels, owners and mortgages; state boat registrations cover smaller craft.",
        },
        {
          term: "FAA aircraft registry",
          text: "Owner of record by name or N-number, often a trust or an LLC formed for the purpose.",
        },
      ],
    },
    { kind: "heading", text: "Licenses and regulated professions" },
    {
      kind: "terms",
      items: [
        {
          term: "State licensing boards",
          text: "Contractors, real-estate brokers, insurance agents, medical and other professionals, with business addresses and disciplinary history.",
        },
        {
          term: "FINRA BrokerCheck and the SEC's Investment Adviser Public Disclosure",
          text: "Employment history, outside business activities and disclosures for brokers and advisers.",
        },
        { term: "NMLS Consumer Access", text: "Mortgage lenders, brokers and loan originators." },
        {
          term: "Local business and liquor licenses",
          text: "The operating businesses behind a holding entity.",
        },
      ],
    },
    { kind: "heading", text: "Securities, nonprofits and political giving" },
    {
      kind: "terms",
      items: [
        {
          term: "SEC EDGAR",
          text: "Insider holdings (Forms 3, 4 and 5), Schedules 13D and 13G, and Form D private-offering notices that name related persons.",
        },
        {
          term: "IRS Tax Exempt Organization Search",
          text: "Forms 990 list officers, directors, compensation and related-party transactions of nonprofits and private foundations.",
        },
        {
          term: "Federal Election Commission and state campaign-finance databases",
          text: "Contributions with the donor's self-reported employer, occupation and address.",
        },
      ],
    },
    { kind: "heading", text: "Intellectual property and government money" },
    {
      kind: "terms",
      items: [
        {
          term: "USPTO trademark records and patent assignment search",
          text: "Who owns a brand or patent, and to whom it was assigned or licensed.",
        },
        {
          term: "U.S. Copyright Office public catalog",
          text: "Registrations and recorded transfers, a source of royalty income.",
        },
        {
          term: "SAM.gov entity registrations and USAspending.gov awards",
          text: "Federal contracts and grants paid to the subject's entities.",
        },
      ],
    },
    { kind: "heading", text: "Estates and unclaimed property" },
    {
      kind: "terms",
      items: [
        {
          term: "County probate court",
          text: "Wills, inventories, accountings and distributions, including inheritances the subject received.",
        },
        {
          term: "State unclaimed-property programs (many searchable together at MissingMoney.com)",
          text: "Dormant accounts, uncashed checks, deposits and insurance proceeds held by the state.",
        },
      ],
    },
    { kind: "heading", text: "What public records will not show" },
    {
      kind: "paragraph",
      text: "Bank and brokerage balances, the contents of safe-deposit boxes and most retirement accounts are not public. Lawful routes to them run through the case: document requests, subpoenas to institutions, sworn disclosures and depositions. Public records tell you where to aim those tools; they do not replace them. Data in commercial aggregators is typically 30 to 90 days behind the source, so confirm anything important at the custodian.",
    },
  ],
});
