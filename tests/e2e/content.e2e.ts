import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";

const toastStatus = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

test.describe("articles written in the admin", () => {
  test("an editor opened for an entry that no longer exists says so and leads back to the list", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    for (const [path, heading, back, listHeading] of [
      ["/admin/articles/999999", "Article not found", "All Articles", "Articles"],
      ["/admin/case-studies/999999", "Case study not found", "All Case Studies", "Case Studies"],
      ["/admin/resources/999999", "Resource not found", "All Resources", "Resources"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await page.getByRole("link", { name: back }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(listHeading);
    }
  });

  test("write, publish, read on the site, unpublish and see 404", async ({ page }) => {
    const problems = watchForErrors(page, { allowStatus: [404] });
    const suffix = Date.now().toString(36);
    const title = `Reading a Grantor Index ${suffix}`;
    const slug = `reading-a-grantor-index-${suffix}`;
    await page.setViewportSize(DESKTOP);
    await signIn(page);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Articles" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles");
    await page.getByRole("link", { name: "New Article" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Article");

    await page.getByLabel("Title").fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page
      .getByLabel("Description")
      .fill(
        "How the recorder's grantor and grantee index shows what someone bought, sold and borrowed against.",
      );
    await page
      .getByLabel("Content (Markdown)")
      .fill(
        "## Start with the index\n\nSearch the **grantor** side for sales and the grantee side for purchases.\n\n<script>window.__pwned = true</script>\n\n[bad link](javascript:window.__pwned=true)",
      );
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Start with the index" })).toBeVisible();
    await expect(preview.getByText("<script>window.__pwned = true</script>")).toBeVisible();
    await expect(page.getByTestId("reading-time")).toHaveText("1 min read");
    await expectNoAxeViolations(page);

    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save Article" }).click();
    await expect(toastStatus(page)).toContainText("Article Saved");
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    const editUrl = page.url();

    // On the public site: listed on /articles, readable at its slug, never running the stored script.
    await page.goto("/articles");
    await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(`^Read ?: ${title}$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${slug}$`));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "Start with the index" })).toBeVisible();
    await expect(page.getByText("Written by Tracewell")).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expect(page.getByRole("link", { name: "bad link" })).toHaveCount(0);

    // Unpublish: the article answers 404 at once.
    await page.goto(editUrl);
    await waitForHydration(page);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await page.getByLabel("Published").uncheck();
    await page.getByRole("button", { name: "Save Article" }).click();
    await expect(toastStatus(page)).toContainText("Article Saved");
    const gone = await page.goto(`/articles/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");

    // Delete with confirmation from the list.
    await page.goto("/admin/articles");
    await waitForHydration(page);
    await page.getByRole("button", { name: new RegExp(`^Delete ?: ${title}$`) }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this article?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Delete Article" }).click();
    await expect(toastStatus(page)).toContainText("Article Deleted");
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    // The 404 is the unpublished article itself; a navigation may abort the previous page's icon request.
    expect(problems.filter((p) => !p.includes(`/articles/${slug}`))).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`admin article screens pass axe at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, "", "/admin/articles");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles");
      await expectNoAxeViolations(page);
      await page.goto("/admin/articles/new");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Article");
      await expectNoAxeViolations(page);
      await page.goto("/admin/resources");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Records Request Template" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/admin/resources/new");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Resource");
      await expectNoAxeViolations(page);
      await page.goto("/admin/case-studies");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Studies");
      await expectNoAxeViolations(page);
      await page.goto("/admin/case-studies/new");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Case Study");
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("case studies written in the admin", () => {
  test("publish one and it shows on /case-studies with every field; delete it and it is gone", async ({
    page,
  }) => {
    const problems = watchForErrors(page);
    const title = `Dissipation before a Chapter 7 filing ${Date.now().toString(36)}`;
    await page.setViewportSize(DESKTOP);
    await signIn(page, "", "/admin/case-studies/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Category").fill("Bankruptcy");
    await page
      .getByLabel("Description")
      .fill("Transfers to an insider in the year before filing, traced from produced statements.");
    await page
      .getByLabel("Challenge")
      .fill("The trustee suspected transfers to a relative but had only summary schedules.");
    await page
      .getByLabel("Approach")
      .fill("We traced 14 months of statements and matched deposits to a relative's new LLC.");
    await page
      .getByLabel("Outcome")
      .fill("Exhibit-ready schedules supported the trustee's avoidance action.");
    await page.getByLabel("Assets recovered (optional)").fill("$1.2M");
    await page.getByLabel("Turnaround in days (optional)").fill("21");
    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save Case Study" }).click();
    await expect(toastStatus(page)).toContainText("Case Study Saved");
    await expect(page).toHaveURL(/\/admin\/case-studies\/\d+$/);
    const editorUrl = page.url();

    await page.goto("/case-studies");
    await waitForHydration(page);
    const story = page.getByRole("article", { name: title });
    await expect(story).toContainText("Bankruptcy");
    await expect(story).toContainText("$1.2M");
    await expect(story).toContainText("21 days");
    await expect(story).toContainText("avoidance action");
    await expectNoAxeViolations(page);

    // Delete from the editor this time (the article test deletes from the list).
    await page.goto(editorUrl);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete Case Study" }).click();
    await expect(toastStatus(page)).toContainText("Case Study Deleted");
    await expect(page).toHaveURL(/\/admin\/case-studies$/);
    await page.goto("/case-studies");
    await expect(page.getByRole("article", { name: title })).toHaveCount(0);
    // The e2e server runs in demo mode, whose seeded case studies stay, each labelled Sample.
    await expect(page.getByRole("article")).toHaveCount(3);
    await expect(page.getByText("Sample", { exact: true })).toHaveCount(3);
    expect(problems).toEqual([]);
  });
});

test.describe("resources managed in the admin", () => {
  test("a file that is not what its name says is refused; a CSV upload is listed and downloads", async ({
    page,
  }) => {
    const problems = watchForErrors(page, { allowStatus: [422] });
    const title = `County Lien Index ${Date.now().toString(36)}`;
    await page.setViewportSize(DESKTOP);
    await signIn(page, "", "/admin/resources/new");
    await page.getByLabel("Title").fill(title);
    await page
      .getByLabel("Description")
      .fill("Liens recorded against a subject, one row per county and instrument.");
    await expect(page.getByLabel("Category")).toHaveValue("general");
    // A new resource starts unpublished like every other kind of content: this one is meant for the site.
    await expect(page.getByLabel("Published")).not.toBeChecked();
    await page.getByLabel("Published").check();

    await page.getByLabel("File").setInputFiles({
      name: "index.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><body>not a pdf</body></html>"),
    });
    await page.getByRole("button", { name: "Save Resource" }).click();
    await expect(page.getByRole("alert")).toContainText("Resource Not Saved");
    await expect(page.getByText("Its content decides, not its name.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);

    await page.getByLabel("File").setInputFiles({
      name: "index.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("county,instrument,recorded\nKing,UCC-1,2024-05-02\n"),
    });
    await page.getByRole("button", { name: "Save Resource" }).click();
    await expect(toastStatus(page)).toContainText("Resource Saved");
    await expect(toastStatus(page)).toContainText("CSV");

    await page.goto("/resources");
    await waitForHydration(page);
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card).toContainText("CSV");
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: /^Download/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^county-lien-index-[a-z0-9]+\.csv$/);

    await page.goto("/admin/resources");
    await waitForHydration(page);
    await page.getByRole("button", { name: new RegExp(`^Delete ?: ${title}$`) }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete Resource" }).click();
    await expect(toastStatus(page)).toContainText("Resource Deleted");
    expect(problems).toEqual([]);
  });
});
