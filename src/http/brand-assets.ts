import { Elysia } from "elysia";
import type { Brand } from "../contracts/brand";
import { DEFAULT_BRAND } from "../contracts/brand-defaults";

export type BrandSheet = { url: string; css: string };

/**
 * The built stylesheet declares the default brand colours; an operator who overrides them gets this small
 * extra sheet, named by its content hash so it caches like the others.
 */
export function brandStylesheet(brand: Brand): BrandSheet | undefined {
  const c = brand.colours;
  const d = DEFAULT_BRAND.colours;
  if (c.primary === d.primary && c.accent === d.accent && c.paper === d.paper && c.ink === d.ink)
    return undefined;
  const css = `:root{--brand-primary:${c.primary};--brand-accent:${c.accent};--brand-paper:${c.paper};--brand-ink:${c.ink}}`;
  return { url: `/assets/brand-${Bun.hash(css).toString(36)}.css`, css };
}

/** Serves the brand's extra sheet, when there is one, and the web manifest the pages link to. */
export const brandAssetsPlugin = (brand: Brand, sheet: BrandSheet | undefined) => {
  const plugin = new Elysia({ name: "brand-assets" }).get("/site.webmanifest", () => webManifest(brand));
  if (!sheet) return plugin;
  return plugin.get(
    sheet.url,
    () =>
      new Response(sheet.css, {
        headers: {
          "content-type": "text/css; charset=utf-8",
          "cache-control": "public, max-age=31536000, immutable",
        },
      }),
  );
};

function webManifest(brand: Brand): Response {
  const body = {
    name: brand.name,
    short_name: brand.name,
    description: brand.slogan,
    start_url: "/",
    display: "standalone",
    background_color: brand.colours.paper,
    theme_color: brand.colours.primary,
    icons: [
      { src: brand.logo.mark, type: "image/svg+xml", sizes: "any" },
      { src: brand.logo.png, type: "image/png", sizes: "512x512" },
    ],
  };
  return new Response(JSON.stringify(body), {
    headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=86400" },
  });
}
