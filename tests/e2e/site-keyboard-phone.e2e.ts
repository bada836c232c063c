import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { installQuietFocus, walkFocus } from "./focus-walk";
import { DESKTOP, expectNoAxeViolations, PHONE, publicPages, signIn, waitForHydration } from "./helpers";

const LAPTOP = { width: 1280, height: 800 };

/** Pages whose indicators are also compared on screen, pixel by pixel (slower than the computed styles). */
const ON_SCREEN = new Set(["/", "/services/asset-map", "/contact"]);

test.describe("every focus stop shows a focus indicator of 3:1 against what surrounds it", () => {
  test.describe.configure({ timeout: 600_000 });
  for (const [label, viewport] of [
    ["1280px", DESKTOP],
    ["390px", PHONE],
  ] as const) {
    test(`on every public page at ${label}`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      await installQuietFocus(page);
      const faults: string[] = [];
      for (const path of await publicPages(request)) {
        await page.goto(path);
        await waitForHydration(page);
        const walk = await walkFocus(page, { pixels: ON_SCREEN.has(path) });
        expect(walk.stops.length, `${path} has focus stops`).toBeGreaterThan(5);
        for (const f of walk.faults) faults.push(`${path} ${f.element}: ${f.reason}`);
      }
      await context.close();
      expect(faults).toEqual([]);
    });
  }

  test("inside the open phone menu too", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    await installQuietFocus(page);
    await page.goto("/services/asset-map");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const walk = await walkFocus(page, { pixels: true });
    await context.close();
    expect(walk.faults).toEqual([]);
  });
});

test.describe("the phone menu is a dialog", () => {
  test.use({ viewport: PHONE });

  const openMenu = async (page: Page) => {
    await page.goto("/about");
    await waitForHydration(page);
    // Somewhere down the page, so a scroll that leaks through would show.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  test("it covers the page with a dimmed backdrop, hides the Request Intake bar and says Close menu", async ({
    page,
  }) => {
    const dialog = await openMenu(page);
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("button", { name: "Close menu", exact: true })).toBeVisible();
    await expect(page.getByTestId("sticky-intake")).toBeHidden();
    // What lies below the menu's own panel is the dialog's backdrop, dimmed, not the page.
    const below = await page.evaluate(() => {
      const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 4);
      const dialogEl = document.querySelector("[role=dialog], dialog");
      const backdrop = dialogEl ? getComputedStyle(dialogEl, "::backdrop").backgroundColor : "";
      return { inDialog: Boolean(dialogEl && hit && dialogEl.contains(hit)), backdrop };
    });
    expect(below.inDialog).toBe(true);
    expect(below.backdrop).not.toBe("");
    expect(below.backdrop).not.toBe("rgba(0, 0, 0, 0)");
    // Modal: the page behind it is inert, out of reach of pointer, keyboard and assistive technology.
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("the page behind it does not scroll", async ({ page }) => {
    await openMenu(page);
    const before = await page.evaluate(() => window.scrollY);
    // The wheel is seen by the page, and two frames are drawn after it: a scroll it caused would show by then.
    await page.evaluate(() => {
      const seen = window as unknown as { wheelSeen?: boolean };
      const mark = () => {
        seen.wheelSeen = true;
      };
      document.addEventListener("wheel", mark, { capture: true, passive: true });
    });
    await page.mouse.move(195, 800);
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => (window as unknown as { wheelSeen?: boolean }).wheelSeen === true);
    await page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn(null)))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test("Tab and Shift+Tab stay inside it", async ({ page }) => {
    const dialog = await openMenu(page);
    const stops = await dialog.locator("a[href], button").count();
    const inside = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog], dialog")));
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press("Tab");
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
    }
  });

  test("Escape closes it, gives focus back to the menu button, and the page scrolls again", async ({
    page,
  }) => {
    const dialog = await openMenu(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu", exact: true });
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("sticky-intake")).toBeVisible();
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(195, 600);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  });

  test("Close menu closes it; so does following a link", async ({ page }) => {
    const dialog = await openMenu(page);
    await dialog.getByRole("button", { name: "Close menu", exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
    await dialog.getByRole("link", { name: "Process", exact: true }).click();
    await expect(page).toHaveURL(/\/process$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("main")).toBeVisible();
  });
});

test.describe("the floating Request Intake button", () => {
  /**
   * The calls to the intake a visitor sees, at each scroll position from top to bottom in steps of a third of a
   * screen: the header's Start, the phone's bar and the page's own intake buttons, each counted where it is in
   * view, shown and not under the sticky header.
   */
  const callsInView = (page: Page) =>
    page.evaluate(async () => {
      const seen: string[] = [];
      const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const bottom = document.documentElement.scrollHeight - window.innerHeight;
      /** The calls in view now; a page's packages ("Request This Service", each with its ?service=) are one choice. */
      const calls = () => {
        const shown = [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid=header-start], [data-testid=sticky-intake], main a[href^="/contact"][class*="btn-"]',
          ),
        ].filter((el) => {
          if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
          const r = el.getBoundingClientRect();
          const top = el.closest("header") ? 0 : header;
          return r.width > 0 && r.bottom > top && r.top < window.innerHeight;
        });
        const packages = shown.filter((el) => el.getAttribute("href")?.includes("service="));
        const others = shown.filter((el) => !packages.includes(el)).map((el) => el.textContent?.trim() ?? "");
        return packages.length ? [...others, "the page's packages"] : others;
      };
      for (let y = 0; ; y = Math.min(y + Math.round(window.innerHeight / 3), bottom)) {
        window.scrollTo(0, y);
        // The buttons step aside when the browser reports what is in view, then in a short transition: wait until
        // one call shows, up to 2 s, and record what is in view then.
        let now = calls();
        for (const until = Date.now() + 2_000; now.length !== 1 && Date.now() < until; now = calls())
          await new Promise((r) => requestAnimationFrame(r));
        seen.push(now.length === 1 ? "1" : `at ${y}px [${now.join(" | ")}]`);
        if (y >= bottom) break;
      }
      return seen;
    });

  for (const [label, viewport] of [
    ["1280", LAPTOP],
    ["390", PHONE],
  ] as const) {
    test(`at ${label} px, one call to the intake is in view at a time, at any scroll position of any public page`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(viewport);
      const wrong: string[] = [];
      for (const path of await publicPages(request)) {
        if (path === "/contact" || path === "/thanks") continue;
        await page.goto(path);
        await waitForHydration(page);
        const seen = await callsInView(page);
        const off = seen.filter((n) => n !== "1");
        if (off.length) wrong.push(`${path}: ${off.join(", ")}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  test("from 1024 px up the button floats at bottom right once the page moves under the header, in place of Start", async ({
    page,
  }) => {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/articles");
      await waitForHydration(page);
      // At the top the header's Start is the call; nothing floats.
      await expect(page.getByTestId("sticky-intake")).toBeHidden();
      await expect(page.getByTestId("header-start")).toBeVisible();
      // Moved under the header, with none of the page's own calls in view: the floating button, bottom right.
      await page.evaluate(() => window.scrollTo(0, 600));
      const floating = page.getByTestId("sticky-intake");
      await expect(floating).toBeVisible();
      await expect(page.getByTestId("header-start")).toBeHidden();
      const box = (await floating.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      expect(box.x + box.width).toBeGreaterThan(width - 48);
      expect(box.x).toBeGreaterThan(width / 2);
      expect(box.y + box.height).toBeGreaterThan(800 - 48);
      // At the page's end it leaves the footer readable, and Start is the call again.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(floating).toBeHidden();
      await expect(page.getByTestId("header-start")).toBeVisible();
    }
  });

  test("on a phone, the bar leaves the end of every page readable", async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(PHONE);
    const covered: string[] = [];
    for (const path of await publicPages(request)) {
      if (path === "/contact" || path === "/thanks") continue;
      await page.goto(path);
      const hits = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const bar = document
          .querySelector<HTMLElement>("[data-testid=sticky-intake]")
          ?.getBoundingClientRect();
        if (!bar) return ["no bar"];
        const walker = document.createTreeWalker(
          document.querySelector("footer") ?? document.body,
          NodeFilter.SHOW_TEXT,
        );
        const hits: string[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects())
            if (r.height && r.bottom > bar.top && r.top < bar.bottom)
              hits.push(n.textContent.trim().slice(0, 50));
        }
        return hits;
      });
      for (const hit of hits) covered.push(`${path} "${hit}"`);
    }
    expect(covered).toEqual([]);
  });

  for (const path of ["/contact", "/thanks"]) {
    test(`is not shown on ${path}`, async ({ page }) => {
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByTestId("sticky-intake")).toHaveCount(0);
      }
    });
  }
});

test.describe("Request This Service opens the intake form with that service chosen", () => {
  const CASES = [
    { from: "/services/asset-map", value: "asset-map", name: "Asset Map" },
    { from: "/services/transaction-trace", value: "transaction-trace", name: "Transaction Trace" },
    { from: "/services/judgment-intel", value: "judgment-intel", name: "Judgment Intel" },
  ];

  for (const { from, value, name } of CASES) {
    test(`from ${from}, in the browser`, async ({ page }) => {
      await page.goto(from);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Request This Service" }).first().click();
      await expect(page).toHaveURL(new RegExp(`/contact\\?service=${value}$`));
      await expect(page.getByLabel("Service you need")).toHaveValue(value);
      await expect(page.getByRole("main").getByTestId("chosen-service")).toContainText(name);
    });
  }

  test("each individual package chooses its own, with JavaScript off too", async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      for (const [i, value, name] of [
        [0, "individual-asset-check", "Individual Asset Check"],
        [1, "record-ready-prep", "Record-Ready Prep"],
      ] as const) {
        await page.goto("/for-individuals");
        if (javaScriptEnabled) await waitForHydration(page);
        await page
          .getByRole("link", { name: /^Request This Service/ })
          .nth(i)
          .click();
        await expect(page).toHaveURL(new RegExp(`/contact\\?service=${value}$`));
        await expect(page.getByLabel("Service you need")).toHaveValue(value);
        await expect(page.getByTestId("chosen-service")).toContainText(name);
      }
      await context.close();
    }
  });

  test("the server renders the choice before any script runs, and ignores a value it does not know", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/services/transaction-trace");
    await page.getByRole("link", { name: "Request This Service" }).first().click();
    await expect(page.getByLabel("Service you need")).toHaveValue("transaction-trace");
    const bogus = await page.goto("/contact?service=%3Cscript%3E");
    expect(bogus?.status()).toBe(200);
    await expect(page.getByLabel("Service you need")).toHaveValue("");
    await expect(page.getByTestId("chosen-service")).toHaveCount(0);
    await page.goto("/contact");
    await expect(page.getByLabel("Service you need")).toHaveValue("");
    await context.close();
  });

  test("after hydration the chosen page matches what the server sent, and plain /contact chooses nothing", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/contact?service=judgment-intel");
    await waitForHydration(page);
    await expect(page.getByLabel("Service you need")).toHaveValue("judgment-intel");
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByLabel("Service you need")).toHaveValue("");
    expect(errors).toEqual([]);
  });
});

test("people and testimonials entered in the admin appear on /about and the home page", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole("navigation").getByRole("link", { name: "People & Testimonials" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("People");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "New Person" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Dana Whitfield");
  await page.getByLabel("Role").fill("Principal, Forensic Accountant");
  await page.getByLabel("Credentials (optional)").fill("CPA, CFE");
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Save Person" }).click();
  await expect(page.getByRole("form", { name: "Photo" })).toBeVisible();
  await page.getByRole("link", { name: "People & Testimonials" }).first().click();
  await page.getByRole("link", { name: "New Testimonial" }).click();
  await page.getByLabel("Quote").fill("Their schedules settled the case before the hearing.");
  await page.getByLabel("Attribution").fill("Family-law partner, Dallas");
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Save Testimonial" }).click();
  await expect(page).toHaveURL(/\/admin\/firm\/testimonials\/\d+$/);
  const testimonial = page.url();
  for (const path of ["/about", "/"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: /Dana Whitfield/ })).toBeVisible();
    await expect(page.getByText("Their schedules settled the case before the hearing.")).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // Deleting asks first, names what goes, and the quote leaves the site.
  await page.goto(testimonial);
  await expect(page.getByLabel("Attribution")).toHaveValue("Family-law partner, Dallas");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this testimonial?" });
  await expect(confirm).toContainText('"Family-law partner, Dallas" will be removed');
  await confirm.getByRole("button", { name: "Delete Testimonial" }).click();
  await expect(page).toHaveURL(/\/admin\/firm$/);
  await page.goto("/about");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: /Dana Whitfield/ })).toBeVisible();
  await expect(page.getByText("Their schedules settled the case before the hearing.")).toHaveCount(0);
});
