import { describe, expect, test } from "bun:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { pdfsig } from "../../../../tests/helpers/pdfsig";
import { selfSignedP12 } from "../service";
import { sealPdf } from "./seal";

describe("a sealed PDF", () => {
  test("is reported valid and unchanged by pdfsig, and altered once one signed byte changes", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawText("Engagement letter", { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
    const cert = { p12: selfSignedP12("Tracewell", "pass"), passphrase: "pass" };
    const sealed = await sealPdf(await doc.save(), cert, {
      reason: "Signed engagement letter",
      firm: "Tracewell",
      contact: "desk@tracewell.example",
      place: "Chicago, IL",
      at: new Date("2026-11-17T15:00:00Z"),
    });
    const report = pdfsig(sealed);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Tracewell document seal");

    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf("Engagement letter") >= 0 ? tampered.indexOf("Engagement letter") : 200;
    tampered[at + 1] = (tampered[at + 1] ?? 0) ^ 1;
    expect(pdfsig(tampered)).toContain("Digest Mismatch.");
  }, 30_000);
});
