import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_ADMIN, DESKTOP, PHONE, waitForHydration } from "./helpers";

/**
 * What a visitor does before the page's scripts have run, or without them, is not lost: the Services menu opens
 * on hover and on keyboard focus, the phone's menu opens with a tap, and the sign-in form signs in (a page or a
 * redirect, never a page of JSON). With scripts held back, what was done before hydration carries over into it.
 */

/**
 * Holds every script back until the returned release is called: the page shows as the server sent it. (A page
 * whose module scripts are held never reaches DOMContentLoaded: navigations wait for the response only.)
 */
async function holdScripts(context: BrowserContext) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A page of its own context opened at `path` with every script held back; `release` lets them run. */
async function heldPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport: typeof DESKTOP,
  path: string,
) {
  const context = await browser.newContext({ baseURL, viewport });
  const release = await holdScripts(context);
  const page = await context.newPage();
  await page.goto(path, { waitUntil: "commit" });
  return { context, page, release };
}

const notHydrated = (page: Page) =>
  expect(page.locator("#root[data-hydrated]"), "the scripts have not run").toHaveCount(0);

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the Services menu opens on hover and on keyboard focus", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/process");
    const header = page.getByRole("banner");
    const assetMap = header.getByRole("link", { name: /^Asset Map/ });
    await expect(assetMap).toBeHidden();
    await header.getByRole("button", { name: "Services" }).hover();
    await expect(assetMap).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(assetMap).toBeHidden();
    // From the keyboard: focus on the button shows the links, and the next Tab reaches the first of them.
    await header.getByRole("button", { name: "Services" }).focus();
    await expect(assetMap).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(assetMap).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\/asset-map$/);
  });

  test("the phone's menu opens with a tap and its links go where they say", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toBeHidden();
    await page.locator("summary").filter({ hasText: "Open menu" }).click({ delay: 100 });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Request Intake" })).toBeVisible();
    await menu.getByRole("link", { name: "Process" }).click({ delay: 100 });
    await expect(page).toHaveURL(/\/process$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the sign-in form answers a wrong password with its message and signs in with the right one", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(DEMO_ADMIN.username);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click({ delay: 100 });
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid" })).toHaveText(
      "Invalid username or password",
    );
    await expect(page.getByLabel("Username")).toHaveValue(DEMO_ADMIN.username);
    await expect(page.locator("body")).not.toContainText('{"');

    await page.getByLabel("Password").fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click({ delay: 100 });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.locator("body")).not.toContainText('{"username"');
  });
});

test.describe("before the scripts have run", () => {
  test("a tap on the phone's menu opens it, and it stays open as the menu dialog once hydrated", async ({
    browser,
    baseURL,
  }) => {
    const { context, page, release } = await heldPage(browser, baseURL, PHONE, "/");
    await page.locator("summary").filter({ hasText: "Open menu" }).click({ delay: 100 });
    await notHydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    release();
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close menu" }).click({ delay: 100 });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await context.close();
  });

  test("the Services menu a pointer opened stays open as the scripts take over", async ({
    browser,
    baseURL,
  }) => {
    const { context, page, release } = await heldPage(browser, baseURL, DESKTOP, "/process");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Services" }).hover();
    await notHydrated(page);
    const assetMap = header.getByRole("link", { name: /^Asset Map/ });
    await expect(assetMap).toBeVisible();
    release();
    await waitForHydration(page);
    await expect(header.getByRole("button", { name: "Services" })).toHaveAttribute("aria-expanded", "true");
    await expect(assetMap).toBeVisible();
    await context.close();
  });

  test("Sign In pressed before the scripts run signs in, and what was typed before them is kept", async ({
    browser,
    baseURL,
  }) => {
    const { context, page, release } = await heldPage(browser, baseURL, DESKTOP, "/admin/login");
    await page.getByLabel("Username").fill(DEMO_ADMIN.username);
    await page.getByLabel("Password").fill(DEMO_ADMIN.password);
    await notHydrated(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click({ delay: 100 });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.locator("body")).not.toContainText('{"username"');
    release();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${DEMO_ADMIN.username}`);

    // Signed out again, typed before hydration, sent after it: the script sends what the page held.
    const {
      context: held,
      page: again,
      release: releaseHeld,
    } = await heldPage(browser, baseURL, DESKTOP, "/admin/login");
    await again.getByLabel("Username").fill(DEMO_ADMIN.username);
    await again.getByLabel("Password").fill(DEMO_ADMIN.password);
    releaseHeld();
    await waitForHydration(again);
    await expect(again.getByLabel("Username")).toHaveValue(DEMO_ADMIN.username);
    await expect(again.getByLabel("Password")).toHaveValue(DEMO_ADMIN.password);
    await again.getByRole("button", { name: "Sign In", exact: true }).click({ delay: 100 });
    await expect(again.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${DEMO_ADMIN.username}`);
    await held.close();
    await context.close();
  });
});
