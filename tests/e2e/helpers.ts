import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { sha } from "../helpers/files";
import { validIntake } from "../helpers/intake-body";

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The SHA-256 of the engagement letter the portal offers the client: what their signature names. */
export async function letterSha256(page: Page, origin: string): Promise<string> {
  const letter = await page.request.get(`${origin}/api/portal/letter.pdf`);
  return sha(new Uint8Array(await letter.body()));
}

/**
 * Fails the test on any WCAG 2.0/2.1/2.2 A or AA violation axe-core finds on the page as it is now; with
 * `bestPractice`, on axe's best-practice rules too (heading order, landmarks, one main, one h1).
 */
export async function expectNoAxeViolations(page: Page, opts: { bestPractice?: boolean } = {}) {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
  if (opts.bestPractice) tags.push("best-practice");
  // axe.run in the page itself: the default run finishes in a blank page it opens for every check (a renderer
  // started and stopped each time, two thirds of a check's time), which only cross-origin frames need, and no page
  // here has a frame. Only violations are collected, the one list read.
  // (options() replaces what withTags() set: it comes first.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(tags)
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
  }));
  expect(summary).toEqual([]);
}

/**
 * Collects console errors, uncaught exceptions and failed requests while a test runs. Hydration mismatches
 * are reported by React as console errors, so an empty list also means a clean hydration.
 */
export function watchForErrors(page: Page, opts: { allowStatus?: number[] } = {}) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() !== "error" && m.type() !== "warning") return;
    // The browser reports the document's own 404 status as a console error on the 404 page.
    if (opts.allowStatus?.some((s) => m.text().includes(`status of ${s}`))) return;
    problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A request the page itself cancels when it navigates away (a fetch still running as the user moves on) is
    // not a failure anyone sees; every other failure is.
    if (r.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !opts.allowStatus?.includes(r.status()))
      problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

/** Resolves once React has hydrated: the client entry marks the root when hydration is done. */
export async function waitForHydration(page: Page) {
  await page.locator("#root[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Presses `button` like a person: pointer to its centre, down, 100 ms, up. The button must be where it was
 * when the press began until the release, with nothing over it; the caller then checks that the press did what
 * the button says.
 */
export async function press(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const before = await button.boundingBox();
  if (!before) throw new Error("the button has no box");
  const x = before.x + before.width / 2;
  const y = before.y + before.height / 2;
  // What the pointer lands on is the button itself, not something laid over it (a toast at 390 px, issue 17).
  const hit = () => button.evaluate((b, at) => b.contains(document.elementFromPoint(at.x, at.y)), { x, y });
  expect(await hit(), "something covers the button where it is pressed").toBe(true);
  await page.mouse.move(x, y);
  await page.mouse.down();
  // The hold is the test: nothing may move the button while it lasts (ADR 110).
  await page.waitForTimeout(100);
  const during = await button.boundingBox();
  expect(await hit(), "something covered the button during the press").toBe(true);
  await page.mouse.up();
  expect(during, "the button moved between press and release").toEqual(before);
}

/** The admin the e2e server (DEMO=1, start-binary.sh) seeds. */
export const DEMO_ADMIN = { username: "admin", password: "tracewell-demo" } as const;

/**
 * Signs in as the demo admin and opens `at` (the dashboard unless told), ready to use. The session is asked for
 * as the sign-in screen asks for it, the same request from the page's own browser context, which keeps the
 * cookie; the screen itself, its messages, its pending state and where it leads, is what admin-auth.e2e.ts and
 * form-press.e2e.ts test, and every other spec only needs to be signed in (a second of screen each time).
 */
export async function signIn(page: Page, origin = "", at = "/admin/dashboard") {
  const res = await page.request.post(`${origin}/api/admin/login`, {
    data: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  // A password alone signs in here: no second step is asked for (an account with one has its own sign-in).
  expect(await res.json()).toEqual({ username: DEMO_ADMIN.username });
  await page.goto(`${origin}${at}`);
  await waitForHydration(page);
  if (at === "/admin/dashboard")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${DEMO_ADMIN.username}`);
}

/** Signs out by the admin's own control: the sidebar's Logout, or on a phone the one in its menu. */
export async function logOut(page: Page) {
  const shown = page.getByRole("button", { name: "Logout" }).locator("visible=true");
  if ((await shown.count()) === 0) await page.getByRole("button", { name: "Open menu" }).click();
  await shown.first().click();
}

/**
 * Checks the page at both widths with axe, and keeps a full-page screenshot of each in SCREENSHOT_DIR when it is
 * set (named `<name>-1280.png` and `<name>-390.png`), to be looked at.
 */
export async function checkBothWidths(page: Page, name: string) {
  const shots = process.env.SCREENSHOT_DIR;
  for (const [width, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    // From the top of the page, as a person arriving sees it: where a step left the page scrolled, a sticky bar
    // (the request page's sections) can sit over part of a control, which axe's target-size rule counts as that
    // control's size; at another scroll offset the same page passes. Focus is kept clear of the bar by the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Files an intake request through the public API, as the form sends it, and answers its reference. Each call
 * comes from its own visitor address (read only where the server trusts a proxy), so the per-visitor limit of
 * the shared server is not what a spec tests by accident.
 */
export async function fileIntake(origin: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
    body: JSON.stringify(
      validIntake(new Date(), {
        email: "dana@whitfieldmoss.example",
        description: "Divorce, 2023-DR-004512. A lake house bought through an LLC in 2022.",
        ...fields,
      }),
    ),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/**
 * Every public page: the sitemap's, and those it leaves out (the intake page, the thank-you page, case studies,
 * the 404 page and an article's). The focus walks and the best-practice axe pass both go over this one list.
 */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  return [
    ...new Set([
      ...listed,
      "/contact",
      "/thanks",
      "/case-studies",
      "/no-such-page",
      "/articles/no-such-article",
    ]),
  ];
}
