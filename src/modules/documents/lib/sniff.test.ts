import { describe, expect, test } from "bun:test";
import { deflateRawSync } from "node:zlib";
import { cleanFileName } from "../../../contracts/documents";
import { contentInspector } from "./inspect";
import { downloadName } from "./names";
import { SNIFF_BYTES, sniff, textOf } from "./sniff";

const text = (s: string) => Buffer.from(s);
const utf16le = (s: string) => Buffer.from(`\ufeff${s}`, "utf16le");
const utf16be = (s: string) => Buffer.from(utf16le(s)).swap16();

/** A ZIP's first local entry, deflated, with its sizes given after its data (bit 3) when `late`. */
function zipEntry(name: string, data: string, late = false) {
  const packed = deflateRawSync(Buffer.from(data));
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(late ? 8 : 0, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(late ? 0 : packed.length, 18);
  header.writeUInt16LE(name.length, 26);
  header.write(name, 30);
  return Buffer.concat([header, packed]);
}

describe("sniff", () => {
  test("UTF-16 with its byte-order mark is text, whichever way round, even cut inside a character", () => {
    expect(sniff(utf16le("date,amount\r\n1,2\r\n"), "a.csv", true)).toEqual({ kind: "csv" });
    expect(sniff(utf16be("Überweisung 100,00 €\r\n"), "a.txt", true)).toEqual({ kind: "txt" });
    const cut = utf16le("é".repeat(3000)).subarray(0, SNIFF_BYTES - 1);
    expect(textOf(cut)).not.toBeNull();
    // UTF-32 opens with UTF-16's mark; its NULs show it is no UTF-16 text.
    expect(sniff(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]), "a.txt", true)).toEqual({ refused: "kind" });
    expect(sniff(Buffer.from([0xff, 0xfe, 0x00, 0xdc, 0x41, 0x00]), "a.txt", true)).toEqual({
      refused: "kind",
    });
  });

  test("nothing, a byte-order mark alone, or blank lines are empty; a sample of a longer file is not", () => {
    expect(sniff(Buffer.alloc(0), "a.pdf", true)).toEqual({ refused: "empty" });
    expect(sniff(Buffer.from([0xef, 0xbb, 0xbf]), "a.txt", true)).toEqual({ refused: "empty" });
    expect(sniff(Buffer.from([0xfe, 0xff]), "a.txt", true)).toEqual({ refused: "empty" });
    expect(sniff(text(" \r\n\t\r\n"), "a.csv", true)).toEqual({ refused: "empty" });
    expect(sniff(text(" ".repeat(SNIFF_BYTES)), "a.txt", false)).toEqual({ kind: "txt" });
  });

  test("pages, drawings and scripts are refused; statements that mention such words are not", () => {
    for (const page of [
      "<p>Hello</p>",
      "<!-- note -->\n<div>x</div>",
      "Notes\n<IFRAME src=x></IFRAME>",
      '<a href="javascript:run()">x</a>',
      '<img src=x onerror="run()">',
      "#!/bin/sh\nrm -rf /\n",
      '"use strict";\nrun();',
      "x = document.cookie;",
      "window.location = 'x';",
      "eval(atob('cnVu'));",
      "const data = require('fs');",
      "import { run } from './run.js';",
      "export default run;",
      "module.exports = run;",
      "new ActiveXObject('WScript.Shell')",
      "items.map((x) => x.amount)",
      "let total = 0;",
    ])
      expect({ page, sniffed: sniff(text(page), "notes.txt", true) }).toEqual({
        page,
        sniffed: { refused: "active" },
      });
    for (const statement of [
      "date,description,amount\n2024-01-02,Transfer => savings,-100.00\n",
      "Balance < 100 and > 50 on the 3rd; see document.pdf and the location.csv file.\n",
      "We require (by law) that eval forms be filed. Function: wire transfer (outgoing).\n",
      "Let total be the sum; const amounts are listed in the window. Then we stop.\n",
      "OFXHEADER:100\nDATA:OFXSGML\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</STATUS></SONRS>",
    ])
      expect(sniff(text(statement), "ledger.csv", true)).not.toEqual({ refused: "active" });
  });

  test("a ZIP declares macros by its content types, read even when deflated or cut short", () => {
    const types = (main: string) => `<Types><Override PartName="/x" ContentType="${main}"/></Types>`;
    const xlsm = zipEntry(
      "[Content_Types].xml",
      types("application/vnd.ms-excel.sheet.macroEnabled.main+xml"),
    );
    expect(sniff(xlsm, "a.xlsx", false)).toEqual({ refused: "macros" });
    expect(sniff(zipEntry("[Content_Types].xml", types("x"), true), "a.xlsx", false)).toEqual({
      kind: "xlsx",
    });
    const late = zipEntry("[Content_Types].xml", `${"<Default/>".repeat(20)}${types("x")}vbaProject`, true);
    expect(sniff(late, "a.docx", false)).toEqual({ refused: "macros" });
    expect(sniff(late.subarray(0, 40), "a.docx", false)).toEqual({ kind: "docx" });
    expect(sniff(zipEntry("a.txt", "hello"), "letter.dotm", false)).toEqual({ refused: "macros" });
  });
});

describe("contentInspector", () => {
  test("finds what it looks for split between two pieces, in any case and either UTF-16", () => {
    const zip = contentInspector("xlsx");
    zip?.see(text("....xl/vbaPro"));
    expect(zip?.refusal).toBeNull();
    zip?.see(text("ject.bin...."));
    expect(zip?.refusal).toBe("macros");

    const legacy = contentInspector("xls");
    const name = Buffer.from("_VBA_PROJECT_CUR", "utf16le");
    legacy?.see(name.subarray(0, 7));
    legacy?.see(name.subarray(7));
    expect(legacy?.refusal).toBe("macros");

    for (const bytes of [text("<ScRiPt>"), utf16le("<SCRIPT>").subarray(2), utf16be("<svg ").subarray(2)]) {
      const inspector = contentInspector("txt");
      inspector?.see(bytes.subarray(0, 5));
      inspector?.see(bytes.subarray(5));
      expect(inspector?.refusal).toBe("active");
    }
    const plain = contentInspector("csv");
    plain?.see(text("date,amount\n2024-01-02,<100\n"));
    expect(plain?.refusal).toBeNull();
    expect(contentInspector("pdf")).toBeNull();
  });
});

describe("names", () => {
  test("control and bidi characters go; line breaks and tabs leave a space; slashes are no path", () => {
    expect(cleanFileName("invoice\u202efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFileName("a\u2066b\u2069\u200e\u200f\u061cc.pdf")).toBe("abc.pdf");
    expect(cleanFileName("a\u0000b\u009bc\u007f.pdf")).toBe("abc.pdf");
    expect(cleanFileName("line\r\none\ttwo\u0085.pdf")).toBe("line one two .pdf");
    expect(cleanFileName("../../etc/passwd")).toBe(".. .. etc passwd");
    expect(cleanFileName("  ")).toBe("");
    // Kept to 255 characters, never half of one.
    expect([...cleanFileName("😀".repeat(300))]).toHaveLength(255);
  });

  test("a download keeps a name whose extension fits its kind, else gets the kind's own", () => {
    expect(downloadName("invoice.exe", "pdf")).toBe("invoice.exe.pdf");
    expect(downloadName("Statement.PDF", "pdf")).toBe("Statement.PDF");
    expect(downloadName("scan.JPEG", "jpeg")).toBe("scan.JPEG");
    expect(downloadName("scan.tif", "tiff")).toBe("scan.tif");
    expect(downloadName("export.qbo", "ofx")).toBe("export.qbo");
    expect(downloadName("2024 statement", "pdf")).toBe("2024 statement.pdf");
    expect(downloadName("half.pdf", null)).toBe("half.pdf");
  });
});
