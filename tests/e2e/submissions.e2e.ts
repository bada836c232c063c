import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { validIntake } from "../helpers/intake-body";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, watchForErrors } from "./helpers";

const NAME = "Priya Desk-Check";

/** An intake as a visitor sends it, through the public API, the form opened a minute ago. */
let visitor = 0;

async function submitIntake(request: APIRequestContext, baseURL: string, name = NAME): Promise<string> {
  const res = await request.post("/api/contact", {
    // Each submission comes from its own address (the binary trusts X-Forwarded-For in these tests), so the
    // intake's limit per address does not depend on how many other specs filed requests before this one.
    headers: { origin: baseURL, "x-forwarded-for": `198.51.100.${++visitor}` },
    data: validIntake(new Date(), {
      name,
      firm: "Desai & Kerr LLP",
      email: "priya@desaikerr.example",
      phone: "(415) 555-0142",
      matterType: "commercial",
      subjectType: "entity",
      jurisdictions: "San Francisco County, CA",
      desiredService: "judgment-intel",
      description: "Judgment of $2.4M unpaid since 2024. <b>Debtor</b> moved assets to a Nevada LLC.",
    }),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

test("the desk: find a request, open it, change its status, add a note, export, delete", async ({
  page,
  request,
  baseURL,
}) => {
  const reference = await submitIntake(request, baseURL!);
  await page.setViewportSize(DESKTOP);
  const problems = watchForErrors(page);
  await signIn(page);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Desk" }).click();
  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Desk");
  await expect(page).toHaveTitle(/^Desk/);
  await page.getByLabel("Search name, email, firm, phone, reference or description").fill("desai & kerr");
  await page.getByLabel("Service").selectOption({ label: "Judgment Intel" });
  await expect(page).toHaveURL(/q=desai/);
  await expect(page.getByText("Showing 1–1 of 1 matching submission.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: NAME }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);
  await expect(page.getByText(reference).first()).toBeVisible();
  // Stored text is shown as text, never as markup.
  await expect(page.getByText("<b>Debtor</b> moved assets", { exact: false })).toBeVisible();
  await expect(page.getByText("Waiting to be sent")).toHaveCount(2);
  await expectNoAxeViolations(page);

  await page.getByLabel("Where this request stands").selectOption({ label: "In review" });
  // The choice is the change: no Save Status.
  await expect(page.getByRole("status").filter({ hasText: "Status Updated" })).toBeVisible();
  await expect(page.getByText("In review", { exact: true }).first()).toBeVisible();

  // An empty note is refused under the field; a real one is added and the field cleared.
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByLabel("New note")).toHaveAccessibleDescription("Write a note before adding it");
  await page.getByLabel("New note").fill("Called counsel; sending the Judgment Intel quote today.");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note Added" })).toBeVisible();
  await expect(page.getByText("Called counsel; sending the Judgment Intel quote today.")).toBeVisible();
  await expect(page.getByLabel("New note")).toHaveValue("");

  await page.getByRole("link", { name: "Back to the Desk" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv).toContain(`"${reference}"`);
  expect(csv).toContain('"In review","Priya Desk-Check","Desai & Kerr LLP"');

  await page.getByRole("link", { name: NAME }).first().click();
  await page.getByRole("button", { name: "Delete Submission" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this submission?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Closed by the browser without a word to the page's state (as it may a second Escape with no click between):
  // the button opens it again all the same.
  await page.getByRole("button", { name: "Delete Submission" }).click();
  await expect(dialog).toBeVisible();
  await dialog.evaluate((d) => (d as HTMLDialogElement).close());
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete Submission" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete Permanently" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Submission Deleted" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await expect(page.getByRole("link", { name: NAME })).toHaveCount(0);

  await page.goto("/admin/audit");
  await expect(page.getByRole("cell", { name: "Submission deleted" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Submissions exported (CSV)" }).first()).toBeVisible();
  // A read still in flight when the screen changes is cancelled by the browser; that is not an error.
  expect(problems).toEqual([]);
});

test("the list and a detail on a phone: cards, labelled controls, no axe violations", async ({
  page,
  request,
  baseURL,
}) => {
  const name = "Tomás Phone-Review";
  await submitIntake(request, baseURL!, name);
  await page.setViewportSize(PHONE);
  await signIn(page, "", "/admin/submissions");
  await expect(page.getByRole("list", { name: "Submissions" }).getByRole("link", { name })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/submission-phone.png", fullPage: true });
});
