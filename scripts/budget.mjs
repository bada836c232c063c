// What one public page may load before it is interactive (ADR 302): read by the build, which fails past it, and by
// `scripts/bench --weights-only`, which prints each page beside it.

/** Script files, the boot script included: each is a request on the way to a hydrated page. */
export const SCRIPT_FILES_BUDGET = 8;
/** Gzip bytes of those scripts. React DOM alone is about 60 KB of them. */
export const SCRIPT_BYTES_BUDGET = 95 * 1024;
/** Gzip bytes of the stylesheet a public page inlines. */
export const CSS_BYTES_BUDGET = 15 * 1024;
