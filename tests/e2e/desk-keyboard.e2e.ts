import type { APIRequestContext, Page } from "@playwright/test";
import { validIntake } from "../helpers/intake-body";
import { firmToday } from "./engagement";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";

/** Files a request through the public API from an address of its own; returns its reference. */
async function submitIntake(request: APIRequestContext, baseURL: string, name: string, firm: string) {
  const visitor = `198.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const res = await request.post("/api/contact", {
    headers: { origin: baseURL, "x-forwarded-for": visitor },
    data: validIntake(new Date(), {
      name,
      firm,
      email: "keys@desk-keys.example",
      phone: "(312) 555-0101",
      subjectType: "individual",
      jurisdictions: "Cook County, IL",
      desiredService: "transaction-trace",
      description: "Marital estate with transfers to an entity formed the month before filing.",
    }),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/** The list narrowed to one firm's requests, by the address (Back returns to it). */
async function openList(page: Page, firm: string) {
  await page.goto(`/admin/submissions?q=${encodeURIComponent(firm)}`);
  await waitForHydration(page);
  await expect(page.getByText(/^Showing 1–2 of 2 matching submissions\.$/)).toBeVisible();
}

for (const [size, viewport] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${size} px: / searches, j and k move, Enter opens, e replies, ? lists the keys`, async ({
    page,
    request,
    baseURL,
  }) => {
    const firm = `Keys ${size} ${Date.now()}`;
    await submitIntake(request, baseURL!, `Ada Keys-${size}`, firm);
    await submitIntake(request, baseURL!, `Bo Keys-${size}`, firm);
    await page.setViewportSize(viewport);
    const problems = watchForErrors(page);
    await signIn(page);
    await openList(page, firm);

    await page.keyboard.press("/");
    const search = page.getByLabel("Search name, email, firm, phone, reference or description");
    await expect(search).toBeFocused();
    // Typed into a field, j and k are letters, not moves.
    await page.keyboard.type("jk");
    await expect(search).toBeFocused();
    await expect(search).toHaveValue(`${firm}jk`);
    await search.fill(firm);
    // On a busy machine the typed "jk" may have been searched for before the fill (the list then matched nothing):
    // the moves are tried once the list follows the words as they now stand.
    await expect(page).toHaveURL(
      new RegExp(`\\?q=${encodeURIComponent(firm).replace(/%20/g, "(\\+|%20)")}$`),
    );
    await expect(page.getByText(/^Showing 1–2 of 2 matching submissions\.$/)).toBeVisible();
    await page.locator("h1").click();

    const rows = page.locator("a[data-desk-open]").locator("visible=true");
    await page.keyboard.press("j");
    await expect(rows.nth(0)).toBeFocused();
    await expect(rows.nth(0)).toHaveText(`Bo Keys-${size}`);
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("k");
    await expect(rows.nth(0)).toBeFocused();

    await page.keyboard.press("?");
    const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(keys).toBeVisible();
    for (const what of [
      "Search the requests",
      "Next request",
      "Previous request",
      "Open the request",
      "Write a reply",
    ]) {
      await expect(keys.getByRole("cell", { name: what })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(keys).toBeHidden();
    // Focus comes back to the request it left.
    await expect(rows.nth(0)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/submissions\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bo Keys-${size}`);
    await waitForHydration(page);
    await page.keyboard.press("e");
    await expect(page.locator("#reply-body")).toBeFocused();
    await expect(page.locator("#reply-body")).toBeInViewport();
    if (viewport === PHONE) {
      // On a phone the status is one tap from the top, not below the whole history.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page
        .getByRole("navigation", { name: "On this request" })
        .getByRole("link", { name: "Status" })
        .click();
      await expect(page.locator("#submission-status")).toBeInViewport();
      // The jump is a step in the history of its own: Back first returns to the top of the request.
      await page.goBack();
    }

    // Back returns to the same filtered list.
    await page.goBack();
    await expect(page).toHaveURL(
      new RegExp(`\\?q=${encodeURIComponent(firm).replace(/%20/g, "(\\+|%20)")}$`),
    );
    await expect(page.getByText(/^Showing 1–2 of 2 matching submissions\.$/)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test(`at ${size} px: ticked requests change status in one action and export alone; toasts keep off the nav`, async ({
    page,
    request,
    baseURL,
  }) => {
    const firm = `Bulk ${size} ${Date.now()}`;
    await submitIntake(request, baseURL!, `Cy Bulk-${size}`, firm);
    await submitIntake(request, baseURL!, `Di Bulk-${size}`, firm);
    await page.setViewportSize(viewport);
    const problems = watchForErrors(page);
    await signIn(page);
    await openList(page, firm);

    const boxes = page.getByRole("checkbox", { name: /^Select (Cy|Di) Bulk-/ }).locator("visible=true");
    await expect(boxes).toHaveCount(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const bar = page.getByRole("region", { name: "Selected requests" });
    await expect(bar).toContainText("2 requests selected");
    const exportLink = bar.getByRole("link", { name: "Export Selected" });
    const href = (await exportLink.getAttribute("href")) ?? "";
    expect(href).toMatch(/\/api\/admin\/submissions\/export\.csv\?ids=\d+(%2C|,)\d+$/);
    const csv = await (await page.request.get(href)).text();
    expect(csv.trim().split(/\r?\n/)).toHaveLength(3);
    expect(csv).toContain(`Cy Bulk-${size}`);
    await expectNoAxeViolations(page);

    await bar.getByLabel("Set status").selectOption({ label: "Closed" });
    await bar.getByRole("button", { name: "Change 2 requests" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Status Changed" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("2 of 2 requests now Closed.");
    const visibleList = page.locator("table, ul[aria-label='Submissions']").locator("visible=true");
    await expect(visibleList.getByText("Closed", { exact: true })).toHaveCount(2);

    // The toast never lies over the admin's navigation: the sidebar, or on a phone the bar with its menu.
    const nav = await page.getByRole("banner").boundingBox();
    const shown = await toast.boundingBox();
    expect(nav && shown).toBeTruthy();
    const overlaps =
      shown!.x < nav!.x + nav!.width &&
      nav!.x < shown!.x + shown!.width &&
      shown!.y < nav!.y + nav!.height &&
      nav!.y < shown!.y + shown!.height;
    expect(overlaps).toBe(false);

    // The status filter applies as it is chosen, and the address keeps it.
    await page.getByLabel("Status").first().selectOption({ label: "Closed" });
    await expect(page).toHaveURL(/status=closed/);
    await expect(page.getByText(/^Showing 1–2 of 2 matching submissions\.$/)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test(`at ${size} px: the audit log speaks in words, filters by who, what and when, and hides views unless asked`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const problems = watchForErrors(page);
    await signIn(page, "", "/admin/submissions");
    // The list's own request finishes first: leaving the page would abort it, and an aborted request is no fault.
    await page.waitForLoadState("networkidle");
    await page.goto("/admin/audit");
    await waitForHydration(page);
    const table = page.getByRole("table", { name: /Audit log entries/ });
    await expect(table.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
    await expect(table.getByRole("cell", { name: "Submissions listed" })).toHaveCount(0);
    // Nothing of an entry is out of view: the log's box does not scroll sideways, on a phone either (five
    // columns there showed the time and half the event).
    const box = page.getByRole("region", { name: "Audit log entries" });
    expect(await box.evaluate((b) => b.scrollWidth - b.clientWidth)).toBeLessThanOrEqual(0);
    await expect(table.getByRole("cell", { name: /^Signed in/ }).first()).toContainText("admin");

    await page.getByLabel("Show views (lists and opened requests)").check();
    await expect(page).toHaveURL(/views=1/);
    await expect(table.getByRole("cell", { name: "Submissions listed" }).first()).toBeVisible();

    await page.getByLabel("What").selectOption({ label: "Sign-in and accounts" });
    await expect(page).toHaveURL(/area=account/);
    await expect(table.getByRole("cell", { name: "Submissions listed" })).toHaveCount(0);
    await expect(table.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();

    await page.getByLabel("Who (username)").fill("nobody-here");
    await expect(page).toHaveURL(/user=nobody-here/);
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await page.getByLabel("Who (username)").fill("admin");
    await expect(page).toHaveURL(/user=admin/);

    // The filter's days are the firm's (its zone, not the browser's): the firm's today holds the sign-in above.
    const today = firmToday();
    await page.getByLabel("From").fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}`));
    await expect(table.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Back undoes the last filter: the address is the log's state.
    await page.goBack();
    await expect(page).not.toHaveURL(/from=/);
    await expect(page).toHaveURL(/area=account/);
    expect(problems).toEqual([]);
  });
}
