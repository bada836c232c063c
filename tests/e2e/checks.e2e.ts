import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { installQuietFocus, walkFocus } from "./focus-walk";
import { expectNoAxeViolations } from "./helpers";

/**
 * Every accessibility assertion in these specs goes through two checks, axe and the focus walk, so each must be
 * able to fail. On pages with faults, axe names them, in the page and in a frame of the page, and tells the
 * best-practice rules from the WCAG ones; the walk finds a stop with no ring, one whose ring is too faint, and
 * (from the screenshots alone) one whose ring is drawn but hidden on screen.
 */
const WCAG_FAULTS = `<!doctype html><html lang="en"><head><title>faults</title></head><body><main>
  <h1>Faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <p style="color:#bbb;background:#fff">Too faint to read</p>
</main></body></html>`;

const FRAME_FAULT = `<!doctype html><html lang="en"><head><title>frame</title></head><body><main>
  <h1>A page with a frame</h1>
  <iframe title="inner" srcdoc='<!doctype html><html lang="en"><title>inner</title><body><button></button></body></html>'></iframe>
</main></body></html>`;

// WCAG-clean, but a heading level is skipped and nothing is a main landmark.
const BEST_PRACTICE_FAULT = `<!doctype html><html lang="en"><head><title>structure</title></head><body>
  <h1>Structure</h1><h4>A skipped level</h4><p>Text outside any landmark.</p>
</body></html>`;

const FOCUS_FAULTS = `<!doctype html><html lang="en"><head><title>rings</title><style>
  body { background: #fff; font: 16px sans-serif; }
  button { margin: 24px; padding: 8px 16px; border: 0; background: #eee; color: #000; }
  #good:focus-visible, #hidden:focus-visible, #last:focus-visible { outline: 3px solid #0f1f3a; outline-offset: 2px; }
  #none:focus-visible { outline: none; }
  #faint:focus-visible { outline: 3px solid #ddd; outline-offset: 2px; }
  .wrap { position: relative; display: inline-block; }
  .cover { position: absolute; inset: -12px; background: #fff; pointer-events: none; }
</style></head><body><main><h1>Rings</h1>
  <button id="good">Good</button>
  <button id="none">No ring</button>
  <button id="faint">Faint ring</button>
  <span class="wrap"><button id="hidden">Hidden ring</button><span class="cover"></span></span>
  <button id="last">Last</button>
</main></body></html>`;

/** Shows the page as if the site served it, so its frames share the site's origin as the site's own would. */
async function show(page: Page, html: string) {
  await page.route("**/axe-check", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto("/axe-check");
}

async function faultIds(check: Promise<void>): Promise<string[]> {
  const error = await check.then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error, "the check passed a page with faults").toBeDefined();
  return [...(error?.message ?? "").matchAll(/"id": "([a-z0-9-]+)"/g)].map((m) => m[1] ?? "");
}

test("the accessibility check fails a page with faults and names each", async ({ page }) => {
  await show(page, WCAG_FAULTS);
  expect(await faultIds(expectNoAxeViolations(page))).toEqual(
    expect.arrayContaining(["image-alt", "color-contrast"]),
  );
});

test("the accessibility check reads the page's frames too", async ({ page }) => {
  await show(page, FRAME_FAULT);
  await expect(page.frameLocator("iframe").locator("button")).toHaveCount(1);
  expect(await faultIds(expectNoAxeViolations(page))).toContain("button-name");
});

test("best practice is checked only when asked, and then fails what WCAG lets pass", async ({ page }) => {
  await show(page, BEST_PRACTICE_FAULT);
  await expectNoAxeViolations(page);
  expect(await faultIds(expectNoAxeViolations(page, { bestPractice: true }))).toEqual(
    expect.arrayContaining(["heading-order", "region"]),
  );
});

test("the focus walk finds a missing ring, a faint one, and on screen a hidden one", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await installQuietFocus(page);
  await show(page, FOCUS_FAULTS);
  const computed = await walkFocus(page);
  await page.reload();
  const onScreen = await walkFocus(page, { pixels: true });
  await context.close();

  const names = (faults: typeof computed.faults) => faults.map((f) => f.element.split(" ")[1]);
  const seen = (f: (typeof computed.faults)[number]) => f.reason.startsWith("on screen,");
  expect(computed.stops).toHaveLength(5);
  expect(names(computed.faults)).toEqual(['"No', '"Faint']);
  expect(names(onScreen.faults.filter((f) => !seen(f)))).toEqual(['"No', '"Faint']);
  // The hidden ring is drawn and has contrast, so only the screenshots see that it is not there.
  expect(names(onScreen.faults.filter(seen))).toEqual(['"No', '"Faint', '"Hidden']);
});
