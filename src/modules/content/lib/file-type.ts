/**
 * What an uploaded file really is, decided from its bytes alone: never from its name or the type the browser
 * claims. PDF by its header; DOCX and XLSX are zip packages recognised by the parts inside them (a zip that
 * is neither is refused); CSV is UTF-8 text without control characters whose first line has a comma.
 */
export type UploadKind = "pdf" | "docx" | "xlsx" | "csv";

export const UPLOAD_TYPES: Record<UploadKind, { format: string; extension: string; contentType: string }> = {
  pdf: { format: "PDF", extension: "pdf", contentType: "application/pdf" },
  docx: {
    format: "Word",
    extension: "docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  xlsx: {
    format: "Excel",
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  csv: { format: "CSV", extension: "csv", contentType: "text/csv; charset=utf-8" },
};

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && [...text].every((c, i) => bytes[i] === c.charCodeAt(0));

export function detectUpload(bytes: Uint8Array): UploadKind | null {
  if (startsWith(bytes, "%PDF-")) return "pdf";
  if (startsWith(bytes, "PK\u0003\u0004")) {
    const names = zipEntryNames(bytes);
    if (!names?.has("[Content_Types].xml")) return null;
    if (names.has("word/document.xml")) return "docx";
    if (names.has("xl/workbook.xml")) return "xlsx";
    return null;
  }
  return isCsv(bytes) ? "csv" : null;
}

/** The entry names of a zip, read from its central directory; null when it is not a well-formed zip. */
export function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is within the last 22 + 65535 bytes.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const names = new Set<string>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.add(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isCsv(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // Tabs and line breaks only: other control characters (NUL above all) mean a binary file.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return false;
  }
  const first = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return first.includes(",");
}
