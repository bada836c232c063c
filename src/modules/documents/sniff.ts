import type { DocumentKind } from "../../contracts/documents";

/** Bytes the type is decided on: every signature below sits well inside them. */
export const SNIFF_BYTES = 4096;

const starts = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const extension = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** Text when it has no NUL byte and reads as UTF-8 (a sample cut inside a character still reads). */
function isText(b: Uint8Array) {
  if (b.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The kind the content shows, or null when it is none we accept (ADR 146). The content decides; the name only
 * tells apart kinds whose bytes look alike: a ZIP container named .docx or .xlsx, text named .csv.
 */
export function sniff(head: Uint8Array, filename: string): DocumentKind | null {
  const ext = extension(filename);
  if (starts(head, ascii("%PDF-"))) return "pdf";
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(head, [0x49, 0x49, 0x2a, 0x00]) || starts(head, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (starts(head, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return HEIC_BRANDS.has(brand) ? "heic" : null;
  }
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ext === "doc" ? "doc" : "xls";
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) {
    return ext === "docx" ? "docx" : ext === "xlsx" ? "xlsx" : "zip";
  }
  if (!isText(head)) return null;
  const text = new TextDecoder().decode(head.subarray(0, 1024)).trimStart();
  if (/^OFXHEADER:/i.test(text) || /<\?OFX\b/i.test(text) || /^<OFX>/i.test(text)) return "ofx";
  return ext === "csv" ? "csv" : "txt";
}
