import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { DOCX_BYTES, PLAIN_ZIP_BYTES, XLSX_BYTES } from "../../../../tests/helpers/zip";
import { detectUpload } from "./file-type";

const text = (s: string) => new TextEncoder().encode(s);

describe("detectUpload decides by content", () => {
  test("PDF, DOCX, XLSX and CSV", () => {
    expect(detectUpload(text("%PDF-1.7\n1 0 obj\n"))).toBe("pdf");
    expect(detectUpload(DOCX_BYTES())).toBe("docx");
    expect(detectUpload(XLSX_BYTES())).toBe("xlsx");
    expect(detectUpload(text("county,record,year\nKing,deed,2021\n"))).toBe("csv");
    expect(detectUpload(text("\uFEFFname,amount\r\nA,1\r\n"))).toBe("csv");
  });

  test("the site's own Word template is a DOCX", () => {
    const bytes = new Uint8Array(
      readFileSync(new URL("../../../../dist/public/docs/records-request-template.docx", import.meta.url)),
    );
    expect(detectUpload(bytes)).toBe("docx");
  });

  test("anything else is refused", () => {
    expect(detectUpload(PLAIN_ZIP_BYTES())).toBeNull();
    expect(detectUpload(text("MZ\u0090\u0000 executable"))).toBeNull();
    expect(detectUpload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(detectUpload(text("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(detectUpload(new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).toBeNull();
    expect(detectUpload(new Uint8Array())).toBeNull();
  });
});
