import type { Article } from "../../../../contracts/article-content";

export const PROBATE_RED_FLAGS: Article = {
  slug: "probate-red-flags",
  title: "Probate Red Flags: Signs an Estate Is Missing Assets",
  description:
    "Warning signs that assets left a decedent's estate before or after death, from new joint owners and late deed transfers to an inventory that does not match the tax returns, and what a fiduciary should do about them.",
  topic: "Probate",
  date: "2026-01-20",
  sections: [
    {
      heading: "When the inventory looks thin",
      blocks: [
        {
          kind: "paragraph",
          text: "Heirs often sense that an estate is smaller than it should be before anyone can say why. The decedent lived comfortably, owned a home for decades and had a pension, yet the inventory shows one checking account and a car. Sometimes the explanation is innocent: care costs, gifts, a reverse mortgage. Sometimes it is not.",
        },
      ],
    },
    {
      heading: "Red flags to look for",
      blocks: [
        {
          kind: "list",
          items: [
            "A relative or caregiver added as joint owner on accounts in the final months",
            "Beneficiary designations changed shortly before death",
            "Deeds or quitclaims signed by the decedent late in life, especially to the person helping with finances",
            "Large or regular cash withdrawals, or checks to a caregiver, with no matching expenses",
            "Interest and dividend income on the last tax return from institutions missing from the inventory",
            "A new power of attorney followed by transfers to the agent",
            "Mail from institutions nobody has contacted",
          ],
        },
      ],
    },
    {
      heading: "What to do next",
      blocks: [
        {
          kind: "steps",
          items: [
            "Compare the inventory with the last tax returns and twelve months of statements.",
            "Search public records for property and entities in the decedent's name, and for transfers out in the final years.",
            "Document each red flag with its source and date, and take it to probate counsel.",
            "Where money left, commission a trace to show where it went before anyone is accused.",
          ],
        },
        {
          kind: "callout",
          title: "Facts first",
          text: "A red flag is a reason to look, not proof of wrongdoing. A careful, sourced reconstruction protects the fiduciary as much as it protects the heirs.",
        },
      ],
    },
  ],
};
