import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP } from "./helpers";

/**
 * Text set before the web faces arrive takes the room it takes after (ADR 114, ADR 307): the bold of the text
 * face had no fallback of its own, the browser made the regular one bold at its regular widths, and at 1280 px
 * the articles' row of topics fitted one line until Public Sans 600 came and wrapped it to two, moving the whole
 * list down (Lighthouse's desktop layout shift of 0.23 on /articles). The page is read once with the web faces
 * refused, as a visitor sees it before they load, and once with them.
 */
async function layout(page: Page, origin: string, fonts: boolean) {
  await page.unrouteAll();
  if (!fonts) await page.route(/\.woff2$/, (route) => route.abort());
  await page.goto(`${origin}/articles`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const topics = document.querySelector("main nav");
    const list = document.querySelector("main section ul");
    return {
      webFace: document.fonts.check('600 16px "Public Sans"'),
      topics: Math.round(topics?.getBoundingClientRect().height ?? -1),
      list: Math.round(list?.getBoundingClientRect().top ?? -1),
    };
  });
}

test("at 1280 px the articles' topics and list stand where they will before the web faces load", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const before = await layout(page, baseURL ?? "", false);
  const after = await layout(page, baseURL ?? "", true);
  expect(before.webFace).toBe(false);
  expect(after.webFace).toBe(true);
  expect(before.topics).toBeGreaterThan(0);
  expect({ topics: before.topics, list: before.list }).toEqual({ topics: after.topics, list: after.list });
});
