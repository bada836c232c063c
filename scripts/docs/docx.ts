import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HighlightColor,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  TabStopType,
  TextRun,
} from "docx";
import type { Brand } from "../../src/contracts/brand";
import type { DocBlock, DocSpec } from "./model";

const FONT = "Calibri";
const FILL_IN = /(\[[^\]]+\])/;

/**
 * Writes a DocSpec as an editable Word document. Text in [square brackets] is a fill-in field and is
 * highlighted, so the person completing the letter sees at a glance what is left to replace.
 */
export async function renderDocx(spec: DocSpec, brand: Brand): Promise<Uint8Array> {
  const navy = brand.colours.primary.replace("#", "");
  const gold = brand.colours.accent.replace("#", "");

  const runs = (
    text: string,
    opts: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {},
  ) =>
    text
      .split(FILL_IN)
      .filter(Boolean)
      .map((part) =>
        FILL_IN.test(part)
          ? new TextRun({ text: part, ...opts, highlight: HighlightColor.YELLOW })
          : new TextRun({ text: part, ...opts }),
      );

  const block = (b: DocBlock): Paragraph[] => {
    switch (b.kind) {
      case "heading":
        return [
          new Paragraph({
            children: [new TextRun({ text: b.text, bold: true, size: 28, color: navy })],
            spacing: { before: 320, after: 120 },
            border: { bottom: { style: BorderStyle.SINGLE, size: 12, color: gold, space: 4 } },
            keepNext: true,
          }),
        ];
      case "subheading":
        return [
          new Paragraph({
            children: [new TextRun({ text: b.text, bold: true, size: 23, color: navy })],
            spacing: { before: 200, after: 80 },
            keepNext: true,
          }),
        ];
      case "paragraph":
        return [new Paragraph({ children: runs(b.text), spacing: { after: 160 } })];
      case "bullets":
        return b.items.map(
          (item) =>
            new Paragraph({
              children: runs(item),
              numbering: { reference: "bullets", level: 0 },
              spacing: { after: 80 },
            }),
        );
      case "terms":
        return b.items.map(
          ({ term, text }) =>
            new Paragraph({
              children: [new TextRun({ text: `${term}: `, bold: true, color: navy }), ...runs(text)],
              numbering: { reference: "bullets", level: 0 },
              spacing: { after: 80 },
            }),
        );
      case "numbered":
        return b.items.map(
          (item) =>
            new Paragraph({
              children: runs(item),
              numbering: { reference: "numbered", level: 0 },
              spacing: { after: 80 },
            }),
        );
      case "checklist":
        return b.items.map(
          (item) =>
            new Paragraph({
              children: [new TextRun({ text: "\u2610  ", font: "Segoe UI Symbol" }), ...runs(item)],
              indent: { left: 360, hanging: 360 },
              spacing: { after: 80 },
            }),
        );
      case "fields":
        return b.labels.map(
          (label) =>
            new Paragraph({
              children: [new TextRun({ text: label, bold: true }), new TextRun({ text: "\t" })],
              tabStops: [{ type: TabStopType.RIGHT, position: 9360, leader: "underscore" }],
              spacing: { after: 200 },
            }),
        );
      case "note":
        return [
          new Paragraph({
            children: [
              new TextRun({ text: `${b.title}. `, bold: true, color: navy }),
              ...runs(b.text, { italics: true }),
            ],
            border: { left: { style: BorderStyle.SINGLE, size: 18, color: gold, space: 8 } },
            shading: { fill: "F4EAD2" },
            indent: { left: 160 },
            spacing: { before: 120, after: 200 },
          }),
        ];
      case "table":
        // A table prints as tab-separated rows: no published document has one yet.
        return [b.columns.map((c) => c.label), ...b.rows, ...(b.total ? [b.total] : [])].map(
          (cells, i) =>
            new Paragraph({
              children: runs(cells.join("\t"), { bold: i === 0 }),
              spacing: { after: 60 },
            }),
        );
      case "signatures":
        return b.parties.flatMap((party) => [
          new Paragraph({
            children: [new TextRun({ text: "\t" })],
            spacing: { before: 480 },
            tabStops: [{ type: TabStopType.LEFT, position: 5040, leader: "underscore" }],
          }),
          new Paragraph({ children: runs(party, { bold: true }), spacing: { after: 120 } }),
        ]);
      case "keep":
        return b.blocks.flatMap(block);
      case "spacer":
        return [new Paragraph({ children: [] })];
      case "pageBreak":
        return [new Paragraph({ children: [], pageBreakBefore: true })];
    }
  };

  const document = new Document({
    creator: brand.name,
    title: `${spec.title} | ${brand.name}`,
    subject: spec.subject,
    keywords: spec.keywords.join(", "),
    description: spec.subtitle,
    lastModifiedBy: brand.name,
    styles: {
      default: { document: { run: { font: FONT, size: 22 }, paragraph: { spacing: { line: 276 } } } },
    },
    numbering: {
      config: [
        {
          reference: "bullets",
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: "\u2022",
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
        {
          reference: "numbered",
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: "%1.",
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1080, bottom: 1080, left: 1440, right: 1440 } } },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                children: [
                  new TextRun({ text: `${brand.name}  |  ${spec.title}`, size: 16, color: "4B5563" }),
                ],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                children: [
                  new TextRun({ text: `${spec.footer}  |  Page `, size: 16, color: "4B5563" }),
                  new TextRun({ children: [PageNumber.CURRENT], size: 16, color: "4B5563" }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({
            children: [new TextRun({ text: spec.title, bold: true, size: 40, color: navy })],
            spacing: { after: 80 },
          }),
          new Paragraph({
            children: [new TextRun({ text: spec.subtitle, size: 22, color: "4B5563" })],
            spacing: { after: 240 },
          }),
          ...spec.blocks.flatMap(block),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
