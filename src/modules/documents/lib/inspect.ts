import type { DocumentKind } from "../../../contracts/documents";
import type { ContentRefusal } from "./sniff";

/**
 * What the rest of a file must not hold, past the first bytes its kind was decided on (ADR 220): a VBA project
 * in an Office document or a ZIP (the part's name is never compressed, so it shows in the raw bytes of a ZIP's
 * entry and its directory; a compound file names its storage in UTF-16), and the markup of a page or a script
 * in text (in either of the encodings text is taken in, any case).
 */
export type ContentInspector = {
  /** The next plaintext bytes, in the order of the file. */
  see(plain: Uint8Array): void;
  /** Why the file is refused, once something it must not hold was seen. */
  readonly refusal: ContentRefusal | null;
};

const ZIP_MACROS = ["vbaProject", "vbaproject", "VBAPROJECT", "macroEnabled", "macroenabled", "MACROENABLED"];
const COMPOUND_MACROS = [Buffer.from("_VBA_PROJECT", "utf16le")];
const TEXT_MARKERS = [
  "<script",
  "<svg",
  "<html",
  "<iframe",
  "<object",
  "<embed",
  "<!doctype html",
  "<?xml-stylesheet",
  "javascript:",
  "vbscript:",
];
/** Each text marker as the bytes of UTF-8, UTF-16LE and UTF-16BE read one byte to a character, in lower case. */
const TEXT_NEEDLES = TEXT_MARKERS.flatMap((m) => [
  m,
  Buffer.from(m, "utf16le").toString("latin1"),
  Buffer.from(Buffer.from(m, "utf16le")).swap16().toString("latin1"),
]);

/** Looks for byte strings, `tail` bytes of the last piece kept so one split between two pieces is found too. */
function byteSearch(needles: Uint8Array[], refusal: ContentRefusal): ContentInspector {
  const overlap = Math.max(...needles.map((n) => n.length)) - 1;
  let tail = Buffer.alloc(0);
  let found: ContentRefusal | null = null;
  return {
    see(plain) {
      if (found || plain.length === 0) return;
      const bytes = Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength);
      const seam = Buffer.concat([tail, bytes.subarray(0, overlap)]);
      if (needles.some((n) => seam.includes(n) || bytes.includes(n))) found = refusal;
      // A copy: the caller reuses or releases its buffer.
      tail = Buffer.from(Buffer.concat([tail, bytes.subarray(-overlap)]).subarray(-overlap));
    },
    get refusal() {
      return found;
    },
  };
}

/** Looks for text markers, in any case: each piece read one byte to a character and lowered. */
function textSearch(needles: string[], refusal: ContentRefusal): ContentInspector {
  const overlap = Math.max(...needles.map((n) => n.length)) - 1;
  let tail = "";
  let found: ContentRefusal | null = null;
  return {
    see(plain) {
      if (found || plain.length === 0) return;
      const text =
        tail + Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength).toString("latin1").toLowerCase();
      if (needles.some((n) => text.includes(n))) found = refusal;
      tail = text.slice(-overlap);
    },
    get refusal() {
      return found;
    },
  };
}

/** The inspector for the rest of a file of `kind`, or null when nothing past its first bytes is looked at. */
export function contentInspector(kind: DocumentKind): ContentInspector | null {
  switch (kind) {
    case "zip":
    case "docx":
    case "xlsx":
      return byteSearch(
        ZIP_MACROS.map((m) => Buffer.from(m)),
        "macros",
      );
    case "doc":
    case "xls":
      return byteSearch(COMPOUND_MACROS, "macros");
    case "txt":
    case "csv":
    case "ofx":
      return textSearch(TEXT_NEEDLES, "active");
    default:
      return null;
  }
}
