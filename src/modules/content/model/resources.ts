import * as v from "valibot";
import { changeBody, createBody } from "../../../contracts/admin-body";
import { RESOURCE_MESSAGES, ResourceInputSchema } from "../../../contracts/resources";

/** Where uploads are served from; the files live in DATA_DIR/uploads under random names. */
export const UPLOADS_PREFIX = "/uploads/";
export const UPLOAD_NAME = /^[0-9a-f-]{36}\.(pdf|docx|xlsx|csv)$/;

/** Multipart values arrive as text: "true", "on" and "1" tick a box. */
const formBoolean = (value: unknown) =>
  typeof value === "string" ? ["true", "on", "1"].includes(value.toLowerCase()) : value;

const fromForm = (input: Record<string, unknown>) =>
  "published" in input ? { ...input, published: formBoolean(input.published) } : input;

/** The fields the editor sets, and the file: an upload, or one of the site's own documents by its path. */
const ResourceFields = v.object({
  ...ResourceInputSchema.entries,
  /** An empty file field (nothing chosen) is no upload. */
  file: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (x instanceof File && x.size > 0 ? x : undefined)),
    ),
  ),
  path: v.optional(v.string(RESOURCE_MESSAGES.path)),
});

/** What the resource editor sends, as JSON or multipart: the screen checks the fields with the same schema. */
export const ResourceBody = createBody(ResourceFields, fromForm);
export const ResourceChange = changeBody(ResourceFields, fromForm);
export type ResourceFieldsInput = v.InferOutput<typeof ResourceFields>;
