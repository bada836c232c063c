/**
 * A small document model shared by the PDF and DOCX writers, so each document's text is written once as data
 * (scripts/docs/content/, and the engagement letter in src/modules/engagements/) and the writers own all layout.
 * It lives with the contracts because the portal's page renders the very blocks the letter's PDF was laid out
 * from (ADR 264).
 */
export type DocBlock =
  | { kind: "heading"; text: string }
  | { kind: "subheading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: readonly string[] }
  | { kind: "numbered"; items: readonly string[] }
  /** Bulleted entries that open with a bold term: "Term: what it is". */
  | { kind: "terms"; items: readonly { term: string; text: string }[] }
  /** Tick boxes the reader fills in by hand. */
  | { kind: "checklist"; items: readonly string[] }
  /** Labelled lines to write on; filled with `values` (by position) when the document is made for someone. */
  | { kind: "fields"; labels: readonly string[]; values?: readonly string[] }
  | { kind: "note"; title: string; text: string }
  /**
   * Rows under a header, each column a share of the page's width (the shares add up to 1); a right-aligned
   * column is for amounts. `total` is a last row set in bold under a rule.
   */
  | {
      kind: "table";
      columns: readonly { label: string; share: number; align?: "left" | "right" }[];
      rows: readonly (readonly string[])[];
      total?: readonly string[];
    }
  /**
   * Signature lines, one per party, `columns` to a row (up to three; a letter signed online has one, so a long
   * name has the page's width). The PDF writer says where each party's lines are, for the signature to be
   * written on them later (signature-stamp.ts).
   */
  | { kind: "signatures"; parties: readonly string[]; columns?: 1 | 2 | 3 }
  /** Blocks kept on one page (a section and its signatures): moved whole to the next page if they do not fit. */
  | { kind: "keep"; blocks: readonly DocBlock[] }
  | { kind: "spacer" }
  | { kind: "pageBreak" };

export type DocSpec = {
  /** Shown large on the first page and in the running header. */
  title: string;
  subtitle: string;
  /** Document metadata: subject and keywords. */
  subject: string;
  keywords: readonly string[];
  blocks: readonly DocBlock[];
  /** Printed at the foot of every page. */
  footer: string;
};
