import type { Brand } from "../contracts/brand";
import { escapeHtml } from "../lib/escape-html";

/** A plain page for a 500 on a page request: no React (it may be what failed), the reference to quote. */
export function errorPage(brand: Brand, requestId: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong | ${escapeHtml(brand.name)}</title><meta name="robots" content="noindex"></head><body><main><h1>Something went wrong on our side</h1><p>Please try again in a moment. If it keeps happening, call us at <a href="tel:${escapeHtml(brand.phone.replace(/[^\d+]/g, ""))}">${escapeHtml(brand.phone)}</a> or email <a href="mailto:${escapeHtml(brand.email)}">${escapeHtml(brand.email)}</a> and quote this reference: <strong>${escapeHtml(requestId ?? "unknown")}</strong>.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
