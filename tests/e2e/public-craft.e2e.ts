import { expect, test } from "./fixtures";
import { expectNoAxeViolations, PHONE, waitForHydration } from "./helpers";

/** Issue 33's public-site points, each at the widths it is about. */

test("at 1024 px the header is one row: every item on the same line, the phone number named for screen readers", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  const header = page.locator("header").first();
  expect((await header.boundingBox())?.height).toBe(64);
  const rows = await header.evaluate((h) => {
    const items = [
      ...h.querySelectorAll<HTMLElement>("nav a, nav button, a[href^='tel:'], [data-testid=header-start]"),
    ];
    return items.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent?.trim() ?? "", height: Math.round(r.height) };
    });
  });
  // A link that wrapped to two rows is twice as tall as the others.
  for (const item of rows) expect(item.height, item.text).toBeLessThanOrEqual(44);
  await expect(header.getByRole("link", { name: "(555) 010-0142" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the home page's map of records is drawn whole, no card cut at its edges", async ({ page }) => {
  for (const width of [1024, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const cut = await page.evaluate(() => {
      const svg = document.querySelector<SVGSVGElement>("main svg[viewBox='0 0 560 440']");
      if (!svg) return ["no map"];
      const out: string[] = [];
      for (const rect of svg.querySelectorAll("rect")) {
        const box = rect.getBBox();
        const m = rect.getCTM();
        const ctm = svg.getCTM();
        if (!m || !ctm) continue;
        // In the drawing's own units: the rect's box moved by its group's translation.
        const x = box.x + (m.e - ctm.e) / ctm.a;
        const y = box.y + (m.f - ctm.f) / ctm.d;
        if (x < 0 || y < 0 || x + box.width > 560 || y + box.height > 440)
          out.push(`${rect.parentElement?.textContent?.trim()}: ${Math.round(x)},${Math.round(y)}`);
      }
      return out;
    });
    expect(cut, `at ${width} px`).toEqual([]);
  }
});

test("on a phone the contact page shows the form first, and Tab reaches it before the notes beside it", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/contact");
  await waitForHydration(page);
  const form = await page.getByRole("heading", { name: "Intake request" }).boundingBox();
  const notes = await page.getByRole("complementary", { name: "About this form" }).boundingBox();
  if (!form || !notes) throw new Error("missing boxes");
  expect(form.y).toBeLessThan(notes.y);
  // Tab from the page's start: the form's first field comes before the intake desk's e-mail link.
  await page.locator("main").focus();
  const order: string[] = [];
  for (let i = 0; i < 40 && order.length < 2; i++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (el?.id && document.querySelector(`label[for="${el.id}"]`)?.textContent === "Full name")
        return "form";
      if (el?.getAttribute("href")?.startsWith("mailto:") && el.closest("aside")) return "notes";
      return null;
    });
    if (name && !order.includes(name)) order.push(name);
  }
  expect(order).toEqual(["form", "notes"]);
  await expectNoAxeViolations(page);
});

for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["390", PHONE],
] as const) {
  test(`at ${label} px the skip link shows over the page without moving it, and takes focus to the content`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/about");
    await waitForHydration(page);
    const before = await page.locator("main").boundingBox();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const after = await page.locator("main").boundingBox();
    expect(after?.y).toBe(before?.y);
    expect(await skip.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
}

test("the resources grid leaves no card alone on its last row", async ({ page }) => {
  for (const width of [1280, 1024, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/resources");
    const rows = await page.evaluate(() => {
      const tops = new Map<number, number>();
      for (const card of document.querySelectorAll("main section[aria-label=Downloads] li")) {
        const top = Math.round(card.getBoundingClientRect().top);
        tops.set(top, (tops.get(top) ?? 0) + 1);
      }
      return [...tops.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
    });
    expect(rows.length, `at ${width} px`).toBeGreaterThan(0);
    expect(rows.at(-1), `at ${width} px: rows ${rows.join(" + ")}`).toBeGreaterThan(1);
  }
});
