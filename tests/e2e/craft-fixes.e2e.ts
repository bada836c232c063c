import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  DEMO_ADMIN,
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  signIn,
  waitForHydration,
  watchForErrors,
} from "./helpers";

/**
 * The small faults of issue 45, as a person meets them: an editor's dashboard shows the work their role holds and
 * asks the server for nothing it refuses; the articles screen says truly that the site's own articles are listed;
 * an empty draft claims no reading time; on /thanks the toast never lies over the page's own confirmation. Axe
 * and full-page screenshots (SCREENSHOT_DIR) at 1024, 1280 and 390 px on each screen changed.
 */
const LAPTOP = { width: 1024, height: 768 };
const WIDTHS = [
  ["1024", LAPTOP],
  ["1280", DESKTOP],
  ["390", PHONE],
] as const;
const PASSWORD = "a long enough passphrase";
const run = Date.now().toString(36);
const sameOrigin = (origin: string) => ({ origin, "sec-fetch-site": "same-origin" });

async function atEveryWidth(page: Page, name: string, widths = WIDTHS) {
  const shots = process.env.SCREENSHOT_DIR;
  for (const [label, size] of widths) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** An editor invited by the demo owner, joined through the link (no mail on the demo server). */
async function editorAccount(api: APIRequestContext, origin: string) {
  const headers = sameOrigin(origin);
  expect((await api.post("/api/admin/login", { headers, data: DEMO_ADMIN })).status()).toBe(200);
  const username = `editor-craft-${run}`;
  const invited = await api.post("/api/admin/staff/invitations", {
    headers,
    data: { email: `${username}@tracewell.example`, name: `Editor ${run}`, role: "editor" },
  });
  expect(invited.status()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split("#")[1];
  const joined = await api.post("/api/admin/staff-invitation/accept", {
    headers,
    data: { token, username, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(joined.status()).toBe(201);
  return username;
}

test("an editor's dashboard shows the site's articles and drafts, and asks for nothing the role may not read", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const api = await playwright.request.newContext({ baseURL: origin });
  const editor = await editorAccount(api, origin);
  // A draft to find there, written by the owner.
  const draft = await api.post("/api/admin/articles", {
    headers: sameOrigin(origin),
    data: {
      title: `Notes on lien searches ${run}`,
      slug: `lien-notes-${run}`,
      description: "A draft the editor picks up from the dashboard.",
      content: "",
      published: false,
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/admin/")) asked.push(new URL(r.url()).pathname);
  });
  const problems = watchForErrors(page);

  await page.request.post("/api/admin/login", { data: { username: editor, password: PASSWORD } });
  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  const panel = page.getByRole("region", { name: "Articles" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/\d+ published · \d+ drafts?/)).toBeVisible();
  const drafts = panel.getByRole("list", { name: "Drafts, last changed first" });
  await expect(drafts.getByRole("link", { name: `Notes on lien searches ${run}` })).toBeVisible();
  await expect(panel.getByRole("link", { name: "New Article" })).toHaveAttribute(
    "href",
    "/admin/articles/new",
  );
  // Nothing the role is refused: no backups, no desk, no setup.
  expect(asked.filter((p) => /backups|desk|setup|submissions|data-requests/.test(p))).toEqual([]);
  await atEveryWidth(page, "craft-editor-dashboard");
  expect(problems).toEqual([]);

  // The draft opens from there, and an empty draft claims no reading time.
  await drafts.getByRole("link", { name: `Notes on lien searches ${run}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Article");
  await expect(page.getByTestId("reading-time")).toHaveText("Nothing to read yet");
  await api.dispose();
});

test("the articles screen lists the site's own articles and says so", async ({ page, baseURL }) => {
  await signIn(page, baseURL, "/admin/articles");
  const list = page.getByRole("list", { name: "Articles" });
  // The built-in articles are stored at first start: they are in the list like any other.
  const builtIn = await page.request.get("/api/admin/articles");
  const titles = ((await builtIn.json()) as { title: string }[]).map((a) => a.title);
  expect(titles.length).toBeGreaterThan(0);
  await expect(list.getByRole("heading", { name: titles[0] })).toBeVisible();
  await expect(page.getByText("The site's own articles are not listed here")).toHaveCount(0);
  await expect(page.getByText(/The articles the site came with are listed here too/)).toBeVisible();

  // An empty new article says there is nothing to read, not "5 min read".
  await page.goto("/admin/articles/new");
  await waitForHydration(page);
  await expect(page.getByTestId("reading-time")).toHaveText("Nothing to read yet");
  await atEveryWidth(page, "craft-article-new");
});

for (const [label, size] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`on /thanks at ${label} px the toast lies over neither the reference nor the confirmation`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.20.${size.width % 250}.9` });
    await page.clock.install();
    await page.goto("/contact");
    await waitForHydration(page);
    await page.clock.fastForward(60_000);
    await page.getByLabel("Full name").fill("Dana Whitfield");
    await page.getByLabel("Email").fill("dana@whitfieldmoss.example");
    await page.getByLabel("Phone").fill("(312) 555-0199");
    await page.getByLabel("Your role").selectOption("attorney");
    await page.getByLabel("Matter type").selectOption("family-law");
    await page.getByLabel("Subject type").selectOption("both");
    await page.getByLabel("Service you need").selectOption("asset-map");
    await page.getByLabel("Jurisdictions").fill("Cook County, IL");
    await page
      .getByLabel("Brief description of the matter")
      .fill("Divorce, 2023-DR-004512. A lake house bought through an LLC in 2022; need an asset map.");
    await page.getByLabel(/^I understand that work is performed/).check();
    // Sent from the bottom of the form, where a toast at the bottom would have opened.
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL(/\/thanks$/);
    const toast = page.getByRole("status").filter({ hasText: "Request Submitted" });
    await expect(toast).toBeVisible();
    const marked = page.locator("[data-toast-avoid]");
    await expect(marked).toHaveCount(2);
    await expect(page.getByText(/Confirmation (sent|email)/)).toBeVisible();
    // The toast settles at the edge that is clear: measured once it no longer moves.
    await expect
      .poll(async () => {
        const t = await toast.boundingBox();
        if (!t) return "no toast";
        for (const box of await marked.evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          }),
        )) {
          const w = Math.min(t.x + t.width, box.x + box.width) - Math.max(t.x, box.x);
          const h = Math.min(t.y + t.height, box.y + box.height) - Math.max(t.y, box.y);
          if (w > 0 && h > 0) return "covers";
        }
        return "clear";
      })
      .toBe("clear");
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `craft-thanks-toast-${label}.png`) });
    await expectNoAxeViolations(page);
  });
}

for (const [label, size] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${label} px a client-side navigation starts at the top with focus on the new page's heading`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const problems = watchForErrors(page);
    await page.goto("/articles");
    await waitForHydration(page);
    // Down the list, as a reader who scrolled to an older article.
    const links = page.locator("main li a.btn-outline[href^='/articles/']");
    const last = links.last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const href = (await last.getAttribute("href")) ?? "";
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).toBeInViewport();

    // Another navigation, by the site's own links (no full load): the same.
    await page.getByRole("contentinfo").getByRole("link", { name: "Process" }).click();
    await expect(page).toHaveURL(/\/process$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
  });
}
