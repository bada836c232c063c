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
  active:
    "This file is a web page, an SVG drawing or a script, which we do not accept. Save or print it as a PDF and send that instead.",
  macros:
    "This document contains macros, which we do not accept. Save it without them (as .docx or .xlsx) or as a PDF, and send that instead.",
  empty:
    "This file is empty: there is nothing in it to send. Check that it is the file you meant, then choose it again.",
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
  notSweepReport: "Only a finished file sent by the firm can be a sweep report.",
  alreadySweepReport: "This file was already delivered as a sweep report.",
  integrity:
    "The stored file failed its integrity check and was not sent. The firm has been told; please ask us for a fresh copy.",
} as const;

const FILENAME_MAX = 255;
/** Bidi controls: embeddings and overrides, isolates, the left-to-right and right-to-left marks, the Arabic letter mark. */
const BIDI_CONTROLS = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
/** Controls that part words (tab, line and page breaks, next line): a space stands where they were. */
const BREAKS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85]);
const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f);

/**
 * A file's name as it is stored and shown, never used as a path: C0 and C1 control characters and bidi controls
 * go (an override turns "invoice\u202Efdp.exe" into what reads as "invoiceexe.pdf"), slashes become spaces, and
 * it is kept to 255 characters. The server cleans every name it takes and every name it reads back; the portal
 * shows a file it is sending under the same name.
 */
export function cleanFileName(name: string): string {
  const kept: string[] = [];
  for (const ch of name) {
    const c = ch.codePointAt(0) ?? 0;
    if (BIDI_CONTROLS.has(c)) continue;
    if (BREAKS.has(c) || ch === "/" || ch === "\\") kept.push(" ");
    else if (!isControl(c)) kept.push(ch);
  }
  const spaced = kept.join("").replace(/\s+/g, " ").trim();
  return [...spaced].slice(0, FILENAME_MAX).join("").trim();
}

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
  /** When the firm delivered this file as a Judgment Intel sweep report (issue 29). */
  sweepAt: string | null;
  receivedAt: string | null;
  /**
   * When the file arrived whole but could not be scanned yet (the virus scanner did not answer, ADR 304): until
   * the scan says clean it is neither finished nor downloadable. Null otherwise.
   */
  heldAt: string | null;
};

/** The most a file, and all of an engagement's files together, may be: stated beside the portal's drop zone. */
export type UploadLimits = { maxBytes: number; maxTotalBytes: number };

/** `GET /api/portal/documents`: both directions, newest last, and the limits the next upload is held to. */
export type PortalDocuments = { documents: DocumentView[]; limits: UploadLimits };
