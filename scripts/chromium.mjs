// How every tool here starts Debian's Chromium (browser tests, Lighthouse, the brand images): no browser of
// their own is downloaded, and Chromium's background connections (updates, sync, field trials) are off, since
// the machines that run these have no network beyond the package registries.

/** @type {string} */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** @type {string[]} */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
