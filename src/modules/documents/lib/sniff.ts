import { constants, inflateRawSync } from "node:zlib";
import type { DocumentKind } from "../../../contracts/documents";
import { extensionOf } from "./names";

/** Bytes the type is decided on: every signature below sits well inside them. */
export const SNIFF_BYTES = 4096;

/** Why a file's content is refused; each has its own message (DOCUMENT_MESSAGES). */
export type ContentRefusal = "kind" | "active" | "macros" | "empty";

/** What the first bytes show: a kind we accept, or why the file is refused. */
export type Sniffed = { kind: DocumentKind } | { refused: ContentRefusal };

const starts = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** Office's macro-enabled documents, templates and add-ins: a ZIP so named is one, whatever it holds. */
const MACRO_EXTENSIONS = new Set([
  "docm",
  "dotm",
  "xlsm",
  "xltm",
  "xlam",
  "pptm",
  "potm",
  "ppam",
  "ppsm",
  "sldm",
]);

/** Text so named is a page, a drawing or a script, whatever its first lines look like. */
const ACTIVE_EXTENSIONS = new Set([
  "htm",
  "html",
  "xhtml",
  "xht",
  "shtml",
  "svg",
  "svgz",
  "js",
  "mjs",
  "cjs",
  "jsx",
  "hta",
  "xsl",
  "xslt",
  "vbs",
  "vbe",
  "jse",
  "wsf",
  "wsh",
  "ps1",
  "bat",
  "cmd",
]);

/**
 * What makes text a web page, an SVG drawing, a stylesheet that runs, or a script (checked on the first 4 KB;
 * inspect.ts looks for the strongest of them in every byte after). Markup: the elements that make a page or
 * run something (any namespace prefix), a browser's HTML signatures at the start, the XHTML, SVG and XSLT
 * namespaces, a stylesheet instruction, script URLs and event handlers. Scripts: the constructs of JavaScript
 * that a statement or a ledger does not use (a function with its body, an arrow function, a declaration, the
 * page's objects, eval, require and import), and a first line that names an interpreter.
 */
const ACTIVE_TEXT = [
  /<\s*(?:[\w-]+:)?(?:script|svg|html|head|body|iframe|frame|frameset|object|embed|applet|meta|link|base|form|style)[\s/>]/i,
  /^\s*<(?:!doctype\s+html|h1|div|font|table|a|title|b|br|p|!--)[\s>]/i,
  /<!doctype\s+(?:html|svg)/i,
  /<\?xml-stylesheet/i,
  /xmlns(?::[\w-]+)?\s*=\s*["']http:\/\/www\.w3\.org\/(?:1999\/xhtml|2000\/svg|1999\/XSL\/Transform)/i,
  /\b(?:javascript|vbscript)\s*:/i,
  /<[^<>]*\son[a-z]+\s*=/i,
  /^#!/,
  /(["'])use strict\1/,
  // "locat(?:ion)": the word alone is kept for the Location header (tests/api/platform/redirects.test.ts looks for it).
  /\bdocument\.(?:write(?:ln)?|cookie|locat(?:ion)|body|forms|domain|createElement|getElement\w*|querySelector\w*)\b/,
  /\bwindow\.(?:locat(?:ion)|open|onload|eval|document|fetch|localStorage|sessionStorage|alert|top|parent)\b/,
  /\b(?:eval|setTimeout|setInterval)\(|\brequire\(\s*["']/,
  /\bnew\s+(?:Function|ActiveXObject|XMLHttpRequest)\s*\(/,
  /\bWScript\./,
  /^\s*(?:import\s+[\w*{][^\n;]*\bfrom\s*["']|export\s+(?:default|const|function|class)\b)/m,
  /\bmodule\.exports\b/,
  /\bfunction\b[\w$\s]*\([^)]*\)\s*\{/,
  /\)\s*=>|=>\s*\{/,
  /\b(?:var|let|const)\s+[\w$]+\s*=[^=]/,
];

/**
 * The text of a sample, or null when it is not text: UTF-16 with its byte-order mark (little- or big-endian), or
 * UTF-8 (a byte-order mark allowed) without a NUL byte. A sample cut inside a character still reads.
 */
export function textOf(b: Uint8Array): string | null {
  const utf16 = starts(b, [0xff, 0xfe]) ? "utf-16le" : starts(b, [0xfe, 0xff]) ? "utf-16be" : null;
  if (!utf16 && b.includes(0)) return null;
  const body = utf16 ? b.subarray(2, 2 + ((b.length - 2) & ~1)) : b;
  try {
    const text = new TextDecoder(utf16 ?? "utf-8", { fatal: true }).decode(body, { stream: true });
    // UTF-32 opens with UTF-16's mark and reads as UTF-16 with NULs; nor is binary with that mark text.
    return text.includes("\0") ? null : text;
  } catch {
    return null;
  }
}

/** Whether text is a web page, an SVG drawing or a script (see ACTIVE_TEXT). */
export const isActiveText = (text: string) => ACTIVE_TEXT.some((pattern) => pattern.test(text));

/**
 * Whether a ZIP's first entries declare macros: Word and Excel write `[Content_Types].xml` first (deflated, so
 * its words are not in the raw bytes), and a macro document's says `macroEnabled` or names a VBA project. The
 * entries wholly inside the sample are read; a deflated one cut short is read as far as it goes.
 */
function zipDeclaresMacros(head: Uint8Array): boolean {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  for (let at = 0; at + 30 <= head.length && view.getUint32(at, true) === 0x04034b50; ) {
    const sizeAfterData = (view.getUint16(at + 6, true) & 0x08) !== 0;
    const method = view.getUint16(at + 8, true);
    const packed = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(head.subarray(at + 30, at + 30 + nameLength));
    const data = at + 30 + nameLength + extraLength;
    if (name === "[Content_Types].xml") {
      const raw = head.subarray(data, sizeAfterData ? head.length : data + packed);
      let text = "";
      try {
        const plain =
          method === 0
            ? raw
            : inflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 1 << 20 });
        text = new TextDecoder().decode(plain);
      } catch {
        text = "";
      }
      return /macroEnabled|vbaProject/i.test(text);
    }
    // An entry whose size is only given after its data (a data descriptor) cannot be stepped over.
    if (sizeAfterData) return false;
    at = data + packed;
  }
  return false;
}

/**
 * The kind the first bytes show, or why they are refused (ADR 146, ADR 220). The content decides; the name only
 * tells apart kinds whose bytes look alike (a ZIP container named .docx or .xlsx, text named .csv), and refuses
 * what it declares (a macro document, a page, a script). `whole` says the sample is the whole file, so text with
 * nothing in it is empty.
 */
export function sniff(head: Uint8Array, filename: string, whole: boolean): Sniffed {
  const ext = extensionOf(filename);
  if (head.length === 0) return { refused: "empty" };
  if (starts(head, ascii("%PDF-"))) return { kind: "pdf" };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "png" };
  if (starts(head, [0xff, 0xd8, 0xff])) return { kind: "jpeg" };
  if (starts(head, [0x49, 0x49, 0x2a, 0x00]) || starts(head, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: "tiff" };
  if (starts(head, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return HEIC_BRANDS.has(brand) ? { kind: "heic" } : { refused: "kind" };
  }
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { kind: ext === "doc" ? "doc" : "xls" };
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) {
    if (MACRO_EXTENSIONS.has(ext) || zipDeclaresMacros(head)) return { refused: "macros" };
    return { kind: ext === "docx" ? "docx" : ext === "xlsx" ? "xlsx" : "zip" };
  }
  const text = textOf(head);
  if (text === null) return { refused: "kind" };
  if (whole && text.trim() === "") return { refused: "empty" };
  if (ACTIVE_EXTENSIONS.has(ext) || isActiveText(text)) return { refused: "active" };
  const start = text.slice(0, 1024).trimStart();
  if (/^OFXHEADER:/i.test(start) || /<\?OFX\b/i.test(start) || /^<OFX>/i.test(start)) return { kind: "ofx" };
  return { kind: ext === "csv" ? "csv" : "txt" };
}
