import type { Brand } from "../../../contracts/brand";
import { fullTitle, type PageMeta } from "../../../contracts/meta";
import type { AssetManifest } from "../../../lib/asset-manifest";
import { escapeHtml } from "../../../lib/escape-html";
import { jsonForScript } from "./html";
import { absolute, firmJsonLd } from "./structured-data";

export type HeadInput = {
  meta: PageMeta;
  brand: Brand;
  publicUrl: string;
  pathname: string;
  entry: AssetManifest["entry"];
  /** The current page's own chunks, which the boot script preloads beside the entry (ADR 215). */
  pageChunks?: string[];
  /** The built stylesheet's text: inlined instead of linked when given (ADR 009). */
  inlineCss?: string;
  /** Extra stylesheet for brand colours that differ from the built-in ones. */
  brandCss?: string;
};

/** Everything inside <head>: title, description, canonical, social cards, structured data, assets. */
export function buildHead({
  meta,
  brand,
  publicUrl,
  pathname,
  entry,
  pageChunks = [],
  inlineCss,
  brandCss,
}: HeadInput): string {
  const title = fullTitle(meta.title, brand.name);
  const url = `${publicUrl}${pathname}`;
  const image = absolute(brand.logo.socialImage, publicUrl);
  const tag = (name: string, attrs: Record<string, string>) =>
    `<${name}${Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join("")}>`;
  const metaName = (name: string, content: string) => tag("meta", { name, content });
  const metaProp = (property: string, content: string) => tag("meta", { property, content });
  const jsonLd = [firmJsonLd(brand, publicUrl), ...(meta.jsonLd ?? [])];

  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    metaName("description", meta.description),
    meta.noindex ? metaName("robots", "noindex, nofollow") : "",
    tag("link", { rel: "canonical", href: url }),
    metaProp("og:site_name", brand.name),
    metaProp("og:title", title),
    metaProp("og:description", meta.description),
    metaProp("og:url", url),
    metaProp("og:type", meta.ogType ?? "website"),
    metaProp("og:image", image),
    metaProp("og:image:width", "1200"),
    metaProp("og:image:height", "630"),
    metaProp("og:image:alt", `${brand.name}: ${brand.slogan}`),
    metaProp("og:locale", "en_US"),
    metaName("twitter:card", "summary_large_image"),
    metaName("twitter:title", title),
    metaName("twitter:description", meta.description),
    metaName("twitter:image", image),
    metaName("theme-color", brand.colours.primary),
    tag("link", { rel: "icon", href: brand.logo.mark, type: "image/svg+xml" }),
    tag("link", { rel: "icon", href: "/brand/favicon-32.png", type: "image/png", sizes: "32x32" }),
    tag("link", { rel: "apple-touch-icon", href: "/brand/apple-touch-icon.png" }),
    tag("link", { rel: "manifest", href: "/site.webmanifest" }),
    ...(meta.feeds ?? []).map((f) =>
      tag("link", { rel: "alternate", type: "application/rss+xml", title: f.title, href: f.href }),
    ),
    // The faces the first screen paints (ADR 114): asked for with the HTML, not once the stylesheet is parsed.
    ...(entry.fonts ?? []).map((href) =>
      tag("link", { rel: "preload", href, as: "font", type: "font/woff2", crossorigin: "" }),
    ),
    inlineCss ? `<style>${inlineCss}</style>` : tag("link", { rel: "stylesheet", href: entry.css }),
    brandCss ? tag("link", { rel: "stylesheet", href: brandCss }) : "",
    // The page's script starts once the first frame is painted (ADR 215): the boot script asks for the entry,
    // its imports and the page's own chunks then, all at once, so none of them shares the first round trips
    // with the document and the heading's face.
    `${tag("script", { type: "module", src: entry.boot, "data-chunks": pageChunks.join(" ") })}</script>`,
    ...jsonLd.map((o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`),
  ]
    .filter(Boolean)
    .join("");
}
