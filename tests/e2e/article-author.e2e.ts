import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration } from "./helpers";

const SLUG = "tracing-funds-through-shell-companies";
type Person = { id: number };

/** The admin API as the signed-in page calls it (same origin, its session cookie). */
const api = (page: Page) => {
  const headers = { origin: new URL(page.url()).origin };
  return {
    post: (path: string, data: unknown) => page.request.post(path, { data, headers }),
    patch: (path: string, data: unknown) => page.request.patch(path, { data, headers }),
    remove: (path: string) => page.request.delete(path, { headers }),
  };
};

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
};

for (const [width, size] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${width} px an article names its author from the firm's people, links to them on About, and the editor offers them`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await signIn(page);
    const call = api(page);
    const made = async (path: string, data: unknown) => {
      const res = await call.post(path, data);
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as Person;
    };
    const dana = await made("/api/admin/people", {
      name: "Dana Whitfield",
      role: "Principal",
      credentials: "CPA, CFE",
      published: true,
    });
    const jo = await made("/api/admin/people", { name: "Jo Marsh", role: "Analyst", published: true });
    const article = await made("/api/admin/articles", {
      title: "Tracing Funds Through Shell Companies",
      slug: `${SLUG}-${width}`,
      description: "How registered agents and UCC filings tie a shell company to the person behind it.",
      content: "## Start with the registered agent\n\nThe agent's address is public.\n",
      authorPersonId: dana.id,
      published: true,
    });
    try {
      // The article page: the byline names the person, their role and credentials, and links to them on About.
      await page.goto(`/articles/${SLUG}-${width}`);
      await waitForHydration(page);
      const byline = page.getByTestId("article-author");
      await expect(byline).toHaveText("Written by Dana Whitfield, Principal (CPA, CFE)");
      await expectNoAxeViolations(page);
      await shot(page, `article-author-${width}`);
      await byline.getByRole("link", { name: "Dana Whitfield" }).click();
      await expect(page).toHaveURL(new RegExp(`/about#person-${dana.id}$`));
      await expect(page.getByRole("heading", { name: /Dana Whitfield/ })).toBeInViewport();

      // The editor: an accessible Author choice listing the firm's published people, the stored one chosen.
      await page.goto(`/admin/articles/${article.id}`);
      await waitForHydration(page);
      const author = page.getByRole("combobox", { name: "Author", exact: true });
      await expect(author.locator("option:checked")).toHaveText("Dana Whitfield, Principal (CPA, CFE)");
      await expect(author.locator("option")).toContainText(["No one named: Tracewell", "Jo Marsh, Analyst"]);
      await expectNoAxeViolations(page);
      await shot(page, `article-editor-author-${width}`);

      // A person unpublished since the editor loaded: saving them is refused at the field, which takes focus.
      expect((await call.patch(`/api/admin/people/${jo.id}`, { published: false })).status()).toBe(200);
      await author.selectOption({ label: "Jo Marsh, Analyst" });
      await page.getByRole("button", { name: "Save Article" }).click();
      await expect(author).toBeFocused();
      await expect(author).toHaveAttribute("aria-invalid", "true");
      await expect(author).toHaveAccessibleDescription(
        /Choose one of the firm's published people, or none\./,
      );
      await expectNoAxeViolations(page);
    } finally {
      await call.remove(`/api/admin/articles/${article.id}`);
      await call.remove(`/api/admin/people/${dana.id}`);
      await call.remove(`/api/admin/people/${jo.id}`);
    }
  });
}
