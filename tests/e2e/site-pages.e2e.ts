import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  publicPages,
  waitForHydration,
  watchForErrors,
} from "./helpers";

/** Each site page with its h1 and a few phrases a reader must find in it. */
const PAGES = [
  {
    path: "/services/asset-map",
    h1: "Asset Map",
    text: ["What's Included", "Deliverables", "Public Records Search", "Frequently asked questions"],
  },
  {
    path: "/services/transaction-trace",
    h1: "Transaction Trace",
    text: ["What's Included", "Deliverables", "$10k–$20k fixed fee, or $350/hour"],
  },
  {
    path: "/services/judgment-intel",
    h1: "Judgment Intel",
    text: ["What we monitor", "Deliverables", "7+", "Quarterly"],
  },
  {
    path: "/for-individuals",
    h1: "Find what's missing. The right way.",
    text: ["Lawful Use Only", "When to Work Directly with an Attorney", "How It Works"],
  },
  {
    path: "/process",
    h1: "Our Process",
    text: ["Counsel-Directed Scope", "Chain of custody", "Secure handling"],
  },
  {
    path: "/compliance",
    h1: "Lawful methods, and nothing else",
    text: ["What we do", "What we don't do", "Privacy and handling"],
  },
  {
    path: "/engagement-terms",
    h1: "Engagement Terms",
    text: ["Fees and retainers", "Termination and refunds", "Dispute resolution"],
  },
  {
    path: "/about",
    h1: "Forensic accountants who answer one question: what is there?",
    text: ["What sets us apart", "Our approach"],
  },
  { path: "/privacy", h1: "Privacy Policy", text: ["Information we collect", "Contact us"] },
] as const;

const SERVICE_PATHS = ["/services/asset-map", "/services/transaction-trace", "/services/judgment-intel"];

const faqButtons = (page: Page) =>
  page.getByRole("region", { name: "Frequently asked questions" }).getByRole("button");

test.describe("site pages load cleanly", () => {
  for (const { path, h1 } of PAGES) {
    test(`${path} hydrates with no console error and no failed request`, async ({ page }) => {
      const problems = watchForErrors(page);
      await page.setViewportSize(DESKTOP);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  }
});

test.describe("site pages read completely with JavaScript off", () => {
  for (const { path, h1, text } of PAGES) {
    test(path, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      const main = page.getByRole("main");
      for (const phrase of text)
        await expect(main.getByText(phrase).filter({ visible: true }).first()).toBeVisible();
      if (SERVICE_PATHS.includes(path)) {
        // Every FAQ answer is readable without the accordion's script.
        const regions = page.locator("[data-testid=faq-item] section");
        await expect(regions).toHaveCount(5);
        for (const region of await regions.all()) await expect(region).toBeVisible();
      }
      await context.close();
    });
  }
});

/** The heading levels in document order, hidden ones included (a screen reader's outline reads them). */
const headingLevels = (page: Page) =>
  page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));

/**
 * axe with its best-practice rules as well as WCAG A/AA (heading order, landmarks, one main, one h1), and no
 * skipped heading level as the W3C checker reads it: each heading at most one level below the one before.
 */
async function expectSoundPage(page: Page, path: string) {
  await expectNoAxeViolations(page, { bestPractice: true });
  const levels = await headingLevels(page);
  expect(levels[0], `${path} starts with its h1`).toBe(1);
  const skips = levels.flatMap((level, i) =>
    i > 0 && level > (levels[i - 1] as number) + 1 ? [`h${levels[i - 1]} → h${level}`] : [],
  );
  expect(skips, `${path} skips a heading level`).toEqual([]);
}

test.describe("accessibility of site pages", () => {
  for (const [label, viewport] of [
    ["1280px", DESKTOP],
    ["390px", PHONE],
  ] as const) {
    for (const { path } of PAGES) {
      test(`axe (best practice too) finds nothing on ${path} at ${label}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForHydration(page);
        if (SERVICE_PATHS.includes(path)) await faqButtons(page).first().click();
        await expectSoundPage(page, path);
      });
    }
  }
});

/**
 * The public pages beyond PAGES (home, lists, every article, the intake page, and those the sitemap leaves out).
 * With PAGES, this is every public page: axe runs once on each, with its best-practice rules on top of WCAG's.
 */
async function otherPublicPaths(page: Page) {
  const covered = new Set<string>(PAGES.map((p) => p.path));
  return (await publicPages(page.request)).filter((p) => !covered.has(p));
}

test.describe("every other public page passes axe's best-practice rules too", () => {
  for (const [label, viewport] of [
    ["1280px", DESKTOP],
    ["390px", PHONE],
  ] as const) {
    test(`at ${label}: heading order, landmarks, one main and one h1`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const paths = await otherPublicPaths(page);
      expect(paths).toEqual(expect.arrayContaining(["/", "/articles", "/resources", "/contact"]));
      expect(paths.filter((p) => p.startsWith("/articles/")).length).toBeGreaterThan(3);
      // A page load and a full axe run each, on a machine that may be busy.
      test.setTimeout(paths.length * 20_000);
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        await test.step(path, () => expectSoundPage(page, path));
      }
    });
  }
});

test.describe("FAQ accordion", () => {
  test("one answer open at a time, and the open one closes again", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/services/asset-map");
    await waitForHydration(page);
    const buttons = faqButtons(page);
    await expect(buttons).toHaveCount(5);
    for (const b of await buttons.all()) await expect(b).toHaveAttribute("aria-expanded", "false");

    const first = buttons.nth(0);
    const second = buttons.nth(1);
    const firstAnswer = page.getByRole("region", { name: "What sources do you search?" });
    const secondAnswer = page.getByRole("region", { name: "Can you find the subject's bank accounts?" });
    await expect(firstAnswer).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toContainText("Public records only");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(secondAnswer).toBeVisible();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(firstAnswer).toBeHidden();

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(secondAnswer).toBeHidden();
  });

  test("works from the keyboard", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/services/judgment-intel");
    await waitForHydration(page);
    const buttons = faqButtons(page);
    await buttons.first().focus();
    await page.keyboard.press("Enter");
    await expect(buttons.first()).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press(" ");
    await expect(buttons.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(buttons.first()).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press(" ");
    await expect(buttons.nth(1)).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("End");
    await expect(buttons.last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(buttons.first()).toBeFocused();
    // Tab leaves the accordion rather than cycling inside it.
    await buttons.last().focus();
    await page.keyboard.press("Tab");
    await expect(buttons.last()).not.toBeFocused();
  });

  test("starts closed after a client-side navigation too", async ({ page }) => {
    const problems = watchForErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/process");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Transaction Trace" }).click();
    await expect(page).toHaveURL(/\/services\/transaction-trace$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transaction Trace");
    for (const b of await faqButtons(page).all()) await expect(b).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveTitle(/^Transaction Trace: .* \| Tracewell$/);
    expect(problems).toEqual([]);
  });
});

test.describe("calls to action and details", () => {
  test("service and individual buttons lead to the intake page, with their service chosen", async ({
    page,
  }) => {
    await page.goto("/services/asset-map");
    for (const link of await page.getByRole("link", { name: "Request This Service" }).all())
      await expect(link).toHaveAttribute("href", "/contact?service=asset-map");
    await page.goto("/for-individuals");
    const packages = page.getByRole("link", { name: /^Request This Service/ });
    await expect(packages).toHaveCount(2);
    for (const [i, link] of (await packages.all()).entries())
      await expect(link).toHaveAttribute(
        "href",
        `/contact?service=${["individual-asset-check", "record-ready-prep"][i]}`,
      );
    await expect(page.getByRole("link", { name: /attorney referral/ })).toHaveAttribute("href", "/contact");
  });

  test("engagement terms offer the sample letter as a download", async ({ page }) => {
    await page.goto("/engagement-terms");
    const link = page.getByRole("link", { name: /Download the sample engagement letter/ });
    await expect(link).toHaveAttribute("href", "/docs/sample-engagement-letter.pdf");
    await expect(link).toHaveAttribute("download", "");
  });

  test("privacy shows this month as Last Updated", async ({ page }) => {
    await page.goto("/privacy");
    await waitForHydration(page);
    // This month as the product writes one: "Nov 2026" (ADR 266).
    const now = new Date();
    const month = `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][now.getUTCMonth()]} ${now.getUTCFullYear()}`;
    await expect(page.getByText(`Last Updated: ${month}`)).toBeVisible();
  });
});
