export type { DocBlock, DocSpec } from "../../contracts/document";

/**
 * Text the standard PDF fonts can draw (a client's name may hold any character): accents folded, anything else
 * replaced with "?". Every document filled in with what a person typed passes it through this.
 */
export const winAnsi = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\n]/g, "?");
