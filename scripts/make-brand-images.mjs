// Renders the brand PNGs in web/public/brand from web/public/brand/mark.svg with Debian's Chromium.
// Run by hand when the mark or the social card changes (node scripts/make-brand-images.mjs); the PNGs are
// committed so a build needs no browser.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const dir = join(import.meta.dirname, "..", "web", "public", "brand");
const mark = readFileSync(join(dir, "mark.svg"), "utf8");
const markUri = `data:image/svg+xml;base64,${Buffer.from(mark).toString("base64")}`;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage();

async function shot(width, height, html, file) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path: join(dir, file), omitBackground: true });
  console.log(`wrote ${file}`);
}

const icon = (size) => `<img src="${markUri}" width="${size}" height="${size}" style="display:block">`;
await shot(32, 32, icon(32), "favicon-32.png");
await shot(
  180,
  180,
  `<div style="width:180px;height:180px;background:#0f1f3a;display:grid;place-items:center">${icon(132)}</div>`,
  "apple-touch-icon.png",
);
await shot(512, 512, icon(512), "mark-512.png");
await shot(
  1200,
  630,
  `<div style="width:1200px;height:630px;box-sizing:border-box;padding:84px 96px;background:#0f1f3a;color:#fff;font-family:Charter,Georgia,'Liberation Serif',serif;display:flex;flex-direction:column;justify-content:space-between">
    <div style="display:flex;align-items:center;gap:28px">${icon(96)}<span style="font-size:72px;font-weight:700;letter-spacing:.5px">Tracewell</span></div>
    <div>
      <div style="width:120px;height:6px;background:#c9a24a;margin-bottom:36px"></div>
      <div style="font-size:64px;line-height:1.15;font-weight:700">Find what's hidden.<br>Prove what's true.</div>
      <div style="margin-top:28px;font:500 30px/1.4 'Liberation Sans',Arial,sans-serif;color:#cbd5e1">Forensic accounting &amp; public-records asset discovery for attorneys and individuals</div>
    </div>
  </div>`,
  "social-card.png",
);
await browser.close();
