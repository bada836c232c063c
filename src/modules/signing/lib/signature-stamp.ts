import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { drawable } from "./completion";
import type { SignatureField } from "./doc-pdf";
import { type Box, fitText } from "./text-fit";

export type Signed = { name: string; date: string };

/**
 * Writes the signatures on the letter as it was presented: the same pages, with each signing party's typed name
 * above its signature line and its name and the date above the line below. Nothing else of the letter is drawn
 * again. A long name wraps inside its box, smaller if it must (the boxes hold 200 characters across a page).
 */
export async function stampSignatures(
  pdf: Uint8Array,
  fields: readonly SignatureField[],
  signed: Readonly<Record<string, Signed>>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  for (const field of fields) {
    const party = signed[field.party];
    const page = pages[field.page];
    if (!party || !page) continue;
    write(page, field.signature, drawable(italic, party.name), italic, { max: 13, min: 5 });
    write(page, field.printed, drawable(regular, `${party.name}, ${party.date}`), regular, {
      max: 9.5,
      min: 5,
    });
  }
  return doc.save();
}

/** Text in a box, its last line on the box's bottom (just above the line drawn under it). */
function write(page: PDFPage, box: Box, text: string, font: PDFFont, size: { max: number; min: number }) {
  const fit = fitText(text, box, font, size);
  fit.lines.forEach((line, i) => {
    page.drawText(line, {
      x: box.x,
      y: box.y + (fit.lines.length - 1 - i) * fit.leading,
      size: fit.size,
      font,
      color: rgb(0.1, 0.12, 0.16),
    });
  });
}
