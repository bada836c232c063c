/** The text poppler's pdftotext reads from a PDF, what a reader copies out of it; pages end with a form feed. */
export function pdfText(bytes: Uint8Array): string {
  return Bun.spawnSync(["pdftotext", "-", "-"], { stdin: bytes }).stdout.toString();
}

/** The text of each page, in order. */
export const pdfPages = (bytes: Uint8Array): string[] => pdfText(bytes).split("\f").slice(0, -1);

export type PdfWord = { page: number; text: string; xMin: number; xMax: number; pageWidth: number };

/** Every word poppler finds on every page, with where it starts and ends across the page (points). */
export function pdfWords(bytes: Uint8Array): PdfWord[] {
  const html = Bun.spawnSync(["pdftotext", "-bbox", "-", "-"], { stdin: bytes }).stdout.toString();
  const words: PdfWord[] = [];
  html
    .split(/<page /)
    .slice(1)
    .forEach((page, i) => {
      const pageWidth = Number(/width="([\d.]+)"/.exec(page)?.[1]);
      for (const m of page.matchAll(
        /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
      ))
        words.push({ page: i + 1, text: m[3] ?? "", xMin: Number(m[1]), xMax: Number(m[2]), pageWidth });
    });
  return words;
}
