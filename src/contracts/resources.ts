import * as v from "valibot";
import { DEFAULT_RESOURCE_CATEGORY } from "./constants";
import { oneLine, oneLineMessage, publishedFlag, requiredParagraphs, requiredText, tooLong } from "./fields";

export const RESOURCE_LIMITS = { title: 200, description: 600, category: 60 } as const;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_ACCEPT = ".pdf,.docx,.xlsx,.csv";

/** The fields an admin sets; the file (format, size, path) comes from the upload or a built-in document. */
export const ResourceInputSchema = v.object({
  title: requiredText("Title", RESOURCE_LIMITS.title),
  description: requiredParagraphs("Description", RESOURCE_LIMITS.description),
  category: v.pipe(
    v.optional(v.string("Category must be text"), DEFAULT_RESOURCE_CATEGORY),
    oneLine(oneLineMessage("Category")),
    v.trim(),
    v.transform((s) => s || DEFAULT_RESOURCE_CATEGORY),
    v.maxLength(RESOURCE_LIMITS.category, tooLong("Category", RESOURCE_LIMITS.category)),
  ),
  published: publishedFlag(false),
});

export type ResourceInput = v.InferOutput<typeof ResourceInputSchema>;

export type StoredResource = {
  id: number;
  title: string;
  description: string;
  format: string;
  size: string;
  path: string;
  category: string;
  published: boolean;
  createdAt: string;
  updatedAt: string;
};

export type PublishedResource = Pick<
  StoredResource,
  "id" | "title" | "description" | "format" | "size" | "path" | "category"
>;

export const RESOURCE_MESSAGES = {
  notFound: "No resource with that id.",
  fileRequired: "Choose a file to upload (PDF, DOCX, XLSX or CSV).",
  fileType:
    "This file is not a PDF, Word (DOCX), Excel (XLSX) or CSV file. Its content decides, not its name.",
  fileTooLarge: "The file is larger than 20 MB.",
  path: "Choose a file to upload, or one of the site's own documents.",
} as const;
