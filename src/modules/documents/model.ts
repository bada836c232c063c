import * as v from "valibot";

/**
 * The ids in the documents' paths. What they name is looked up with the engagement the session or the desk's
 * request gives; an id that names nothing there is not found (404), as it has always been answered.
 */
export const UploadParams = v.object({ uploadId: v.string() });
export const DocumentParams = v.object({ docId: v.string() });
export const RequestParams = v.object({ id: v.string() });
export const RequestDocumentParams = v.object({ id: v.string(), docId: v.string() });
