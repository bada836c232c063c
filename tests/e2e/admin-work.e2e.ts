import type { Dialog, Locator, Page } from "@playwright/test";
import { validIntake } from "../helpers/intake-body";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration } from "./helpers";

/** Presses like a person: pointer to the centre, down, 100 ms, up (what a press would move waits for its release). */
async function press(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to press");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The hold is the test (ADR 110).
  await page.waitForTimeout(100);
  await page.mouse.up();
}

/** Answers the next dialog the page opens (accept or dismiss) and hands back what it said. */
function answerNextDialog(page: Page, accept: boolean): Promise<Dialog> {
  return new Promise((resolve, reject) => {
    const none = setTimeout(() => reject(new Error("the page asked nothing")), 10_000);
    page.once("dialog", async (dialog) => {
      clearTimeout(none);
      if (accept) await dialog.accept();
      else await dialog.dismiss();
      resolve(dialog);
    });
  });
}

const LEAVE = "You have unsaved changes. Leave this page and lose them?";

/** Reloads a page whose form holds unsaved words: the browser asks first (beforeunload) and staff leave. */
async function reloadPastTheQuestion(page: Page) {
  const asked = answerNextDialog(page, true);
  await page.reload();
  expect((await asked).type()).toBe("beforeunload");
  await waitForHydration(page);
}

for (const [width, size] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`an article with unsaved changes asks before a link, Back or a reload, and its draft comes back, at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await signIn(page);
    const title = `Tracing a shell company ${width}`;
    await page.goto("/admin/articles");
    await waitForHydration(page);
    // Opened from the list inside the admin, so Back stays inside the app.
    await press(page, page.getByRole("link", { name: "New Article" }));
    await expect(page).toHaveURL(/\/admin\/articles\/new$/);
    await page.getByLabel("Title").fill(title);

    // A link inside the admin: staff stay, and keep what they typed. On a phone the links are in the menu.
    if (size.width < 1024) await press(page, page.getByRole("button", { name: "Open menu" }));
    let asked = answerNextDialog(page, false);
    await press(
      page,
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Articles", exact: true }),
    );
    expect((await asked).message()).toBe(LEAVE);
    await expect(page).toHaveURL(/\/admin\/articles\/new$/);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    const menu = page.getByRole("dialog", { name: "Admin menu" });
    if (await menu.isVisible()) await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    // Back: the same question, and staying keeps the address and the words.
    asked = answerNextDialog(page, false);
    await page.evaluate(() => history.back());
    expect((await asked).message()).toBe(LEAVE);
    await expect(page).toHaveURL(/\/admin\/articles\/new$/);
    await expect(page.getByLabel("Title")).toHaveValue(title);

    // A reload (or a crash) keeps the draft in this browser and offers it back.
    await reloadPastTheQuestion(page);
    const offer = page.getByRole("region", { name: "Unsaved draft" });
    await expect(offer).toContainText(/Restore unsaved draft from .+\?/);
    await expect(page.getByLabel("Title")).toHaveValue("");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/restore-draft-${width}.png`, fullPage: false });
    await press(page, offer.getByRole("button", { name: "Restore Draft" }));
    await expect(offer).toBeHidden();
    await expect(page.getByLabel("Title")).toHaveValue(title);

    // Saved, nothing is left to lose: no question, no offer.
    await page.getByLabel("Description").fill("How a chain of holding companies hid a marital home.");
    await press(page, page.getByRole("button", { name: "Save Article" }));
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("region", { name: "Unsaved draft" })).toHaveCount(0);

    // Leaving on purpose drops the draft: the article opens again as saved.
    const edited = page.url();
    await page.getByLabel("Title").fill(`${title} (edited)`);
    if (size.width < 1024) await press(page, page.getByRole("button", { name: "Open menu" }));
    asked = answerNextDialog(page, true);
    await press(
      page,
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Articles", exact: true }),
    );
    await asked;
    await expect(page).toHaveURL(/\/admin\/articles$/);
    await page.goto(edited);
    await waitForHydration(page);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("region", { name: "Unsaved draft" })).toHaveCount(0);
  });
}

test("a reply being written survives a reload, and signing out leaves no draft behind", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const name = "Odile Draft-Keeper";
  const res = await request.post("/api/contact", {
    headers: { origin: baseURL!, "x-forwarded-for": "198.18.7.21" },
    data: validIntake(new Date(), {
      name,
      firm: "Keeper & Vance",
      email: "odile@keepervance.example",
      phone: "(212) 555-0199",
      subjectType: "individual",
      jurisdictions: "Kings County, NY",
      desiredService: "individual-asset-check",
      description: "A spouse's undisclosed accounts; we need a public-records check first.",
    }),
  });
  expect(res.status()).toBe(201);
  await signIn(page, "", `/admin/submissions?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const detail = page.url();

  await press(page, page.getByRole("button", { name: "Write a Reply" }));
  const words = "Dear Ms Draft-Keeper,\n\nWe can start on Monday; the quote follows.";
  await page.getByLabel("Message").fill(words);
  await reloadPastTheQuestion(page);
  const offer = page.getByRole("region", { name: "Unsaved draft" });
  await expect(offer).toContainText(/Restore unsaved draft from .+\?/);
  await expectNoAxeViolations(page);
  await press(page, offer.getByRole("button", { name: "Restore Draft" }));
  await expect(page.getByLabel("Message")).toHaveValue(words);

  // Signing out takes the draft with it; the next person at this browser finds nothing.
  await page.getByLabel("Message").fill(`${words} More.`);
  await press(page, page.getByRole("button", { name: "Logout" }));
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("tracewell:draft:"))),
  ).toEqual([]);
  await signIn(page, "", detail);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("region", { name: "Unsaved draft" })).toHaveCount(0);
});
