import type { DocumentKind } from "../../../contracts/documents";

/** The extensions a file of each kind is known by; the first is the one a download is given when it has none. */
const EXTENSIONS: Record<DocumentKind, readonly string[]> = {
  pdf: ["pdf"],
  png: ["png"],
  jpeg: ["jpg", "jpeg", "jpe", "jfif"],
  tiff: ["tif", "tiff"],
  heic: ["heic", "heif"],
  csv: ["csv"],
  xls: ["xls"],
  xlsx: ["xlsx"],
  doc: ["doc"],
  docx: ["docx"],
  txt: ["txt", "text"],
  ofx: ["ofx", "qfx", "qbo"],
  zip: ["zip"],
};

/** The part of a name after its last dot, in lower case ("" when there is none). */
export const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";

/**
 * The name a document is downloaded under (ADR 220): the client's name when its extension is one its content's
 * kind is known by, else that name with the kind's extension added. A PDF named "invoice.exe" downloads as
 * "invoice.exe.pdf": whoever opens it gets a PDF reader, and still sees what it was called.
 */
export function downloadName(name: string, kind: DocumentKind | null): string {
  if (!kind) return name;
  const known = EXTENSIONS[kind];
  return known.includes(extensionOf(name)) ? name : `${name}.${known[0]}`;
}
