import type { Article } from "../../../../contracts/article-content";

export const BENEFICIAL_OWNERSHIP: Article = {
  slug: "beneficial-ownership-shells-entity-mapping",
  title: "Beneficial Ownership: Mapping Shell Companies From Public Filings",
  description:
    "How to find the person behind an LLC or trust using only public filings: formation records, registered agents, UCC statements, deeds and court files, assembled into an entity map a court can follow.",
  blurb:
    "Who really owns the LLC? Rebuilding beneficial ownership from formation records, registered agents, UCC filings, deeds and court files, and mapping it for the court.",
  topic: "Beneficial ownership · Explainer",
  date: "2026-05-12",
  sections: [
    {
      heading: "Why shell entities matter in asset cases",
      blocks: [
        {
          kind: "paragraph",
          text: 'An entity is the simplest way to take an asset out of a person\'s name without giving up control of it. The house is titled to "Harbor Point Holdings LLC", the boat to a Delaware statutory trust, the consulting income to a company whose only public officer is a registered-agent service. None of that is unlawful by itself. It becomes a problem when the person behind the entity swears they own nothing.',
        },
        {
          kind: "paragraph",
          text: "Beneficial ownership means the natural person who ultimately owns or controls the entity, whatever the paperwork says. Proving it from the outside means collecting small facts from many filings until only one explanation fits.",
        },
      ],
    },
    {
      heading: "The federal registry will not do it for you",
      blocks: [
        {
          kind: "paragraph",
          text: "The Corporate Transparency Act created a federal beneficial ownership database, but it was never open to the public or to private litigants, and since March 2025 domestic companies and U.S. persons are exempt from reporting to it. For civil litigation the answer still has to be built from state and county records, and then confirmed through discovery.",
        },
      ],
    },
    {
      heading: "What the public record shows about an entity",
      blocks: [
        {
          kind: "list",
          items: [
            "Formation documents: the organizer who filed them, often the lawyer or accountant who set the structure up",
            "Annual reports: officers, managers or members in states that require them, and the principal office address",
            "Registered agent: a commercial agent tells you little, but an individual agent is often a relative or employee",
            "Amendments, conversions, mergers and dissolutions, each dated and signed",
            "Assumed names the entity trades under, filed at the county clerk",
            "Licenses held by the entity, which must name a qualifying individual in many trades",
          ],
        },
        {
          kind: "paragraph",
          text: "Some states (Delaware, Nevada, Wyoming and New Mexico among them) let an LLC keep its members off the public record. Land trusts in states such as Illinois and Florida do the same for the beneficiary of a parcel. Those structures hide names, but not activity: the entity still has to sign deeds, borrow money, pay taxes and appear in court.",
        },
      ],
    },
    {
      heading: "Build the entity map",
      blocks: [
        {
          kind: "steps",
          items: [
            "Start from the assets: pull every deed, vehicle, vessel and aircraft registration in an entity name connected to the subject.",
            "For each entity, collect every state filing, the registered agent, addresses and every person who has signed anything for it.",
            "Search the same addresses, agents and signers across the Secretary of State index to find sibling entities.",
            "Search UCC filings for each entity as debtor: lenders often require a personal guarantee from the real owner, and the financing statement names the collateral.",
            "Read every deed of trust and mortgage: the signature block and any guarantor name the people the lender relied on.",
            "Search court records for each entity: lawsuits produce verifications, affidavits and corporate disclosure statements signed by the people in charge.",
            "Draw the map: entities as boxes, people as circles, each line labeled with the filing that proves it.",
          ],
        },
      ],
    },
    {
      heading: "Control indicators that persuade courts",
      blocks: [
        {
          kind: "list",
          items: [
            "The subject signs deeds, loan documents, leases or checks for the entity",
            "Property tax bills for the entity's real estate go to the subject's home address",
            "The subject personally guaranteed the entity's debts",
            "The entity's filings list the subject's phone number, email domain or home address",
            "The entity was formed shortly before a separation, a lawsuit or a judgment",
            "The subject uses the asset personally: the house is their residence, the boat is moored at their club",
          ],
        },
        {
          kind: "paragraph",
          text: "No single indicator proves ownership. Three or four from independent sources, set out in a map with the source documents attached, usually shift the burden: the other side now has to explain why the person who signs, pays, guarantees and uses the asset does not own it.",
        },
      ],
    },
    {
      heading: "Common structures and where they leak",
      blocks: [
        {
          kind: "list",
          items: [
            "Anonymous LLC: members hidden, but the organizer, agent, bank and signer are not. Follow the deeds and UCC filings.",
            "Series LLC: one filing, many internal cells holding separate assets. Look for deeds and titles naming a series.",
            "Nominee owner: a relative or employee holds title. Look at who pays the taxes and insurance and who lives there.",
            "Trust: the trustee holds title. Recorded certificates of trust and court filings often name trustee and settlor.",
            "Layered entities: an LLC owned by an LLC. Each layer still files annual reports and signs contracts through a person.",
          ],
        },
      ],
    },
    {
      heading: "Entity-mapping checklist",
      blocks: [
        {
          kind: "checklist",
          title: "Before you serve discovery on an entity",
          items: [
            "Every entity connected by officer, agent, address or signer, with formation date and state",
            "Every asset titled to each entity, with the recording or registration number",
            "Every lender, guarantor and UCC secured party for each entity",
            "Every lawsuit involving each entity, with the verifications and disclosures filed",
            "A dated map showing the links and the document behind each link",
            "A subpoena list: banks, lenders, registered agents and accountants named in the filings",
          ],
        },
        {
          kind: "callout",
          title: "When the record runs out, use the subpoena",
          text: "Public records show that an entity exists and who acts for it. Operating agreements, capital accounts and bank signature cards are private, and the lawful way to them is a subpoena or a request for production aimed with the map in hand.",
        },
      ],
    },
  ],
};
