import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, fileIntake, PHONE, signIn } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * A kept device opens the portal without scripts (issue 44, ADR 306), on the built binary: a client whose
 * browser runs no script pastes the mailed link with "Keep me signed in on this device" ticked; once the
 * session has gone, /portal opens on their engagement from the device alone, at 1280 and 390 px.
 */
const server = ownServerForSpec({ name: "kept-device-no-script" });
test.describe.configure({ mode: "serial", timeout: 240_000 });
const SHOTS = process.env.SCREENSHOT_DIR;
const LINK = /http:\/\/[^/\s]+\/portal#token=[A-Za-z0-9_-]+/;

/**
 * axe runs as a script, which a context without JavaScript refuses: the markup the script-less page received
 * (its scripts removed) is served again to a page that can run axe. Full-page screenshots of the real page.
 */
async function checkWithoutScript(browser: Browser, page: Page, name: string, size: typeof DESKTOP) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await browser.newContext({ viewport: size });
  const copy = await context.newPage();
  const url = page.url().split("#")[0] as string;
  await copy.route(url, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
  await copy.goto(url);
  await expectNoAxeViolations(copy);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
  await context.close();
}

/** The portal's session cookie gone, as after its 12 hours: only the kept device's is left. */
async function sessionEnded(context: BrowserContext) {
  await context.clearCookies({ name: /^(__Host-)?tw_portal$/ });
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toContain("tw_portal_device");
  expect(names).not.toContain("tw_portal");
}

test("with the kept device's cookie, GET /portal opens the client's engagement with no script, at 1280 and 390", async ({
  browser,
}) => {
  const reference = await fileIntake(server.origin, { name: "Lee Harbor", email: "lee@harborlaw.example" });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, server.origin);
  const found = (await (
    await desk.request.get(`${server.origin}/api/admin/submissions?q=${reference}`)
  ).json()) as { items: { id: number }[] };
  const api = `${server.origin}/api/admin/submissions/${found.items[0]?.id}`;
  const headers = { origin: server.origin };
  const draft = {
    scope: "A sourced map of the husband's real property, entities and vehicles in Cook County.",
    feeCents: 350_000,
    feeKind: "flat",
    turnaroundBusinessDays: 5,
    expedite: false,
  };
  expect((await desk.request.put(`${api}/engagement`, { headers, data: draft })).status()).toBe(200);
  expect((await desk.request.post(`${api}/engagement/send`, { headers })).status()).toBe(200);
  await expect
    .poll(() => server.mailsAbout("Your engagement letter").length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const link = server.mailsAbout("Your engagement letter")[0]?.text?.match(LINK)?.[0] as string;
  expect(link).toBeTruthy();

  // No script: the link is pasted into the page's form, the device kept signed in.
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole("heading", { name: "Open your engagement" })).toBeVisible();
  await client.getByLabel("The link from your email").fill(link);
  await client.getByLabel("Keep me signed in on this device for 30 days").check();
  await client.getByRole("button", { name: "Open", exact: true }).click({ delay: 100 });
  await expect(client.getByRole("banner").getByText(reference)).toBeVisible();

  for (const size of [DESKTOP, PHONE]) {
    await sessionEnded(context);
    await client.setViewportSize(size);
    // Typed in, as a client coming back types the address or opens a bookmark.
    await client.goto(`${server.origin}/portal`);
    await expect(client.getByRole("heading", { level: 1, name: "Your engagement" })).toBeVisible();
    await expect(client.getByRole("banner").getByText(reference)).toBeVisible();
    await expect(client.getByRole("heading", { name: "1. Consent to sign electronically" })).toBeVisible();
    await expect(client.getByRole("heading", { name: "Open your engagement" })).toHaveCount(0);
    // The device opened a session of its own.
    expect((await context.cookies()).map((c) => c.name)).toContain("tw_portal");
    await checkWithoutScript(browser, client, "kept-device-no-script", size);
  }
  await context.close();
});
