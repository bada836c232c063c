import { join } from "node:path";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, fileIntake, PHONE, signIn, watchForErrors } from "./helpers";

/**
 * The desk's saved views in the browser (issue 45, ADR 301): a row of views above the filters, each with its
 * count, leading into the list with the view in the address; the one open is marked, the filters keep it, and
 * All requests leaves it. Axe and full-page screenshots at 1024, 1280 and 390 px.
 */
const LAPTOP = { width: 1024, height: 768 };
const WIDTHS = [
  ["1024", LAPTOP],
  ["1280", DESKTOP],
  ["390", PHONE],
] as const;

test("the saved views count the open requests, open their lists and keep the filters beside them", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const run = Date.now().toString(36);
  const mine = await fileIntake(origin, { name: `Mina Queue ${run}` });
  await fileIntake(origin, { name: `Otto Other ${run}` });
  const problems = watchForErrors(page);
  await signIn(page, origin);
  // A reply from the signed-in admin puts the request in their queue.
  const list = (await (await page.request.get(`/api/admin/submissions?q=${mine}`)).json()) as {
    items: { id: number }[];
  };
  const id = list.items[0]?.id;
  const replied = await page.request.post(`/api/admin/submissions/${id}/replies`, {
    headers: { origin, "sec-fetch-site": "same-origin" },
    data: { body: "Thank you: we will call you this morning." },
  });
  expect(replied.status(), await replied.text()).toBe(201);

  await page.goto("/admin/submissions");
  const views = page.getByRole("navigation", { name: "Saved views" });
  await expect(views.getByRole("link", { name: "All requests" })).toHaveAttribute("aria-current", "page");
  const queue = views.getByRole("link", { name: /^My queue \d+ requests?$/ });
  await expect(queue).toBeVisible();
  const counts = (await (await page.request.get("/api/admin/desk/views")).json()) as {
    counts: Record<string, number>;
  };
  expect(counts.counts.mine).toBeGreaterThanOrEqual(1);
  await expect(queue).toContainText(String(counts.counts.mine));
  await shots(page, "desk-views-all");

  await queue.click();
  await expect(page).toHaveURL(/\/admin\/submissions\?view=mine$/);
  await expect(queue).toHaveAttribute("aria-current", "page");
  await expect(views.getByText("Open requests you replied to, noted or moved.")).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(page.getByRole("table").getByText(`Mina Queue ${run}`)).toBeVisible();
  await expect(page.getByRole("table").getByText(`Otto Other ${run}`)).toHaveCount(0);
  // Asked again until the view's list has replaced the whole one (a count read once could catch the old list).
  await expect(rows).toHaveCount((counts.counts.mine ?? 0) + 1);

  // A filter beside the view keeps it; All requests leaves it.
  await page.getByLabel("Order").selectOption({ label: "Soonest due first" });
  await expect(page).toHaveURL(/view=mine/);
  await expect(page).toHaveURL(/sort=due/);
  await shots(page, "desk-views-mine");
  await views.getByRole("link", { name: "All requests" }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?sort=due$/);
  await expect(page.getByRole("table").getByText(`Otto Other ${run}`)).toBeVisible();
  expect(problems).toEqual([]);
});

async function shots(page: import("@playwright/test").Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  for (const [label, size] of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    // No table's box scrolls sideways at this width.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("table")].some((t) => {
        const box = t.closest("div") ?? t;
        return box.scrollWidth > box.clientWidth + 1;
      }),
    );
    expect(wide, `a table scrolls sideways at ${label} px`).toBe(false);
    if (dir) await page.screenshot({ path: join(dir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test("the board holds the open requests by stage and is moved through with the keyboard", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const run = Date.now().toString(36);
  await fileIntake(origin, { name: `Bea Board ${run}` });
  await fileIntake(origin, { name: `Cal Board ${run}` });
  const problems = watchForErrors(page);
  await signIn(page, origin, "/admin/submissions");
  await page
    .getByRole("navigation", { name: "Saved views" })
    .getByRole("link", { name: "Board by stage" })
    .click();
  await expect(page).toHaveURL(/\/admin\/submissions\?layout=board$/);
  const board = page.getByRole("region", { name: "Board by stage" });
  for (const column of ["New", "Quoted", "Awaiting signature", "Awaiting payment", "In work", "Delivered"])
    await expect(board.getByRole("heading", { level: 3, name: new RegExp(`^${column} \\d+`) })).toBeVisible();
  const fresh = board.getByRole("region", { name: /^New \d+/ }).getByRole("link");
  // The cards come with the board's answer, after the columns' headings: counted once they have.
  await expect.poll(() => fresh.count()).toBeGreaterThanOrEqual(2);
  // One card in the Tab order; the arrows move focus between cards, Enter opens one.
  await expect(board.locator('a[tabindex="0"]')).toHaveCount(1);
  await fresh.first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(fresh.nth(1)).toBeFocused();
  await expect(fresh.nth(1)).toHaveAttribute("tabindex", "0");
  await page.keyboard.press("ArrowUp");
  await expect(fresh.first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(fresh.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(fresh.first()).toBeFocused();
  await shots(page, "desk-board");
  const name = (await fresh.first().locator("span").first().textContent()) ?? "";
  await fresh.first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(problems).toEqual([]);
});
