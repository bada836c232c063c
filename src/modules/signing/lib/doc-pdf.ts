import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { Brand } from "../../../contracts/brand";
import type { DocBlock, DocSpec } from "../model";
import { type Box, wrapText } from "./text-fit";

/** US Letter in points, one-inch side margins. */
const PAGE = { width: 612, height: 792 };
const MARGIN = { left: 66, right: 66, top: 64, bottom: 70 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BODY = { size: 10.5, leading: 15 };

function hex(colour: string) {
  const n = Number.parseInt(colour.replace("#", ""), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

type Fonts = { regular: PDFFont; bold: PDFFont; serifBold: PDFFont; italic: PDFFont };

/** Where one party signs: its page (from 0), the box above its signature line and the one above its name line. */
export type SignatureField = { party: string; page: number; signature: Box; printed: Box };

/** Heights of a party's two boxes: room for the longest name accepted (200 characters) across a page's width. */
const SIGNATURE_BOX = 42;
const PRINTED_BOX = 26;

/** Where nothing is drawn: a block laid out on it only measures its height. */
const MEASURING = {
  drawText: () => undefined,
  drawLine: () => undefined,
  drawRectangle: () => undefined,
} as unknown as PDFPage;

/**
 * Lays a DocSpec out on Letter pages with the standard PDF fonts (no font files to embed, so the files stay
 * small). Text must be WinAnsi: the writer stops the build naming any character it cannot encode.
 */
export async function renderPdf(spec: DocSpec, brand: Brand, date: Date): Promise<Uint8Array> {
  return (await layoutPdf(spec, brand, date)).pdf;
}

/** The PDF, and where each party of its signature blocks signs. */
export async function layoutPdf(
  spec: DocSpec,
  brand: Brand,
  date: Date,
): Promise<{ pdf: Uint8Array; signatureFields: SignatureField[] }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${spec.title} | ${brand.name}`, { showInWindowTitleBar: true });
  doc.setAuthor(brand.name);
  doc.setSubject(spec.subject);
  doc.setKeywords([...spec.keywords]);
  doc.setCreator(brand.name);
  doc.setProducer(brand.name);
  doc.setLanguage("en-US");
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
  };
  const colours = {
    navy: hex(brand.colours.primary),
    gold: hex(brand.colours.accent),
    ink: hex(brand.colours.ink),
    muted: hex("#4b5563"),
    rule: hex("#d9d2c3"),
    noteFill: hex("#f4ead2"),
    white: rgb(1, 1, 1),
  };

  let page!: PDFPage;
  let y = 0;
  /** Set while a block is only measured (heightOf). */
  let measuring = false;
  const signatureFields: SignatureField[] = [];

  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
    if (doc.getPageCount() > 1) {
      page.drawText(`${brand.name}  |  ${spec.title}`, {
        x: MARGIN.left,
        y: PAGE.height - 38,
        size: 8.5,
        font: fonts.bold,
        color: colours.muted,
      });
      page.drawLine({
        start: { x: MARGIN.left, y: PAGE.height - 46 },
        end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 46 },
        thickness: 0.6,
        color: colours.rule,
      });
    }
  };
  /** Starts a new page unless `height` more points fit above the bottom margin. */
  const ensure = (height: number) => {
    if (!measuring && y - height < MARGIN.bottom) newPage();
  };

  /** Draws a run of text at (x, y), redactions as black bars; returns its width. */
  const drawRun = (
    text: string,
    o: { x: number; y: number; size: number; font: PDFFont; color: ReturnType<typeof rgb> },
  ) => {
    let x = o.x;
    for (const part of text.split(/(\u2588+)/).filter(Boolean)) {
      const width = o.font.widthOfTextAtSize(measurable(part), o.size);
      if (part.startsWith(REDACTION))
        page.drawRectangle({ x, y: o.y - 1.5, width, height: o.size + 2, color: rgb(0, 0, 0) });
      else page.drawText(part, { ...o, x });
      x += width;
    }
    return x - o.x;
  };

  const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
    check(measurable(text), font);
    return wrapText(text, width, (line) => font.widthOfTextAtSize(measurable(line), size));
  };

  const drawLines = (
    lines: string[],
    opts: { x: number; font: PDFFont; size: number; leading: number; colour: ReturnType<typeof rgb> },
  ) => {
    for (const line of lines) {
      ensure(opts.leading);
      drawRun(line, { x: opts.x, y: y - opts.size, size: opts.size, font: opts.font, color: opts.colour });
      y -= opts.leading;
    }
  };

  // First page: a navy band with the firm's name, then the document's title.
  newPage();
  page.drawRectangle({ x: 0, y: PAGE.height - 96, width: PAGE.width, height: 96, color: colours.navy });
  page.drawRectangle({ x: 0, y: PAGE.height - 100, width: PAGE.width, height: 4, color: colours.gold });
  page.drawText(brand.name.toUpperCase(), {
    x: MARGIN.left,
    y: PAGE.height - 50,
    size: 20,
    font: fonts.serifBold,
    color: colours.white,
  });
  page.drawText(brand.slogan, {
    x: MARGIN.left,
    y: PAGE.height - 72,
    size: 10,
    font: fonts.italic,
    color: colours.gold,
  });
  const contact = `${brand.email}  |  ${brand.phone}  |  ${brand.domain}`;
  check(contact, fonts.regular);
  page.drawText(contact, {
    x: PAGE.width - MARGIN.right - fonts.regular.widthOfTextAtSize(contact, 8.5),
    y: PAGE.height - 50,
    size: 8.5,
    font: fonts.regular,
    color: colours.white,
  });
  y = PAGE.height - 136;
  drawLines(wrap(spec.title, fonts.serifBold, 24, CONTENT_WIDTH), {
    x: MARGIN.left,
    font: fonts.serifBold,
    size: 24,
    leading: 29,
    colour: colours.navy,
  });
  y -= 2;
  drawLines(wrap(spec.subtitle, fonts.regular, 11.5, CONTENT_WIDTH), {
    x: MARGIN.left,
    font: fonts.regular,
    size: 11.5,
    leading: 16,
    colour: colours.muted,
  });
  y -= 16;

  const bodyLines = (lines: string[], x = MARGIN.left, font = fonts.regular) =>
    drawLines(lines, { x, font, size: BODY.size, leading: BODY.leading, colour: colours.ink });
  const body = (text: string, x = MARGIN.left, width = CONTENT_WIDTH, font = fonts.regular) =>
    bodyLines(wrap(text, font, BODY.size, width), x, font);

  const drawBlock = (block: DocBlock) => {
    switch (block.kind) {
      case "heading": {
        // Keep a heading with at least three lines of what follows.
        ensure(28 + BODY.leading * 3);
        y -= 14;
        const lines = wrap(block.text, fonts.bold, 13.5, CONTENT_WIDTH);
        drawLines(lines, { x: MARGIN.left, font: fonts.bold, size: 13.5, leading: 18, colour: colours.navy });
        page.drawLine({
          start: { x: MARGIN.left, y: y - 2 },
          end: { x: MARGIN.left + 48, y: y - 2 },
          thickness: 2,
          color: colours.gold,
        });
        y -= 12;
        return;
      }
      case "subheading":
        ensure(16 + BODY.leading * 2);
        y -= 6;
        drawLines(wrap(block.text, fonts.bold, 11, CONTENT_WIDTH), {
          x: MARGIN.left,
          font: fonts.bold,
          size: 11,
          leading: 15,
          colour: colours.navy,
        });
        y -= 1;
        return;
      case "paragraph":
        body(block.text);
        y -= 7;
        return;
      case "terms":
        for (const { term, text } of block.items) {
          const pieces = (t: string, font: PDFFont) =>
            wrap(t, font, BODY.size, CONTENT_WIDTH - 18)
              .flatMap((line) => line.split(" "))
              .map((w) => ({ w, font }));
          const words = [...pieces(`${term}:`, fonts.bold), ...pieces(text, fonts.regular)];
          const space = fonts.regular.widthOfTextAtSize(" ", BODY.size);
          const lines: (typeof words)[] = [[]];
          let width = 0;
          for (const word of words) {
            const w = word.font.widthOfTextAtSize(measurable(word.w), BODY.size);
            const line = lines[lines.length - 1]!;
            if (line.length && width + space + w > CONTENT_WIDTH - 18) {
              lines.push([word]);
              width = w;
            } else {
              line.push(word);
              width += (line.length > 1 ? space : 0) + w;
            }
          }
          ensure(BODY.leading * Math.min(lines.length, 2));
          page.drawText("\u2022", {
            x: MARGIN.left + 2,
            y: y - BODY.size,
            size: BODY.size,
            font: fonts.bold,
            color: colours.gold,
          });
          for (const line of lines) {
            ensure(BODY.leading);
            let x = MARGIN.left + 18;
            for (const { w, font } of line) {
              x +=
                drawRun(w, {
                  x,
                  y: y - BODY.size,
                  size: BODY.size,
                  font,
                  color: font === fonts.bold ? colours.navy : colours.ink,
                }) + space;
            }
            y -= BODY.leading;
          }
          y -= 3;
        }
        y -= 5;
        return;
      case "bullets":
      case "numbered":
        block.items.forEach((item, i) => {
          const lines = wrap(item, fonts.regular, BODY.size, CONTENT_WIDTH - 18);
          ensure(BODY.leading * Math.min(lines.length, 2));
          const marker = block.kind === "bullets" ? "\u2022" : `${i + 1}.`;
          page.drawText(marker, {
            x: MARGIN.left + 2,
            y: y - BODY.size,
            size: BODY.size,
            font: block.kind === "bullets" ? fonts.bold : fonts.regular,
            color: block.kind === "bullets" ? colours.gold : colours.navy,
          });
          bodyLines(lines, MARGIN.left + 18);
          y -= 3;
        });
        y -= 5;
        return;
      case "checklist":
        for (const item of block.items) {
          const lines = wrap(item, fonts.regular, BODY.size, CONTENT_WIDTH - 22);
          ensure(BODY.leading * Math.min(lines.length, 2) + 2);
          page.drawRectangle({
            x: MARGIN.left + 1,
            y: y - BODY.size - 0.5,
            width: 9,
            height: 9,
            borderColor: colours.navy,
            borderWidth: 0.9,
          });
          bodyLines(lines, MARGIN.left + 20);
          y -= 4;
        }
        y -= 4;
        return;
      case "fields":
        for (const [index, label] of block.labels.entries()) {
          check(label, fonts.bold);
          const start = MARGIN.left + Math.max(150, fonts.bold.widthOfTextAtSize(label, 9.5) + 10);
          const value = block.values?.[index];
          // A long value (a client's name, their firm) wraps above its line rather than past the margin.
          const lines = value ? wrap(value, fonts.regular, 9.5, PAGE.width - MARGIN.right - start - 2) : [];
          const extra = Math.max(0, lines.length - 1) * 12;
          ensure(24 + extra);
          page.drawText(label, {
            x: MARGIN.left,
            y: y - 12,
            size: 9.5,
            font: fonts.bold,
            color: colours.navy,
          });
          lines.forEach((line, i) => {
            page.drawText(line, {
              x: start + 2,
              y: y - 10 - i * 12,
              size: 9.5,
              font: fonts.regular,
              color: colours.ink,
            });
          });
          page.drawLine({
            start: { x: start, y: y - 13 - extra },
            end: { x: PAGE.width - MARGIN.right, y: y - 13 - extra },
            thickness: 0.6,
            color: colours.muted,
          });
          y -= 24 + extra;
        }
        y -= 6;
        return;
      case "note": {
        const pad = 12;
        const lines = wrap(block.text, fonts.regular, 9.5, CONTENT_WIDTH - pad * 2 - 4);
        const height = pad * 2 + 14 + lines.length * 13.5;
        ensure(height + 6);
        page.drawRectangle({
          x: MARGIN.left,
          y: y - height,
          width: CONTENT_WIDTH,
          height,
          color: colours.noteFill,
        });
        page.drawRectangle({ x: MARGIN.left, y: y - height, width: 3.5, height, color: colours.gold });
        y -= pad;
        drawLines(wrap(block.title, fonts.bold, 10, CONTENT_WIDTH - pad * 2), {
          x: MARGIN.left + pad + 4,
          font: fonts.bold,
          size: 10,
          leading: 14,
          colour: colours.navy,
        });
        drawLines(lines, {
          x: MARGIN.left + pad + 4,
          font: fonts.regular,
          size: 9.5,
          leading: 13.5,
          colour: colours.ink,
        });
        y -= pad + 8;
        return;
      }
      case "table": {
        const gap = 8;
        const cells = block.columns.map((c) => ({ ...c, width: CONTENT_WIDTH * c.share - gap }));
        const lefts = cells.map((_, i) => MARGIN.left + CONTENT_WIDTH * sumShares(block.columns, i));
        const row = (values: readonly string[], font: PDFFont, colour: ReturnType<typeof rgb>) => {
          const lines = cells.map((c, i) => wrap(values[i] ?? "", font, 9.5, c.width));
          const height = Math.max(1, ...lines.map((l) => l.length)) * 13 + 6;
          ensure(height);
          lines.forEach((cellLines, i) => {
            const cell = cells[i]!;
            cellLines.forEach((text, j) => {
              const width = font.widthOfTextAtSize(measurable(text), 9.5);
              const x = cell.align === "right" ? lefts[i]! + cell.width - width : lefts[i]!;
              drawRun(text, { x, y: y - 12 - j * 13, size: 9.5, font, color: colour });
            });
          });
          y -= height;
        };
        const rule = (thickness: number, colour: ReturnType<typeof rgb>) => {
          page.drawLine({
            start: { x: MARGIN.left, y: y + 2 },
            end: { x: PAGE.width - MARGIN.right, y: y + 2 },
            thickness,
            color: colour,
          });
        };
        ensure(13 * 3 + 18);
        row(
          block.columns.map((c) => c.label),
          fonts.bold,
          colours.navy,
        );
        rule(0.9, colours.navy);
        for (const values of block.rows) {
          row(values, fonts.regular, colours.ink);
          rule(0.4, colours.rule);
        }
        if (block.total) {
          rule(0.9, colours.navy);
          row(block.total, fonts.bold, colours.navy);
        }
        y -= 8;
        return;
      }
      case "signatures": {
        // Up to three parties side by side; a row is never split across pages. Each party has a box above its
        // signature line and one above its name line, recorded for the signature to be written on them.
        const perRow = block.columns ?? Math.min(3, Math.max(2, block.parties.length));
        const gap = 24;
        const columnWidth = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
        const rowHeight = SIGNATURE_BOX + PRINTED_BOX + 46;
        for (let i = 0; i < block.parties.length; i += perRow) {
          ensure(rowHeight);
          const signatureLine = y - SIGNATURE_BOX - 4;
          const printedLine = signatureLine - 30 - PRINTED_BOX;
          block.parties.slice(i, i + perRow).forEach((party, j) => {
            const x = MARGIN.left + j * (columnWidth + gap);
            check(measurable(party), fonts.bold);
            for (const [at, caption] of [
              [signatureLine, "Signature"],
              [printedLine, "Printed name and date"],
            ] as const) {
              page.drawLine({
                start: { x, y: at },
                end: { x: x + columnWidth, y: at },
                thickness: 0.7,
                color: colours.ink,
              });
              page.drawText(caption, { x, y: at - 11, size: 8.5, font: fonts.regular, color: colours.muted });
            }
            drawRun(party, {
              x: x + columnWidth - fonts.bold.widthOfTextAtSize(measurable(party), 9.5),
              y: signatureLine - 11,
              size: 9.5,
              font: fonts.bold,
              color: colours.navy,
            });
            if (!measuring)
              signatureFields.push({
                party,
                page: doc.getPageCount() - 1,
                signature: { x, y: signatureLine + 3, width: columnWidth, height: SIGNATURE_BOX },
                printed: { x, y: printedLine + 3, width: columnWidth, height: PRINTED_BOX },
              });
          });
          y -= rowHeight;
        }
        return;
      }
      case "keep": {
        const height = heightOf(block.blocks);
        if (height <= PAGE.height - MARGIN.top - MARGIN.bottom) ensure(height);
        for (const b of block.blocks) drawBlock(b);
        return;
      }
      case "spacer":
        y -= 10;
        return;
      case "pageBreak":
        newPage();
        return;
    }
  };

  /** How far down the page the blocks reach, laid out where nothing is drawn. */
  function heightOf(blocks: readonly DocBlock[]): number {
    const before = { page, y, measuring };
    page = MEASURING;
    y = 0;
    measuring = true;
    for (const b of blocks) drawBlock(b);
    const height = -y;
    ({ page, y, measuring } = before);
    return height;
  }

  for (const block of spec.blocks) drawBlock(block);

  // Footers last, when the page count is known.
  const pages = doc.getPages();
  check(spec.footer, fonts.regular);
  pages.forEach((p, i) => {
    p.drawLine({
      start: { x: MARGIN.left, y: 48 },
      end: { x: PAGE.width - MARGIN.right, y: 48 },
      thickness: 0.6,
      color: colours.rule,
    });
    p.drawText(spec.footer, { x: MARGIN.left, y: 34, size: 7.5, font: fonts.regular, color: colours.muted });
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, {
      x: PAGE.width - MARGIN.right - fonts.bold.widthOfTextAtSize(label, 7.5),
      y: 34,
      size: 7.5,
      font: fonts.bold,
      color: colours.muted,
    });
  });

  return { pdf: await doc.save(), signatureFields };
}

/** Where column `i` of a table starts, as a share of the page's width. */
const sumShares = (columns: readonly { share: number }[], i: number) =>
  columns.slice(0, i).reduce((sum, c) => sum + c.share, 0);

/** Marks redacted text in a document's content (the sample report): drawn as a black bar, never as text. */
const REDACTION = "\u2588";
/** Text as it is measured: each redaction character as wide as a capital X. */
const measurable = (text: string) => text.replaceAll(REDACTION, "X");

/** Stops the build on a character the standard fonts cannot encode, naming it and its text. */
function check(text: string, font: PDFFont) {
  try {
    font.encodeText(text);
  } catch {
    const bad = [...text].find((ch) => {
      try {
        font.encodeText(ch);
        return false;
      } catch {
        return true;
      }
    });
    throw new Error(`PDF text has a character the standard fonts cannot encode (${bad}): "${text}"`);
  }
}
