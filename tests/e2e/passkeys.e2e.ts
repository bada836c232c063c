import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  checkBothWidths,
  DEMO_ADMIN,
  DESKTOP,
  logOut,
  PHONE,
  waitForHydration,
  watchForErrors,
} from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * Passkeys through Chromium's own WebAuthn stack, with its virtual authenticator (the DevTools protocol's WebAuthn
 * domain) standing in for a phone or laptop: added on Account after the password (the demo admin has no second
 * factor), then the only thing used to sign in. The server's PUBLIC_URL is http://localhost:<port>: a relying
 * party must be a domain (Chromium refuses 127.0.0.1 as one), and localhost is a secure context over http.
 */
const server = ownServerForSpec({ name: "passkeys", smtp: false, publicHost: "localhost" });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

for (const [label, size] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`a passkey added on Account signs in alone (${label} px)`, async ({ page }) => {
    // The 1280 run also checks each new screen with axe at both widths: eight runs of axe on a shared machine.
    if (label === "1280") test.setTimeout(120_000);
    const problems = watchForErrors(page);
    await page.setViewportSize(size);
    await virtualAuthenticator(page);

    await page.goto(`${server.origin}/admin/login`);
    await waitForHydration(page);
    await page.getByLabel("Username").fill(DEMO_ADMIN.username);
    await page.getByLabel("Password").fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(`${server.origin}/admin/account`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    await section.getByRole("button", { name: "Add a Passkey" }).click();
    const name = `Virtual key ${label}`;
    await section.getByLabel("Name for this passkey").fill(name);
    await section.getByLabel("Your password").fill(DEMO_ADMIN.password);
    if (label === "1280") await checkBothWidths(page, "passkeys-add");
    await page.setViewportSize(size);
    await section.getByRole("button", { name: "Add Passkey" }).click();
    await expect(section.getByRole("list", { name: "Your passkeys" }).getByText(name)).toBeVisible();
    await expect(section.getByText("Last used: never.")).toBeVisible();
    if (label === "1280") await checkBothWidths(page, "passkeys-list");
    await page.setViewportSize(size);

    await logOut(page);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await waitForHydration(page);
    // The passkey is now the account's second factor: the password alone does not sign in, it points at the key.
    await page.getByLabel("Username").fill(DEMO_ADMIN.username);
    await page.getByLabel("Password").fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const asked = page.getByText("This account's second step is its passkey: use it to finish signing in.");
    await expect(asked).toBeVisible();
    await expect(asked).toHaveAttribute("aria-live", "polite");
    // The password form is not left waiting: it reads Sign In again and can be sent again.
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Use a Passkey" })).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/login$/);
    if (label === "1280") await checkBothWidths(page, "passkeys-sign-in");
    await page.setViewportSize(size);
    await page.getByRole("button", { name: "Use a Passkey" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(`${server.origin}/admin/account`);
    await waitForHydration(page);
    await expect(section.getByText(/Last used: (?!never)/)).toBeVisible();

    // Removed after a confirmation; the list is empty again for the next width's run.
    await section.getByRole("button", { name: `Remove passkey ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Passkey" });
    await expect(dialog).toBeVisible();
    if (label === "1280") await checkBothWidths(page, "passkeys-remove");
    await page.setViewportSize(size);
    await dialog.getByRole("button", { name: "Remove Passkey" }).click();
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    expect(problems).toEqual([]);
  });
}
