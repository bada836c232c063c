import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration, watchForErrors } from "./helpers";

test.describe("home page", () => {
  test("reads completely with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Find what's hidden. Prove what's true.",
    );
    await expect(page.getByRole("link", { name: "Request Intake" }).first()).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.getByRole("link", { name: "See Packages" })).toBeVisible();
    for (const badge of [
      "Professional Standards",
      "No-Pretexting/GLBA",
      "Attorney-Directed",
      "Secure Workpapers",
    ]) {
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    }
    for (const service of ["Asset Map", "Transaction Trace", "Judgment Intel"]) {
      await expect(page.getByRole("heading", { name: service })).toBeVisible();
    }
    for (const step of [
      "Counsel-Directed Scope",
      "Intake & Records",
      "Analysis & Exhibits",
      "Delivery & Follow-Up",
    ]) {
      await expect(page.getByRole("heading", { name: step })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Ready to Get Started?" })).toBeVisible();
    await expect(page.getByText("Response SLA: one business day")).toBeVisible();
    await context.close();
  });

  test("hydrates without console errors and navigates without a full reload", async ({ page }) => {
    const problems = watchForErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await waitForHydration(page);
    // A marker on window survives client-side navigation but not a full page load.
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    // (Not the privacy policy: it states the live retention policy, which comes with the document.)
    await page.getByRole("contentinfo").getByRole("link", { name: "Engagement Terms" }).click();
    await expect(page).toHaveURL(/\/engagement-terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Engagement Terms");
    await expect(page).toHaveTitle(/^Engagement Terms/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Find what's hidden. Prove what's true.",
    );
    expect(problems).toEqual([]);
  });
});

test("a page whose code is not loaded yet arrives by client navigation", async ({ page }) => {
  const problems = watchForErrors(page, { allowStatus: [404] });
  await page.goto("/no-such-page");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find what's hidden. Prove what's true.");
  await expect(page).toHaveTitle(/^Tracewell: /);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  expect(problems).toEqual([]);
});

test.describe("header", () => {
  test("Services menu opens on hover and closes when the pointer leaves", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page.getByRole("banner").getByRole("button", { name: "Services" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await trigger.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link", { name: /Asset Map/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Transaction Trace/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Judgment Intel/ })).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });

  test("Services menu works from the keyboard", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page.getByRole("banner").getByRole("button", { name: "Services" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /Asset Map/ }).first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();
    await page.keyboard.press(" ");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press(" ");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("marks the current page's link", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/process");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Process" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "About" })).not.toHaveAttribute("aria-current", "page");
  });

  test("phone menu toggles the links and Request Intake", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const name of [
      "Asset Map",
      "Process",
      "Compliance",
      "Articles",
      "About",
      "For Individuals",
      "Request Intake",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe("the phone's Request Intake bar", () => {
  test("sits full width at the bottom once the page's own button is out of view, and never covers the footer's last line", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await waitForHydration(page);
    const sticky = page.getByTestId("sticky-intake");
    // The hero's Request Intake is in view: the bar steps aside for it.
    await expect(
      page.getByRole("main").getByRole("link", { name: "Request Intake" }).first(),
    ).toBeInViewport();
    await expect(sticky).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 1400));
    await expect(sticky).toBeInViewport();
    await expect(sticky).toHaveAttribute("href", "/contact");
    // It slides up as it comes back: its place is read once the slide has ended.
    await expect
      .poll(async () => {
        const b = await sticky.boundingBox();
        return b && [b.x, Math.round(b.width), Math.round(b.y + b.height)];
      })
      .toEqual([0, PHONE.width, PHONE.height]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = await page.getByTestId("footer-last-line").boundingBox();
    const after = (await sticky.isVisible()) ? await sticky.boundingBox() : null;
    if (!last) throw new Error("no footer line");
    const overlaps =
      after !== null &&
      last.x < after.x + after.width &&
      after.x < last.x + last.width &&
      last.y < after.y + after.height &&
      after.y < last.y + last.height;
    expect(overlaps).toBe(false);
  });
});

test("unknown paths answer 404 with the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  const quick = page.getByRole("navigation", { name: "Quick links" });
  for (const href of ["/services/asset-map", "/for-individuals", "/articles", "/about"]) {
    await expect(quick.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
});

test.describe("accessibility", () => {
  for (const [label, viewport] of [
    ["1280px", DESKTOP],
    ["390px", PHONE],
  ] as const) {
    for (const path of ["/", "/no-such-page"]) {
      test(`axe finds nothing on ${path} at ${label}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
      });
    }
  }
});
