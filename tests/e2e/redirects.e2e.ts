import { expect, test } from "./fixtures";

/**
 * A browser given this site's address with a path built to leave it (issue 17) follows the site's redirect
 * and stays here: the old 308 to "//evil.example" took it to another site and was cached.
 */
for (const path of ["//evil.example/", "///evil.example/", "/\\evil.example/"]) {
  test(`${path} on this site stays on this site`, async ({ page, baseURL }) => {
    const response = await page.goto(`${baseURL}${path}`);
    expect(new URL(page.url()).origin).toBe(baseURL);
    expect(new URL(page.url()).pathname).toBe("/evil.example");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
}
