import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration, watchForErrors } from "./helpers";

const FIXED = [
  "hidden-assets-divorce-records",
  "asset-tracing-101-follow-the-money",
  "beneficial-ownership-shells-entity-mapping",
  "lawful-digital-breadcrumbs",
  "probate-estates-locate-accounts",
];
const BUILT_IN = ["asset-discovery-in-divorce", "public-records-corroboration", "probate-red-flags"];
const PAGES = ["/articles", "/resources", ...[...FIXED, ...BUILT_IN].map((s) => `/articles/${s}`)];
const DOWNLOADS = [
  { name: "Attorney Intake Checklist", file: "attorney-intake-checklist.pdf", magic: "%PDF" },
  { name: "Records Request Template", file: "records-request-template.docx", magic: "PK" },
  { name: "Public-Records Sources", file: "public-records-sources.pdf", magic: "%PDF" },
];

test.describe("articles and resources load cleanly", () => {
  for (const path of PAGES) {
    test(`${path} hydrates with no console error and no failed request`, async ({ page }) => {
      const problems = watchForErrors(page);
      await page.setViewportSize(DESKTOP);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test("an unknown article answers 404 with Article Not Found and a way back", async ({ page }) => {
    const problems = watchForErrors(page, { allowStatus: [404] });
    const response = await page.goto("/articles/no-such-article");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
    await page.getByRole("link", { name: "Back to Articles" }).click();
    await expect(page).toHaveURL(/\/articles$/);
    // The site's own eight are listed, each once (ADR 160); other specs publish more on this shared server.
    await expectEveryBuiltInListed(page);
    // /articles lists stored articles, so reaching it from another page is a document load, which may cancel
    // the previous page's icon request.
    expect(problems).toEqual([]);
  });

  test("Read opens an article and Back to Articles returns", async ({ page }) => {
    const problems = watchForErrors(page);
    await page.goto("/articles");
    await waitForHydration(page);
    await page
      .getByRole("link", {
        name: /^Read\s*: Beneficial Ownership: Mapping Shell Companies From Public Filings$/,
      })
      .click();
    await expect(page).toHaveURL(/\/articles\/beneficial-ownership-shells-entity-mapping$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Beneficial Ownership: Mapping Shell Companies From Public Filings",
    );
    await expect(page).toHaveTitle(
      "Beneficial Ownership: Mapping Shell Companies From Public Filings | Tracewell",
    );
    await page.getByRole("link", { name: "Back to Articles" }).click();
    await expect(page).toHaveURL(/\/articles$/);
    // Every article comes with its document (ADR 061, 160): a document load may cancel the icon request.
    expect(problems.filter((p) => !p.includes("net::ERR_ABORTED"))).toEqual([]);
  });
});

async function expectEveryBuiltInListed(page: Page) {
  const reads = page.getByRole("link", { name: /^Read/ });
  for (const slug of [...FIXED, ...BUILT_IN]) {
    await expect(reads.and(page.locator(`[href="/articles/${slug}"]`))).toHaveCount(1);
  }
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the article list and every article read completely", async ({ page }) => {
    await page.goto("/articles");
    // The site's own eight are listed, each once (ADR 160); other specs publish more on this shared server.
    await expectEveryBuiltInListed(page);
    for (const slug of [...FIXED, ...BUILT_IN]) {
      await page.goto(`/articles/${slug}`);
      const article = page.getByRole("article");
      await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await article.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      await expect(article.getByText(/\d+ min read/)).toBeVisible();
      await expect(article.getByTestId("article-author")).toHaveText("Written by Tracewell");
      await expect(article.getByRole("link", { name: "Request Intake" })).toHaveAttribute("href", "/contact");
      await expect(article.getByRole("link", { name: "Back to Articles" })).toHaveAttribute(
        "href",
        "/articles",
      );
    }
  });

  test("resources show format, size and a working download", async ({ page }) => {
    await page.goto("/resources");
    for (const d of DOWNLOADS) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: d.name }) });
      await expect(card.getByText(/^\d+(\.\d)? KB$/)).toBeVisible();
      await expect(card.getByRole("link", { name: new RegExp(`^Download\\s*: ${d.name}$`) })).toHaveAttribute(
        "href",
        `/docs/${d.file}`,
      );
    }
    await expect(page.getByText("Informational only, not legal advice")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /^Download\s*: Attorney Intake Checklist$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("attorney-intake-checklist.pdf");
  });
});

test("each Download link downloads the file whose size the page shows", async ({ page }) => {
  await page.goto("/resources");
  await waitForHydration(page);
  for (const d of DOWNLOADS) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: d.name }) });
    const shown = (await card.getByTestId("resource-size").textContent())?.trim();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: new RegExp(`^Download\\s*: ${d.name}$`) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(d.file);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, d.magic.length).toString("latin1")).toBe(d.magic);
    const kb = bytes.length / 1024;
    expect(shown).toBe(kb < 10 ? `${kb.toFixed(1)} KB` : `${Math.round(kb)} KB`);
  }
});

test.describe("accessibility", () => {
  for (const [label, viewport] of [
    ["1280px", DESKTOP],
    ["390px", PHONE],
  ] as const) {
    for (const path of [...PAGES, "/articles/no-such-article"]) {
      test(`axe finds nothing on ${path} at ${label}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
      });
    }
  }
});
