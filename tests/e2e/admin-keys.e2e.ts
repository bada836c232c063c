import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  DESKTOP,
  expectNoAxeViolations,
  fileIntake,
  PHONE,
  signIn,
  waitForHydration,
  watchForErrors,
} from "./helpers";
import { type OwnServer, ROOT, startOwnServer } from "./own-server";

/**
 * Issue 21: the admin's command menu (Ctrl/Cmd-K), the articles list keeping its filters in the address, and the
 * retention dry run shown before fewer days are saved; at 1280 and 390 px, with axe.
 */
/** Screenshots go beside the system's temporary files, never into the repository. */
const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), "tracewell-admin-keys-shots");
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const;

for (const [size, viewport] of VIEWPORTS) {
  test(`at ${size} px: Ctrl-K finds a request by reference and a screen by name; Escape gives focus back`, async ({
    page,
    baseURL,
  }) => {
    const name = `Marisol Menu-${size}-${Date.now()}`;
    const reference = await fileIntake(baseURL!, {
      name,
      firm: "Command Menu LLP",
      email: "menu@command-menu.example",
      subjectType: "individual",
      jurisdictions: "Cook County, IL",
      description: "A boat and a cabin moved to a cousin's LLC three weeks before the petition.",
    });
    await page.setViewportSize(viewport);
    const problems = watchForErrors(page);
    await signIn(page);
    await waitForHydration(page);

    // Focus is somewhere in the admin when the menu opens: the sidebar's Articles link, on a phone the menu button.
    const articlesLink =
      viewport === PHONE
        ? page.getByRole("button", { name: "Open menu" })
        : page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Articles" });
    await articlesLink.focus();
    await page.keyboard.press("Control+k");
    const menu = page.getByRole("dialog", { name: "Go to a request or screen" });
    await expect(menu).toBeVisible();
    const input = menu.getByRole("combobox", { name: "Reference, name or screen" });
    await expect(input).toBeFocused();
    // Empty, it lists every admin screen.
    await expect(menu.getByRole("option")).toHaveCount(13);
    await expect(menu.getByRole("option").first()).toHaveAttribute("aria-selected", "true");

    // A screen by its name; the arrows move the active option, and it shows.
    await input.fill("data");
    await expect(menu.getByRole("option")).toHaveCount(1);
    await expect(menu.getByRole("option", { name: /Data & Privacy/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await input.fill("a");
    await page.keyboard.press("ArrowDown");
    const second = menu.getByRole("option").nth(1);
    await expect(second).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id")) ?? "");
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    if (viewport === PHONE) {
      const box = await menu.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SHOTS, `command-menu-screens-${size}.png`) });

    // Escape closes it and focus is back where it was.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(articlesLink).toBeFocused();

    // A request by its reference: Enter opens it.
    await page.keyboard.press("Control+k");
    await expect(input).toBeFocused();
    await input.fill(reference);
    const found = menu.getByRole("option", { name: new RegExp(name) });
    await expect(found).toBeVisible();
    await expect(found).toContainText(reference);
    await expect(menu.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(menu.getByText(/^1 result\./)).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `command-menu-request-${size}.png`) });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/submissions\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(menu).toBeHidden();

    // By name, from inside the request's page, and Cmd-K works as Ctrl-K does.
    await waitForHydration(page);
    await page.keyboard.press("Meta+k");
    await expect(input).toBeFocused();
    await input.fill(name);
    await expect(menu.getByRole("option", { name: new RegExp(name) })).toBeVisible();
    await input.fill("audit");
    await expect(menu.getByRole("option", { name: /Audit Log/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit Log");

    // The menu's key is on the ? list.
    await waitForHydration(page);
    await page.locator("h1").click();
    await page.keyboard.press("?");
    const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(keys.getByRole("cell", { name: "Go to a request or screen" })).toBeVisible();
    await expect(keys.getByText("Ctrl K (⌘ K on a Mac)")).toBeVisible();
    await page.keyboard.press("Escape");

    // On a phone, without a keyboard, the bar's Go To button opens the same menu.
    await page.getByRole("button", { name: /^Go To/ }).click();
    await expect(menu).toBeVisible();
    await expect(input).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: /^Go To/ })).toBeFocused();
    expect(problems).toEqual([]);
  });

  test(`at ${size} px: the articles list keeps its search and filters in the address; Back returns to them`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const problems = watchForErrors(page);
    await signIn(page, "", "/admin/articles");
    const list = page.getByRole("list", { name: "Articles" });
    await expect(list.getByRole("heading", { name: /^Asset Tracing 101/ })).toBeVisible();

    await page.getByLabel("Search", { exact: true }).fill("divorce");
    await expect(page).toHaveURL(/\/admin\/articles\?q=divorce$/);
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByLabel("Sort by", { exact: true }).selectOption("title");
    await expect(page).toHaveURL(/\/admin\/articles\?q=divorce&status=published&sort=title$/);
    await expect(list.getByRole("heading", { name: /^Asset Tracing 101/ })).toHaveCount(0);
    await expect(list.getByRole("heading", { name: /^Hidden Assets in Divorce/ })).toBeVisible();
    // By title: A before H, once the sorted list has come (read again until it has; a failure names the titles).
    await expect
      .poll(async () => {
        const titles = await list.getByRole("heading", { level: 2 }).allTextContents();
        const at = (start: string) => titles.findIndex((t) => t.startsWith(start));
        const [a, h] = [at("Asset Discovery in Divorce"), at("Hidden Assets in Divorce")];
        return a >= 0 && a < h ? "A before H" : titles.join(" | ");
      })
      .toBe("A before H");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SHOTS, `articles-filtered-${size}.png`), fullPage: true });

    // Into an article and Back: the same list, the same words in the box.
    await list.getByRole("link", { name: /^Edit\s*: Hidden Assets in Divorce/ }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/articles\?q=divorce&status=published&sort=title$/);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("divorce");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("published");
    await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("title");
    await expect(list.getByRole("heading", { name: /^Hidden Assets in Divorce/ })).toBeVisible();
    await expect(list.getByRole("heading", { name: /^Asset Tracing 101/ })).toHaveCount(0);

    // One step further back: the whole list, before any filter.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/articles(\?q=divorce)?$/);

    // A shared link opens the same list.
    await page.goto("/admin/articles?status=draft&q=no-such-article-words");
    await waitForHydration(page);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("no-such-article-words");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("draft");
    await expect(page.getByText("No articles match these filters.")).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test.describe("the retention dry run, on requests decided 100 days ago (the same binary, the real clock)", () => {
  let base = "";
  let own: OwnServer | undefined;
  let seeded: { declined: string; closed: string; kept: string };

  test.beforeAll(async () => {
    own = await startOwnServer({
      name: "retention",
      smtp: false,
      seed: (dataDir) => {
        seeded = JSON.parse(
          execFileSync("bun", ["tests/e2e/seed-retention.ts", dataDir], { cwd: ROOT, encoding: "utf8" }),
        ) as typeof seeded;
      },
    });
    base = own.origin;
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  /** The references the desk still holds, through its own search. */
  async function held(page: Page) {
    const res = await page.request.get(`${base}/api/admin/submissions?pageSize=100`);
    return ((await res.json()) as { items: { reference: string }[] }).items.map((i) => i.reference).sort();
  }

  for (const [size, viewport] of VIEWPORTS) {
    test(`at ${size} px: fewer days show what would be deleted at once; Cancel keeps the policy, confirming saves it`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const problems = watchForErrors(page);
      await signIn(page, base);
      const all = [seeded.declined, seeded.closed, seeded.kept].sort();
      expect(await held(page)).toEqual(all);
      await page.goto(`${base}/admin/privacy`);
      await waitForHydration(page);
      const unengaged = page.getByLabel("Requests that ended without an engagement (days)");
      await expect(unengaged).toHaveValue("365");
      await expect(page.getByText("No request is due for deletion in the next 30 days.")).toBeVisible();

      await unengaged.fill("30");
      await page.getByRole("button", { name: "Save Policy" }).click();
      const confirm = page.getByRole("dialog", { name: "Keep requests for fewer days?" });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText("The next purge would delete 2 requests at once");
      const listed = confirm.getByRole("list", { name: "Requests the new policy deletes" });
      await expect(listed.getByRole("listitem")).toHaveCount(2);
      await expect(listed).toContainText(seeded.declined);
      await expect(listed).toContainText(seeded.closed);
      await expect(listed).not.toContainText(seeded.kept);
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: join(SHOTS, `retention-dry-run-${size}.png`) });
      // The dry run deleted nothing.
      expect(await held(page)).toEqual(all);

      // Cancel: nothing saved, focus back on the button that asked.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole("button", { name: "Save Policy" })).toBeFocused();
      const policy = async () =>
        ((await (await page.request.get(`${base}/api/admin/retention`)).json()) as { unengagedDays: number })
          .unengagedDays;
      expect(await policy()).toBe(365);

      // Confirm: saved, and the next purges list the two as due.
      await page.getByRole("button", { name: "Save Policy" }).click();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith("/api/admin/retention") && r.request().method() === "PUT",
      );
      await confirm.getByRole("button", { name: "Save Shorter Policy" }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: "Retention Policy Saved" })).toBeVisible();
      await expect(confirm).toBeHidden();
      expect(await policy()).toBe(30);
      const upcoming = page.getByRole("region", { name: "Next Purges" });
      await expect(upcoming.getByText(seeded.declined)).toBeVisible();
      await expect(upcoming.getByText("Due: deleted at the next purge")).toHaveCount(2);
      await page.screenshot({ path: join(SHOTS, `retention-saved-${size}.png`), fullPage: true });

      // Back to more days: no question asked (nothing more would be deleted).
      await unengaged.fill("365");
      const restored = page.waitForResponse(
        (r) => r.url().endsWith("/api/admin/retention") && r.request().method() === "PUT",
      );
      await page.getByRole("button", { name: "Save Policy" }).click();
      expect((await restored).status()).toBe(200);
      await expect(confirm).toBeHidden();
      expect(await policy()).toBe(365);
      expect(await held(page)).toEqual(all);
      expect(problems).toEqual([]);
    });
  }
});
