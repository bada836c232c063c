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
      kind: "bullets",
      items: [
        "County recorder or register of deeds: deeds, mortgages and deeds of trust, releases, assignments, easements, lis pendens. Search the subject as grantor and grantee, then every trust and entity name you know.",
        "County assessor or appraisal district: current owner, mailing address for the tax bill, assessed value, homestead or other exemptions claimed.",
        "County treasurer or tax collector: who pays the taxes. A tax bill mailed to the subject for a parcel titled to an LLC is a strong control indicator.",
        "County GIS parcel viewers: adjoining parcels, subdivided lots and improvements that do not appear in the deed index.",
      ],
    },
    { kind: "heading", text: "Business entities" },
    {
      kind: "bullets",
      items: [
        "Secretary of State business search in every state the subject lives, works or holds property: formation documents, registered agent, officers, managers and annual reports.",
        "County assumed-name (DBA) filings: trade names used by individuals and entities.",
        "State franchise-tax and comptroller records, where published: officer lists and account status.",
        "Note: the federal beneficial ownership (BOI) database is not public, and since March 2025 domestic companies are exempt from reporting to it. Beneficial ownership has to be rebuilt from the public filings in this list.",
      ],
    },
    { kind: "heading", text: "UCC filings and liens" },
    {
      kind: "bullets",
      items: [
        "Secretary of State UCC search: financing statements name the secured lender and describe the collateral, which can reveal equipment, receivables, inventory, aircraft or pledged brokerage accounts.",
        "Federal and state tax liens: filed with the county recorder or the Secretary of State, depending on the state and the type of debtor.",
        "Judgment liens and abstracts of judgment: recorded in each county where the creditor wants to reach real property.",
        "Mechanic's and contractor liens: construction or renovation work on property the subject controls.",
      ],
    },
    { kind: "heading", text: "Courts and litigation" },
    {
      kind: "bullets",
      items: [
        "PACER: federal civil, criminal and bankruptcy dockets. Bankruptcy schedules list assets, creditors and transfers under penalty of perjury, including those of entities the subject controls.",
        "State and county court portals: civil, family, probate and small-claims cases. Old divorces, collection suits and partnership disputes often describe assets in detail.",
        "Garnishments and turnover orders: show employers, banks and payors that another creditor has already found.",
      ],
    },
    { kind: "heading", text: "Vehicles, vessels and aircraft" },
    {
      kind: "bullets",
      items: [
        "State motor-vehicle records: available only for a permissible use under the federal Driver's Privacy Protection Act (use in litigation is one). Expect a request form and a statement of purpose.",
        "U.S. Coast Guard National Vessel Documentation Center: documented vessels, owners and mortgages; state boat registrations cover smaller craft.",
        "FAA aircraft registry: owner of record by name or N-number, often a trust or an LLC formed for the purpose.",
      ],
    },
    { kind: "heading", text: "Licenses and regulated professions" },
    {
      kind: "bullets",
      items: [
        "State licensing boards: contractors, real-estate brokers, insurance agents, medical and other professionals, with business addresses and disciplinary history.",
        "FINRA BrokerCheck and the SEC's Investment Adviser Public Disclosure: employment history, outside business activities and disclosures for brokers and advisers.",
        "NMLS Consumer Access: mortgage lenders, brokers and loan originators.",
        "Local business and liquor licenses: the operating businesses behind a holding entity.",
      ],
    },
    { kind: "heading", text: "Securities, nonprofits and political giving" },
    {
      kind: "bullets",
      items: [
        "SEC EDGAR: insider holdings (Forms 3, 4 and 5), Schedules 13D and 13G, and Form D private-offering notices that name related persons.",
        "IRS Tax Exempt Organization Search: Forms 990 list officers, directors, compensation and related-party transactions of nonprofits and private foundations.",
        "Federal Election Commission and state campaign-finance databases: contributions with the donor's self-reported employer, occupation and address.",
      ],
    },
    { kind: "heading", text: "Intellectual property and government money" },
    {
      kind: "bullets",
      items: [
        "USPTO trademark records and patent assignment search: who owns a brand or patent, and to whom it was assigned or licensed.",
        "U.S. Copyright Office public catalog: registrations and recorded transfers, a source of royalty income.",
        "SAM.gov entity registrations and USAspending.gov awards: federal contracts and grants paid to the subject's entities.",
      ],
    },
    { kind: "heading", text: "Estates and unclaimed property" },
    {
      kind: "bullets",
      items: [
        "County probate court: wills, inventories, accountings and distributions, including inheritances the subject received.",
        "State unclaimed-property programs (many searchable together at MissingMoney.com): dormant accounts, uncashed checks, deposits and insurance proceeds held by the state.",
      ],
    },
    { kind: "heading", text: "What public records will not show" },
    {
      kind: "paragraph",
      text: "Bank and brokerage balances, the contents of safe-deposit boxes and most retirement accounts are not public. Lawful routes to them run through the case: document requests, subpoenas to institutions, sworn disclosures and depositions. Public records tell you where to aim those tools; they do not replace them. Data in commercial aggregators is typically 30 to 90 days behind the source, so confirm anything important at the custodian.",
    },
  ],
});
