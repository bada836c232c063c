import type { Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";

// The e2e server runs with DEMO=1 (start-binary.sh), which seeds this admin.
const USER = "admin";
const PASSWORD = "tracewell-demo";

const toastStatus = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });
const toastAlert = (page: Page) => page.getByRole("alert");

async function openLogin(page: Page) {
  await page.goto("/admin/login");
  await waitForHydration(page);
}

const codeFor = (secret: string, at: number) =>
  new TOTP({ secret: secret.replace(/\s+/g, ""), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });

test.describe("admin sign-in screen", () => {
  test("a signed-out visit to an admin screen lands on the sign-in screen", async ({ page }) => {
    const response = await page.goto("/admin/dashboard");
    expect(response?.url()).toMatch(/\/admin\/login$/);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Sign In");
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });

  test("fields start empty, say what is missing on blur, and the demo hint is shown", async ({ page }) => {
    await openLogin(page);
    const username = page.getByLabel("Username");
    const password = page.getByLabel("Password");
    await expect(username).toHaveValue("");
    await expect(password).toHaveValue("");
    await expect(username).toHaveAttribute("name", "username");
    await expect(username).toHaveAttribute("autocomplete", "username");
    await expect(password).toHaveAttribute("name", "password");
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await expect(page.getByRole("complementary", { name: "Demo credentials" })).toContainText(
      `Sign in with username ${USER} and password ${PASSWORD}`,
    );

    await username.focus();
    await password.focus();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toHaveAccessibleDescription("Username is required");
    await username.focus();
    await expect(page.getByText("Password is required")).toBeVisible();
    await username.fill(USER);
    await expect(page.getByText("Username is required")).toHaveCount(0);
  });

  test("a wrong password shows the destructive Login Failed toast and stays put", async ({ page }) => {
    const problems = watchForErrors(page, { allowStatus: [401] });
    await openLogin(page);
    await page.getByLabel("Username").fill(USER);
    await page.getByLabel("Password").fill("not the demo password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(toastAlert(page)).toContainText("Login Failed");
    await expect(toastAlert(page)).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(problems).toEqual([]);
  });

  test("while pending the button reads Signing in... and is disabled; success toasts and opens the dashboard", async ({
    page,
  }) => {
    const problems = watchForErrors(page);
    await openLogin(page);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/admin/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Username").fill(USER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    const pending = page.getByRole("button", { name: "Signing in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(toastStatus(page)).toContainText("Login Successful");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${USER}`);
    expect(problems).toEqual([]);
  });
});

test.describe("dashboard and logout", () => {
  test("the sidebar reaches the four management areas", async ({ page }) => {
    // The dashboard's four link cards repeated the navigation and told staff nothing (issue 33): the sidebar
    // reaches the same areas of SPEC.md section 2.
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const [name, href] of [
      ["Articles", "/admin/articles"],
      ["Resources", "/admin/resources"],
      ["Case Studies", "/admin/case-studies"],
      ["Desk", "/admin/submissions"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("Logout toasts, returns to the sign-in screen and the dashboard is closed again", async ({ page }) => {
    await signIn(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toastStatus(page)).toContainText("Logged Out");
    await expect(toastStatus(page)).toContainText("You have been successfully logged out");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a failed logout says so and keeps you signed in", async ({ page }) => {
    await signIn(page);
    await page.route("**/api/admin/logout", (route) =>
      route.fulfill({ status: 503, body: "Service Unavailable" }),
    );
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toastAlert(page)).toContainText("Logout Failed");
    await expect(toastAlert(page)).toContainText("An error occurred while logging out");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("a session that ends is noticed on client-side navigation", async ({ page, context }) => {
    await signIn(page);
    await context.clearCookies();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe("account screen", () => {
  test("changes the password (then back) with a toast", async ({ page }) => {
    await signIn(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Account");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("New password", { exact: true }).fill("short");
    await form.getByLabel("Repeat new password").focus();
    await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();

    const change = async (from: string, to: string) => {
      await form.getByLabel("Current password").fill(from);
      await form.getByLabel("New password", { exact: true }).fill(to);
      await form.getByLabel("Repeat new password").fill(to);
      await form.getByRole("button", { name: "Change Password" }).click();
      await expect(toastStatus(page)).toContainText("Password Changed");
      await expect(form.getByLabel("Current password")).toHaveValue("");
    };
    await change(PASSWORD, "a temporary passphrase");
    await change("a temporary passphrase", PASSWORD);
  });

  test("sets up two-step sign-in with the QR code and secret, then sign-in asks for the code", async ({
    page,
  }) => {
    await signIn(page, "", "/admin/account");
    const section = page.getByRole("region", { name: "Two-Step Sign-In" });
    await section.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
    await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = (await section.getByTestId("mfa-secret").textContent()) ?? "";
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    try {
      await section.getByLabel("Code from the app").fill(codeFor(secret, Date.now()));
      await section.getByRole("button", { name: "Confirm" }).click();
      await expect(toastStatus(page)).toContainText("Two-Step Sign-In On");
      const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await expect(codes).toHaveCount(10);
      await section.getByRole("button", { name: "I Have Saved My Codes" }).click();
      await expect(section.getByText("Status: on")).toBeVisible();

      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.getByLabel("Username").fill(USER);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-Step Sign In");
      const code = page.getByLabel("Authentication code");
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      // The code of the next 30-second step: the one used to confirm cannot be used again.
      await code.fill(codeFor(secret, Date.now() + 30_000));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(toastStatus(page)).toContainText("Login Successful");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    } finally {
      // Leave the shared demo admin as it was for every other test.
      const off = await page.request.post("/api/admin/account/mfa/disable", {
        data: { password: PASSWORD },
        headers: { origin: new URL(page.url()).origin },
      });
      expect([200, 409]).toContain(off.status());
    }
  });
});

test("the audit log lists sign-ins", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit Log");
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toContainText("Signed in");
  await expect(table.getByRole("row").nth(1)).toContainText(USER);
});

test.describe("accessibility of the admin screens", () => {
  for (const [label, viewport] of [
    ["1280px", DESKTOP],
    ["390px", PHONE],
  ] as const) {
    test(`axe finds nothing at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openLogin(page);
      await page.getByLabel("Username").focus();
      await page.getByLabel("Password").focus();
      await page.getByLabel("Username").focus();
      await expect(page.getByText("Password is required")).toBeVisible();
      await expectNoAxeViolations(page);
      await signIn(page);
      await expectNoAxeViolations(page);
      for (const path of ["/admin/account", "/admin/audit"]) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page);
      }
      await page.goto("/admin/account");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
      await expect(page.getByTestId("mfa-secret")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
