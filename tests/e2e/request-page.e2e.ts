import { join } from "node:path";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, fileIntake, PHONE, signIn, watchForErrors } from "./helpers";

/**
 * The request page taken in at a glance (issue 45, ADR 301): under the name, where the request stands (its
 * engagement's stage) and what is done next, with a link to the section where it is done; a bar of sections
 * (Status, Request, Engagement, Money, Documents, History) that stays at the top, each one step away, and what it
 * leads to is not hidden under it. Axe and full-page screenshots at 1024, 1280 and 390 px.
 */
const LAPTOP = { width: 1024, height: 768 };

for (const [label, size] of [
  ["1024", LAPTOP],
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${label} px the request page says where it stands and reaches each section in one step`, async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    const reference = await fileIntake(origin, { name: `Rhea Sections ${label}` });
    const problems = watchForErrors(page);
    await page.setViewportSize(size);
    await signIn(page, origin, `/admin/submissions?q=${reference}`);
    await page
      .getByRole("link", { name: `Rhea Sections ${label}` })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rhea Sections ${label}`);

    const standing = page.getByRole("region", { name: "Stage and next step" });
    await expect(standing).toContainText("Stage: No engagement yet");
    await expect(standing).toContainText("Next: Send the first response: reply, or record a call.");
    await expect(standing.getByRole("link", { name: "Request" })).toHaveAttribute("href", "#section-request");
    await expectNoAxeViolations(page);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({
        path: join(process.env.SCREENSHOT_DIR, `request-page-${label}.png`),
        fullPage: true,
      });

    const sections = page.getByRole("navigation", { name: "On this request" });
    for (const [link, heading] of [
      ["History", "History and notes"],
      ["Engagement", "Engagement"],
      ["Documents", "Documents"],
      ["Request", "Contact"],
      ["Status", "Status"],
    ] as const) {
      await sections.getByRole("link", { name: link, exact: true }).click();
      // The bar stays in view, and the section's heading is below it, not under it.
      await expect(sections).toBeInViewport();
      const target = page.getByRole("heading", { level: 2, name: heading, exact: true }).first();
      await expect(target).toBeInViewport();
      const bar = await sections.boundingBox();
      const top = await target.boundingBox();
      expect(top && bar && top.y >= bar.y + bar.height - 1, `${link}: its heading is under the bar`).toBe(
        true,
      );
    }
    expect(problems).toEqual([]);
  });
}
