import { expect, type Page, test } from "@playwright/test";
import { pngImage } from "../helpers/images";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";

/**
 * An article written in the admin with an image in it, as staff and then a reader see it, at desktop and phone
 * widths. The server is the built binary in demo mode (start-binary.sh).
 */
const SHOTS = process.env.SCREENSHOT_DIR;
const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

async function newArticle(page: Page, title: string) {
  await page.goto("/admin/articles/new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Article");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("What a map of a debtor's assets shows, and how to read it.");
  await page
    .getByLabel("Content (Markdown)")
    .fill("## The map\n\nEvery asset we found, by where it is held.");
}

for (const [name, viewport] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${name} px staff put an image in an article, publish it, and readers see it`, async ({ page }) => {
    const problems = watchForErrors(page, { allowStatus: [422] });
    await page.setViewportSize(viewport);
    await signIn(page);
    const suffix = `${name}-${Date.now().toString(36)}`;
    const title = `Mapping a Debtor's Assets ${suffix}`;
    await newArticle(page, title);
    // The image goes where the cursor is: after the heading, before the paragraph.
    const content = page.getByLabel("Content (Markdown)");
    await content.evaluate((el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(12, 12);
    });

    const panel = page.getByRole("group", { name: "Insert an Image" });
    const file = panel.getByLabel("Image file");
    const alt = panel.getByLabel("Alt text");
    const button = panel.getByRole("button", { name: "Upload and Insert" });

    // Nothing chosen, no words: both are asked for.
    await button.click();
    await expect(file).toHaveAccessibleDescription(/Choose an image to upload\./);
    await expect(alt).toHaveAccessibleDescription(/Alt text is required/);
    await expect(file).toBeFocused();

    // A file that only claims to be a picture is refused by its content.
    await file.setInputFiles({
      name: "chart.png",
      mimeType: "image/png",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    });
    await alt.fill("Assets by county");
    await button.click();
    await expect(file).toHaveAccessibleDescription(/must be a PNG, JPEG or WebP picture/);
    await expect(content).not.toHaveValue(/!\[/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/article-image-refused-${name}.png`, fullPage: true });

    await file.setInputFiles({
      name: "assets-map.png",
      mimeType: "image/png",
      buffer: Buffer.from(pngImage(960, 540)),
    });
    await expect(file).not.toHaveAccessibleDescription(/must be a PNG/);
    await alt.press("Enter");
    await expect(toast(page, "Image Inserted")).toContainText("960 × 540 pixels");
    await expect(content).toHaveValue(
      /^## The map\n\n!\[Assets by county\]\(\/uploads\/articles\/[0-9a-f-]{36}\.960x540\.png\)\n\nEvery asset/,
    );
    await expect(alt).toHaveValue("");
    // The preview is the page's own rendering: the image at its size.
    const preview = page
      .getByRole("region", { name: "Preview" })
      .getByRole("img", { name: "Assets by county" });
    await expect(preview).toHaveAttribute("width", "960");
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/article-image-editor-${name}.png`, fullPage: true });

    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save Article" }).click();
    await expect(toast(page, "Article Saved")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);

    // A reader opens it from the list: the image is there, loaded, fitted to the column and described.
    await page.goto("/articles");
    await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(`^Read ?: ${title}$`) }).click();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const image = page.getByRole("main").getByRole("img", { name: "Assets by county" });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(960);
    const box = await image.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(0);
    expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(viewport.width);
    // The page keeps the image's proportions at any width.
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 960 / 540)).toBeLessThan(0.02);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/article-image-public-${name}.png`, fullPage: true });
    expect(problems.filter((p) => !p.includes("422"))).toEqual([]);
  });
}
