import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { checkBothWidths, DEMO_ADMIN, waitForHydration, watchForErrors } from "./helpers";

/**
 * Roles in the browser (ADR 258): an editor and a member of staff, invited by the owner, sign in and are shown
 * only what their role may do, told who may where a link would lead elsewhere, and refused by the server when
 * they ask anyway. Axe at 1280 and 390 px on what they see.
 */
const PASSWORD = "a long enough passphrase";
const run = Date.now().toString(36);

const sameOrigin = (origin: string) => ({ origin, "sec-fetch-site": "same-origin" });

/** Invites a colleague as the demo owner and joins through the link (no mail on the demo server). */
async function invite(api: APIRequestContext, origin: string, role: "staff" | "editor") {
  const headers = sameOrigin(origin);
  const signedIn = await api.post("/api/admin/login", { headers, data: DEMO_ADMIN });
  expect(signedIn.status()).toBe(200);
  const username = `${role}-${run}`;
  const invited = await api.post("/api/admin/staff/invitations", {
    headers,
    data: { email: `${username}@tracewell.example`, name: `${role} ${run}`, role },
  });
  expect(invited.status()).toBe(201);
  const { link, role: given } = (await invited.json()) as { link: string; role: string };
  expect(given).toBe(role);
  const token = link.split("#")[1];
  const joined = await api.post("/api/admin/staff-invitation/accept", {
    headers,
    data: { token, username, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(joined.status()).toBe(201);
  return username;
}

async function signInAs(page: Page, username: string) {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

test("an editor sees the site's content only, and is told who may open the rest", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const api = await playwright.request.newContext({ baseURL: origin });
  const editor = await invite(api, origin, "editor");
  const problems = watchForErrors(page);
  await signInAs(page, editor);

  for (const label of [
    "Dashboard",
    "Articles",
    "Resources",
    "Case Studies",
    "People & Testimonials",
    "Account",
  ])
    await expect(nav(page).getByRole("link", { name: label })).toBeVisible();
  for (const label of [
    "Desk",
    "Consultations",
    "Staff",
    "Business Hours",
    "Data & Privacy",
    "Backups",
    "Audit Log",
  ])
    await expect(nav(page).getByRole("link", { name: label, exact: true })).toHaveCount(0);
  // No desk figures are asked for or shown to an editor.
  await expect(page.getByRole("list", { name: "Today at the desk" })).toHaveCount(0);
  await checkBothWidths(page, "roles-editor-dashboard");

  // The Staff screen by its address: why, not a screen of refusals.
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { name: "Not open to your role" })).toBeVisible();
  await expect(page.getByText(/Only an owner can manage staff and invitations\./)).toBeVisible();
  await checkBothWidths(page, "roles-editor-refused");

  // The server refuses what the screens do not offer.
  const staffList = await page.request.get("/api/admin/staff");
  expect(staffList.status()).toBe(403);
  expect(await staffList.json()).toEqual({
    error: "Only an owner can manage staff and invitations. Your role is Editor.",
    capability: "staff",
  });
  expect((await page.request.get("/api/admin/submissions")).status()).toBe(403);
  expect((await page.request.get("/api/admin/articles")).status()).toBe(200);
  expect(await (await page.request.get("/api/admin/auth/status")).json()).toMatchObject({ role: "editor" });
  expect(problems).toEqual([]);
  await api.dispose();
});

test("staff work the desk but not business hours, staff or the audit log", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const api = await playwright.request.newContext({ baseURL: origin });
  const staff = await invite(api, origin, "staff");
  const problems = watchForErrors(page);
  await signInAs(page, staff);

  for (const label of ["Dashboard", "Desk", "Consultations", "Articles", "People & Testimonials", "Account"])
    await expect(nav(page).getByRole("link", { name: label, exact: true })).toBeVisible();
  for (const label of ["Staff", "Business Hours", "Data & Privacy", "Backups", "Audit Log"])
    await expect(nav(page).getByRole("link", { name: label, exact: true })).toHaveCount(0);
  await checkBothWidths(page, "roles-staff-dashboard");

  await nav(page).getByRole("link", { name: "Desk", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await checkBothWidths(page, "roles-staff-desk");
  // Business hours by their address: who may, not a form the server would refuse.
  await page.goto("/admin/business-hours");
  await expect(page.getByText("Only an owner can change business hours and closures.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Closure" })).toHaveCount(0);

  const closure = await page.request.post("/api/admin/desk/closures", {
    headers: sameOrigin(origin),
    data: { date: "2099-12-24" },
  });
  expect(closure.status()).toBe(403);
  expect(await closure.json()).toMatchObject({ capability: "businessHours" });
  expect((await page.request.get("/api/admin/audit")).status()).toBe(403);
  expect((await page.request.get("/api/admin/submissions")).status()).toBe(200);
  expect(problems).toEqual([]);
  await api.dispose();
});
