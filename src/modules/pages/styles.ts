import { readFileSync } from "node:fs";
import type { AssetManifest } from "../../http/assets";

/**
 * The built stylesheet, read once at start to be inlined in every page's head, and its SHA-256 for the CSP's
 * style-src: the one inline style allowed is exactly this text (ADR 009).
 */
export function inlineStylesheet(manifest: AssetManifest): { css: string; hash: string } {
  const asset = manifest.files[manifest.entry.css];
  if (!asset) throw new Error(`The stylesheet ${manifest.entry.css} is missing from the build`);
  const css = readFileSync(asset.file, "utf8");
  if (css.includes("</style")) throw new Error("The stylesheet cannot be inlined: it contains </style");
  return { css, hash: new Bun.CryptoHasher("sha256").update(css).digest("base64") };
}
