/**
 * The portal's documents, shared by the portal, the desk and the server: what may be uploaded, how a file is
 * shown, and the messages a refusal carries.
 */
export const TUS_VERSION = "1.0.0";
export const UPLOADS_PATH = "/api/portal/uploads";
export const PORTAL_DOCUMENTS_PATH = "/api/portal/documents";
/** The largest PATCH the server takes at once; the browser sends files in chunks of UPLOAD_CHUNK_BYTES. */
export const UPLOAD_PATCH_MAX_BYTES = 16 * 1024 * 1024;
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** An unfinished upload is deleted this long after it began. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** The kinds the content may show, and how they are named to people. */
export const DOCUMENT_KINDS = {
  pdf: "PDF",
  png: "PNG",
  jpeg: "JPEG",
  tiff: "TIFF",
  heic: "HEIC",
  csv: "CSV",
  xls: "XLS",
  xlsx: "XLSX",
  doc: "DOC",
  docx: "DOCX",
  txt: "TXT",
  ofx: "OFX/QFX",
  zip: "ZIP",
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;
export const ACCEPTED_KINDS = "PDF, PNG, JPEG, TIFF, HEIC, CSV, XLS, XLSX, DOC, DOCX, TXT, OFX/QFX or ZIP";

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const DOCUMENT_MESSAGES = {
  notSigned: "Files can be sent once the engagement letter is signed.",
  tooLarge: (max: number) => `This file is larger than ${mb(max)}, the most one file may be.`,
  overTotal: (max: number) =>
    `This file would take this engagement's files past ${mb(max)}, the most they may hold together. Remove a file or ask us for another way.`,
  kind: `This file's content is not a type we accept. We accept ${ACCEPTED_KINDS}.`,
  filename: "Name the file: Upload-Metadata must carry its filename.",
  length: "Upload-Length must be the file's size in bytes.",
  offset: "Upload-Offset does not match what the server holds; ask with HEAD where to resume.",
  busy: "This file is already being sent by another request. Wait a moment and retry: it continues from where the file stands.",
  stillSending: "This file is still being sent. Wait until it has arrived, then remove it.",
  contentType: "Send the bytes as application/offset+octet-stream.",
  patchTooLarge: `Send at most ${mb(UPLOAD_PATCH_MAX_BYTES)} in one request.`,
  pastLength: "The request carries more bytes than Upload-Length.",
  version: `This server speaks tus ${TUS_VERSION}.`,
  opened: "The firm has opened this file, so it stays with the engagement. Ask us if it should be removed.",
  notReport: "Only a finished file sent by the firm can be the report.",
  integrity:
    "The stored file failed its integrity check and was not sent. The firm has been told; please ask us for a fresh copy.",
} as const;

/** A document as both sides see it. */
export type DocumentView = {
  id: string;
  direction: "client" | "firm";
  name: string;
  kind: DocumentKind | null;
  size: number;
  received: number;
  sha256: string | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string | null;
  openedAt: string | null;
  reportAt: string | null;
  receivedAt: string | null;
};

/** The most a file, and all of an engagement's files together, may be: stated beside the portal's drop zone. */
export type UploadLimits = { maxBytes: number; maxTotalBytes: number };

/** `GET /api/portal/documents`: both directions, newest last, and the limits the next upload is held to. */
export type PortalDocuments = { documents: DocumentView[]; limits: UploadLimits };
