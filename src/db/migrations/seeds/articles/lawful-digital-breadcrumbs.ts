import type { Article } from "../../../../contracts/article-content";

export const LAWFUL_DIGITAL_BREADCRUMBS: Article = {
  slug: "lawful-digital-breadcrumbs",
  title: "Lawful Digital Breadcrumbs: Online Sources That Hold Up in Court",
  description:
    "Which online sources can lawfully reveal assets, income and activity, where the ethical lines are (no pretexting, no fake profiles, no account access), and how to capture web evidence so it can be authenticated.",
  blurb:
    "Public websites, archives, listings and posts that reveal assets and income, where the ethical lines sit, and how to preserve web evidence so it can be authenticated.",
  topic: "Digital sources · Checklist",
  date: "2026-07-07",
  sections: [
    {
      heading: "The internet is a public record, within limits",
      blocks: [
        {
          kind: "paragraph",
          text: "People describe their assets online far more freely than they do in a sworn disclosure. The consultant who reports no income advertises new clients on a company website. The spouse who owns no boat posts photographs from its deck. A listing on a marketplace shows a watch collection that never reached the inventory. Used properly, these digital breadcrumbs point discovery at the right records and impeach the wrong testimony.",
        },
        {
          kind: "paragraph",
          text: "Used improperly, they sink a case. The difference is simple to state: look only at what the subject or a third party has made public, and never deceive anyone to see more.",
        },
      ],
    },
    {
      heading: "Where the ethical lines are",
      blocks: [
        {
          kind: "list",
          items: [
            "Viewing public pages, public posts and public listings is lawful and generally ethical.",
            "Sending a friend or follow request under a false name, or through a fake profile, to see private content is deception. State bar ethics opinions treat it as misconduct for lawyers and for anyone acting on their behalf.",
            "Contacting a represented party directly, even online, runs into the no-contact rule.",
            "Logging in to anyone else's account, guessing passwords or using credentials from a shared device is unauthorized access under federal and state computer-crime laws.",
            "Buying leaked or hacked data is receiving stolen information, whatever the seller calls it.",
          ],
        },
        {
          kind: "callout",
          title: "Our rule",
          text: "We view only what is public, from accounts that say who we are, and we never interact with the subject. If content is private, the lawful route is a request for production or a subpoena, and we will help you word it.",
        },
      ],
    },
    {
      heading: "Sources that reveal assets and income",
      blocks: [
        {
          kind: "list",
          items: [
            "Business websites and their history in public web archives: services offered, client lists, team pages and addresses before they were edited",
            "Domain registration records: current data is often redacted, but registrant organization, creation date and name servers still link sites to each other",
            "Professional profiles: job changes, board seats, advisory roles and side businesses",
            "Marketplace and classified listings: vehicles, boats, equipment, jewelry and property offered for sale, with photos and dates",
            "Short-term rental listings: a property earning rent that the disclosure calls a family cabin",
            "Public social posts: travel, purchases, events and the people and places around them",
            "App-store developer pages, online shops and crowdfunding campaigns: income streams with the seller's name attached",
            "News, press releases, podcasts and conference programs: deals, funding rounds and titles announced in public",
          ],
        },
      ],
    },
    {
      heading: "From breadcrumb to admissible evidence",
      blocks: [
        {
          kind: "paragraph",
          text: "A screenshot on a phone is a lead, not an exhibit. Web content changes and disappears, and the other side will ask who captured it, when, and whether it was altered. Authentication rules such as Federal Rule of Evidence 901, and the certification routes in Rules 902(13) and 902(14) for electronic records, reward a capture process that is documented and repeatable.",
        },
        {
          kind: "steps",
          items: [
            "Capture the full page, not a crop, with the URL and the date and time visible.",
            "Save the page in a format that keeps its source (an archive file or PDF), and submit public pages to a public web archive where appropriate.",
            "Record a cryptographic hash of each saved file at the time of capture.",
            "Log who captured it, on which device and browser, and from which account, if any.",
            "Corroborate the content with an independent record: the boat in the photograph against the vessel registry, the rental listing against the assessor's record.",
            "Keep the original files unchanged and work only on copies.",
          ],
        },
      ],
    },
    {
      heading: "Reading digital evidence carefully",
      blocks: [
        {
          kind: "paragraph",
          text: "Online content is easy to misread. A photograph on a boat proves presence, not ownership. A website can overstate a business's size, and a listing may belong to a friend. Treat each breadcrumb as a question for the public record: who holds title, who filed, who pays. The answer to that question, not the post, is what belongs in the report.",
        },
        {
          kind: "paragraph",
          text: "Dates matter as much as content. A listing posted two weeks before separation, or a company page edited the day after the petition was served, can say more than the item itself. Archives and capture logs let you prove what a page said and when.",
        },
        {
          kind: "paragraph",
          text: "Digital sources also have a natural limit. They show what people choose to publish, so their silence proves nothing: the absence of a boat on social media is not evidence that no boat exists. Use them to aim the search and to test testimony, and let the registries, the recorder and the produced bank records carry the weight of the finding.",
        },
      ],
    },
    {
      heading: "Digital-sources checklist",
      blocks: [
        {
          kind: "checklist",
          title: "Before anything goes into a report",
          items: [
            "Every source was public when viewed, and was viewed from an account that does not misrepresent who we are",
            "No contact of any kind with the subject or a represented party",
            "Each capture has URL, date, time, hash and capturer recorded",
            "Each finding is corroborated by at least one independent public record",
            "Private content is listed as a discovery target, not obtained",
            "Counsel has reviewed the captures before they are shared outside the legal team",
          ],
        },
      ],
    },
  ],
};
