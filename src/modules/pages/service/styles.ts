import { readFileSync } from "node:fs";
import type { AssetManifest } from "../../../lib/asset-manifest";
import { sha256 } from "../../../lib/hash";

export type InlineSheet = { css: string; hash: string };

/**
 * The built stylesheets, read once at start to be inlined in every page's head, and their SHA-256 for the CSP's
 * style-src: the only inline styles allowed are exactly these texts (ADR 009). `site` is the public pages'
 * smaller sheet (ADR 165); a build without one inlines `app` everywhere.
 */
export function inlineStylesheets(manifest: AssetManifest): { app: InlineSheet; site: InlineSheet } {
  const app = readSheet(manifest, manifest.entry.css);
  return { app, site: manifest.entry.siteCss ? readSheet(manifest, manifest.entry.siteCss) : app };
}

function readSheet(manifest: AssetManifest, url: string): InlineSheet {
  const asset = manifest.files[url];
  if (!asset) throw new Error(`The stylesheet ${url} is missing from the build`);
  const css = readFileSync(asset.file, "utf8");
  if (css.includes("</style")) throw new Error("The stylesheet cannot be inlined: it contains </style");
  return { css, hash: sha256(css, "base64") };
}
