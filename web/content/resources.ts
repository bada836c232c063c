export const RESOURCES_PAGE = {
  eyebrow: "Resources",
  title: "Working documents for asset-discovery matters",
  lede: "The same checklists and templates we use to scope our own engagements. Download them, adapt them to your jurisdiction, and use them to prepare a matter before you call us or anyone else.",
  download: "Download",
  empty: "No downloads are available at the moment. Call or write to us and we will send what you need.",
  disclaimer: {
    title: "Informational only, not legal advice",
    text: "These documents are general information to help you organize a matter. They are not legal advice, do not create an engagement, and may not reflect the rules of your jurisdiction. Public-records access, fees and request procedures vary by state and agency: confirm them with the custodian and your attorney before relying on them.",
  },
} as const;

/** The page's title and description, for the head. */
export const RESOURCES_PAGE_META = {
  title: "Resources: Intake Checklist, Records Request Template, Sources",
  description:
    "Free downloads for counsel: an attorney intake checklist, a fill-in public-records request letter in Word, and public-records sources organized by record type.",
};
