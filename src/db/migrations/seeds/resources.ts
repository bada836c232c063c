import { formatFileSize } from "../../../contracts/file-size";
import { DOCS } from "../../../contracts/paths";
import { DOCUMENT_BYTES } from "../../../generated/documents";

/** A download on /resources (SPEC.md section 3, "Resource download"). The size is the built file's. */
export type ResourceDownload = {
  title: string;
  description: string;
  format: "PDF" | "Word";
  path: string;
};

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
