import type { PDFFont } from "pdf-lib";

/**
 * Text broken into lines no wider than `width` (as `measure` reads a line): at spaces, and inside a word too long
 * for a line of its own (a 200-character name without a space), so nothing drawn ever runs past the margin.
 */
export function wrapText(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (const piece of piecesOf(word, width, measure)) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (!line || measure(candidate) <= width) line = candidate;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A word as pieces that each fit the width: the word itself when it fits. */
function piecesOf(word: string, width: number, measure: (line: string) => number): string[] {
  if (measure(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = "";
  for (const ch of word) {
    if (piece && measure(piece + ch) > width) {
      pieces.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export type Box = { x: number; y: number; width: number; height: number };

/**
 * The largest size from `max` down to `min` at which the text, wrapped to the box's width, fits its height; at
 * `min` it is wrapped whatever its height (the boxes are made tall enough for the longest text accepted).
 */
export function fitText(text: string, box: Box, font: PDFFont, size: { max: number; min: number }) {
  for (let s = size.max; ; s -= 0.5) {
    const leading = s * 1.2;
    const lines = wrapText(text, box.width, (line) => font.widthOfTextAtSize(line, s));
    if (lines.length * leading <= box.height || s - 0.5 < size.min) return { size: s, leading, lines };
  }
}
