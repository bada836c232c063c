import { randomBytes } from "node:crypto";
import { crc32, deflateRawSync } from "node:zlib";

/**
 * Office documents as Word and Excel write them, for the documents' type checks (plain Node, so the browser
 * specs can use them too): a ZIP whose parts are deflated, `[Content_Types].xml` first, and for a macro document
 * the VBA project part and the macro-enabled content type.
 */

type Part = { name: string; data: Uint8Array | string; stored?: boolean };

/** A ZIP of `parts` in order, each deflated unless `stored`. */
export function officeZip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = typeof part.data === "string" ? Buffer.from(part.data) : Buffer.from(part.data);
    const packed = part.stored ? data : deflateRawSync(data);
    const method = part.stored ? 0 : 8;
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    name.copy(central, 46);
    locals.push(local, packed);
    centrals.push(central);
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const types = (main: string, vba: boolean) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${
    vba ? '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' : ""
  }<Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

const XLSX_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
const XLSM_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml";
const DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const DOCM_MAIN = "application/vnd.ms-word.document.macroEnabled.main+xml";

const sheet = (rows: number) =>
  `<worksheet><sheetData>${Array.from(
    { length: rows },
    (_, i) => `<row r="${i + 1}"><c t="n"><v>${(i * 137.25).toFixed(2)}</v></c></row>`,
  ).join("")}</sheetData></worksheet>`;

/** An .xlsx workbook with no macros. */
export const workbook = () =>
  officeZip([
    { name: "[Content_Types].xml", data: types(XLSX_MAIN, false) },
    { name: "xl/workbook.xml", data: "<workbook/>" },
    { name: "xl/worksheets/sheet1.xml", data: sheet(50) },
  ]);

/** An .xlsm workbook as Excel saves one: the macro-enabled type first, the VBA project after the sheets. */
export const macroWorkbook = () =>
  officeZip([
    { name: "[Content_Types].xml", data: types(XLSM_MAIN, true) },
    { name: "xl/workbook.xml", data: "<workbook/>" },
    { name: "xl/worksheets/sheet1.xml", data: sheet(50) },
    { name: "xl/vbaProject.bin", data: randomBytes(9000) },
  ]);

/** A .docm document as Word saves one. */
export const macroDocument = () =>
  officeZip([
    { name: "[Content_Types].xml", data: types(DOCM_MAIN, true) },
    { name: "word/document.xml", data: "<w:document/>" },
    { name: "word/vbaProject.bin", data: randomBytes(7000) },
  ]);

/**
 * A workbook whose only sign of macros is its VBA project, far past the bytes the type is first judged on: the
 * content types come last and the sheets first, stored, about 300 KB of them.
 */
export const lateMacroWorkbook = () =>
  officeZip([
    { name: "xl/worksheets/sheet1.xml", data: randomBytes(300_000), stored: true },
    { name: "xl/vbaProject.bin", data: randomBytes(9000) },
    { name: "[Content_Types].xml", data: types(XLSX_MAIN, true) },
    { name: "xl/workbook.xml", data: "<workbook/>" },
  ]);

/** A .docx document with no macros. */
export const wordDocument = () =>
  officeZip([
    { name: "[Content_Types].xml", data: types(DOCX_MAIN, false) },
    { name: "word/document.xml", data: "<w:document><w:body>Ledger notes</w:body></w:document>" },
  ]);

/**
 * An Excel 97-2003 workbook (a compound file) with a VBA project: its directory names the `_VBA_PROJECT_CUR`
 * storage in UTF-16, as Excel writes it.
 */
export function macroLegacyWorkbook() {
  const bytes = randomBytes(20_000);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from("Workbook", "utf16le").copy(bytes, 12_000);
  Buffer.from("_VBA_PROJECT_CUR", "utf16le").copy(bytes, 12_128);
  return bytes;
}

/** Text in UTF-16 with its byte-order mark, little- or big-endian, as Excel's "Unicode Text" saves it. */
export function utf16(text: string, endian: "le" | "be") {
  const le = Buffer.from(`\ufeff${text}`, "utf16le");
  return endian === "le" ? le : Buffer.from(le).swap16();
}
