/**
 * The site's two typefaces, self-hosted (ADR 114): Source Serif 4 for display (headings) and Public Sans for
 * text, from their @fontsource packages, Latin subset, woff2 only. The build copies each file under a content
 * hash and writes the @font-face rules in front of the stylesheet, which every page inlines (ADR 009); the
 * faces a page paints above the fold are preloaded by the server.
 */
import { join } from "node:path";

type Face = {
  family: string;
  weight: number;
  /** The package file: Latin subset only (the site's copy is English). */
  file: string;
  /** Painted above the fold on every page (the h1, the body text): preloaded. */
  preload: boolean;
};

const SERIF = "Source Serif 4";
const SANS = "Public Sans";

const FACES: Face[] = [
  {
    family: SERIF,
    weight: 600,
    file: "@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2",
    preload: true,
  },
  {
    family: SANS,
    weight: 400,
    file: "@fontsource/public-sans/files/public-sans-latin-400-normal.woff2",
    preload: false,
  },
  {
    family: SANS,
    weight: 600,
    file: "@fontsource/public-sans/files/public-sans-latin-600-normal.woff2",
    preload: false,
  },
];

/** @fontsource's Latin range: the file holds these characters, so the browser asks for nothing else from it. */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/**
 * Local faces with the web faces' metrics, named after them, so text set before a web face arrives takes the
 * same room and little moves when it swaps in (font-display: swap). Times New Roman and Arial have the same
 * metrics as their Liberation twins, so one set of figures fits each pair. Measured in Chromium: the widths of
 * a paragraph of the site's copy in each face (size-adjust) and the web faces' ascent and descent, divided by
 * that size (ADR 114).
 */
const FALLBACKS = [
  {
    family: `${SERIF} Fallback`,
    local: ["Times New Roman", "Liberation Serif"],
    sizeAdjust: "112.8%",
    ascent: "92.2%",
    descent: "30.1%",
  },
  {
    family: `${SANS} Fallback`,
    local: ["Arial", "Liberation Sans"],
    sizeAdjust: "104.2%",
    ascent: "91.2%",
    descent: "22.1%",
  },
  // The text face's 600 (buttons, labels, the articles' topic chips) against the local bold, measured the same
  // way: the regular face made bold by the browser kept its regular widths, and a row of chips that fitted one
  // line before the web face came took two after it, moving the list under it (a layout shift of 0.23 on
  // /articles at 1280 px). Ascent and descent are the web face's again, over this size.
  {
    family: `${SANS} Fallback`,
    weight: "600 900",
    local: ["Arial Bold", "Liberation Sans Bold"],
    sizeAdjust: "97.8%",
    ascent: "97.2%",
    descent: "23.5%",
  },
];

export const FONT_STACKS = {
  serif: `"${SERIF}","${SERIF} Fallback",Georgia,serif`,
  sans: `"${SANS}","${SANS} Fallback",system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif`,
};

export type BuiltFonts = { css: string; preload: string[]; bytes: number };

/** Copies the faces into `assetsDir` as hashed files and returns their @font-face rules and preload URLs. */
export async function buildFonts(
  root: string,
  assetsDir: string,
  hashName: (file: string, content: Uint8Array) => string,
): Promise<BuiltFonts> {
  const rules: string[] = [];
  const preload: string[] = [];
  let bytes = 0;
  for (const face of FACES) {
    const content = new Uint8Array(await Bun.file(join(root, "node_modules", face.file)).arrayBuffer());
    const name = hashName(face.file.split("/").pop() ?? "font.woff2", content);
    await Bun.write(join(assetsDir, name), content);
    const url = `/assets/${name}`;
    bytes += content.byteLength;
    if (face.preload) preload.push(url);
    rules.push(
      `@font-face{font-family:"${face.family}";font-style:normal;font-weight:${face.weight};font-display:swap;src:url(${url}) format("woff2");unicode-range:${LATIN}}`,
    );
  }
  for (const f of FALLBACKS) {
    rules.push(
      `@font-face{font-family:"${f.family}";${"weight" in f ? `font-weight:${f.weight};` : ""}src:${f.local.map((l) => `local("${l}")`).join(",")};size-adjust:${f.sizeAdjust};ascent-override:${f.ascent};descent-override:${f.descent};line-gap-override:0%}`,
    );
  }
  return { css: rules.join(""), preload, bytes };
}
