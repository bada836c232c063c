import { formatFileSize } from "../../src/contracts/file-size";
import { DOCS } from "../../src/contracts/paths";
import { DOCUMENT_BYTES } from "../generated/documents";

/** A download on /resources (SPEC.md section 3, "Resource download"). The size is the built file's. */
export type ResourceDownload = {
  title: string;
  description: string;
  format: "PDF" | "Word";
  path: string;
};

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

export const RESOURCE_DOWNLOADS: readonly ResourceDownload[] = [
  {
    title: "Attorney Intake Checklist",
    description:
      "What to gather before an asset search or trace: parties and identifiers, known assets, entities, accounts produced in discovery, deadlines and the questions the search must answer.",
    format: "PDF",
    path: DOCS.attorneyIntakeChecklist,
  },
  {
    title: "Records Request Template",
    description:
      "A fill-in public-records request letter in Word, with the statutory citation, the records described by type and date range, fee and format preferences, and a response deadline.",
    format: "Word",
    path: DOCS.recordsRequestTemplate,
  },
  {
    title: "Public-Records Sources",
    description:
      "Where asset records live, organized by record type: real property, entities, UCC filings and liens, courts, vehicles and vessels, licenses, securities and nonprofit filings, with what each proves.",
    format: "PDF",
    path: DOCS.publicRecordsSources,
  },
];

/** The real size of a built document, as shown beside its Download link. */
export function resourceSize(path: string): string {
  const bytes = DOCUMENT_BYTES[path];
  if (bytes === undefined) throw new Error(`No built document at ${path}: run the build`);
  return formatFileSize(bytes);
}

/** The page's title and description, for the head. */
export const RESOURCES_PAGE_META = {
  title: "Resources: Intake Checklist, Records Request Template, Sources",
  description:
    "Free downloads for counsel: an attorney intake checklist, a fill-in public-records request letter in Word, and public-records sources organized by record type.",
};
