import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, firmToday } from "../../src/contracts/firm-calendar";
import { formatDay } from "../../src/contracts/time-format";
import { validIntake } from "../helpers/intake-body";
import { readZip } from "../helpers/zip";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";

/** An intake as a visitor sends it, through the public API; returns its reference. */
async function submitIntake(request: APIRequestContext, baseURL: string, name: string, email: string) {
  const res = await request.post("/api/contact", {
    headers: { origin: baseURL },
    data: validIntake(new Date(), {
      name,
      firm: "Halvorsen Privacy LLP",
      email,
      phone: "(415) 555-0177",
      matterType: "commercial",
      subjectType: "entity",
      jurisdictions: "Multnomah County, OR",
      description: "A holding company moved two parcels to a trust a week before the judgment.",
    }),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/** Changes an intake's status through the desk API, as the signed-in admin of `page`. */
async function setStatus(page: Page, baseURL: string, name: string, status: string) {
  const list = await page.request.get(`/api/admin/submissions?q=${encodeURIComponent(name)}`);
  const { items } = (await list.json()) as { items: { id: number }[] };
  const res = await page.request.patch(`/api/admin/submissions/${items[0]!.id}`, {
    headers: { origin: baseURL },
    data: { status },
  });
  expect(res.status()).toBe(200);
}

/** The firm's tomorrow (FIRM_TIMEZONE's default, New York) as the product writes a day: "28 Nov 2026" (ADR 266, 280). */
const tomorrow = () => formatDay(addDays(firmToday(new Date(), "America/New_York"), 1));

test("Data & Privacy: the policy is edited with messages, the next purges are listed, the privacy page follows", async ({
  page,
  request,
  baseURL,
}) => {
  const name = "Ingrid Retention-Check";
  const reference = await submitIntake(request, baseURL!, name, "ingrid@halvorsen.example");
  await page.setViewportSize(DESKTOP);
  const problems = watchForErrors(page, { allowStatus: [422] });
  await signIn(page);
  await setStatus(page, baseURL!, name, "declined");

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Data & Privacy" }).click();
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data & Privacy");
  await expect(page.getByRole("link", { name: "Retention" })).toHaveAttribute("aria-current", "page");
  const unengaged = page.getByLabel("Requests that ended without an engagement (days)");
  const engaged = page.getByLabel("Requests that became engagements (days)");
  await expect(unengaged).toHaveValue("365");
  await expect(engaged).toHaveValue("2555");
  await expect(page.getByText("No request is due for deletion in the next 30 days.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Out of bounds: the message sits under the field and describes it; nothing is saved.
  await unengaged.fill("0");
  await page.getByRole("button", { name: "Save Policy" }).click();
  await expect(page.getByRole("alert")).toContainText("Retention Policy Not Saved");
  await expect(unengaged).toHaveAccessibleDescription(/between 1 and 36,500 days/);
  await expectNoAxeViolations(page);

  await unengaged.fill("1");
  await expect(
    page.getByText(
      "Declined or closed requests, counted from the last status change. 1 to 36,500 days (1 day).",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save Policy" }).click();
  // Fewer days: the dry run is shown first (nothing is due today), and saving waits for the confirmation.
  const confirm = page.getByRole("dialog", { name: "Keep requests for fewer days?" });
  await expect(confirm).toContainText("The next purge would delete no request at once");
  await confirm.getByRole("button", { name: "Save Shorter Policy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retention Policy Saved" })).toBeVisible();
  const upcoming = page.getByRole("region", { name: "Next Purges" });
  await expect(upcoming.getByText(reference)).toBeVisible();
  await expect(upcoming.getByText(`Deleted on ${tomorrow()}`).first()).toBeVisible();

  // The public privacy page states the new policy at once.
  await page.goto("/privacy");
  await expect(
    page.getByText(
      /kept for 1 day after their last status change, and requests that become engagements for 7 years/,
    ),
  ).toBeVisible();

  await page.goto("/admin/privacy");
  await waitForHydration(page);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("region", { name: "Next Purges" }).getByText(reference)).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to the defaults, so other tests see the site as shipped.
  await page.getByLabel("Requests that ended without an engagement (days)").fill("365");
  await page.getByRole("button", { name: "Save Policy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retention Policy Saved" })).toBeVisible();
  await page.goto("/privacy");
  await expect(page.getByText(/kept for 1 year after their last status change/)).toBeVisible();
  expect(problems).toEqual([]);
});

test("Data Requests: record one, see the matched intakes, export them, erase them; complete an access request", async ({
  page,
  request,
  baseURL,
}) => {
  const email = "sven@halvorsen-rights.example";
  const first = await submitIntake(request, baseURL!, "Sven Rights-Check", email);
  const second = await submitIntake(request, baseURL!, "Sven Rights-Check", email.toUpperCase());
  await page.setViewportSize(DESKTOP);
  const problems = watchForErrors(page, { allowStatus: [422] });
  await signIn(page);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Data & Privacy" }).click();
  await page
    .getByRole("navigation", { name: "Data and privacy" })
    .getByRole("link", { name: "Data Requests" })
    .click();
  await expect(page).toHaveURL(/\/admin\/privacy\/requests$/);
  await expect(page.getByRole("link", { name: "Data & Privacy" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data Requests");
  await expectNoAxeViolations(page);

  // Nothing chosen: a message under each field.
  await page.getByRole("button", { name: "Record Request" }).click();
  await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(
    /Enter the email address the person wrote from/,
  );
  await expect(page.getByLabel("What they ask for")).toHaveAccessibleDescription(
    /Choose what the person asks for/,
  );
  await expectNoAxeViolations(page);

  await page.getByLabel("Email address").fill(` ${email.replace("sven", "SVEN")} `);
  await page.getByLabel("What they ask for").selectOption({ label: "Deletion" });
  await page.getByRole("button", { name: "Record Request" }).click();
  const created = page.getByRole("region", { name: /^Request #\d+, due / });
  await expect(created).toBeVisible();
  // The panel is the confirmation: no toast says it again (issue 45).
  await expect(page.getByRole("status").filter({ hasText: "Request Recorded" })).toHaveCount(0);
  await expect(created.getByText(first)).toBeVisible();
  await expect(created.getByText(second)).toBeVisible();
  const heading = (await created.getByRole("heading").textContent()) ?? "";
  const id = heading.match(/#(\d+)/)?.[1];
  const card = page.getByRole("listitem", { name: `Deletion request #${id}` });
  await expect(card.getByText("Open", { exact: true })).toBeVisible();
  await expect(card.getByText("(30 days left)")).toBeVisible();
  // Whose request it is, by the address it came from (stored lowercased and trimmed).
  await expect(card.getByText(email, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: `Export Archive of request #${id}` }).click();
  const file = await download;
  const filename = file.suggestedFilename();
  expect(filename).toMatch(new RegExp(`^data-request-${id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const archive = readZip(new Uint8Array(readFileSync((await file.path())!)));
  // A document the person reads comes first, the same facts as JSON beside it.
  const readable = new TextDecoder().decode(archive.get(filename.replace(/\.zip$/, ".html")));
  expect(readable).toContain(`<h2>Request ${first}</h2>`);
  const json = archive.get(filename.replace(/\.zip$/, ".json"));
  const exported = JSON.parse(new TextDecoder().decode(json)) as {
    intakes: { submission: { reference: string; name: string; email: string } }[];
  };
  expect(exported.intakes.map((i) => i.submission.reference)).toEqual([first, second]);
  expect(exported.intakes[0]!.submission).toMatchObject({ name: "Sven Rights-Check", email });

  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);

  // Erase: confirmed in a dialog that starts on Cancel.
  await card.getByRole("button", { name: `Erase Intakes of request #${id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Erase These Intakes?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Erase Intakes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Intakes Erased" })).toBeVisible();
  await expect(card.getByText("Completed", { exact: true })).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
  const gone = await page.request.get(`/api/admin/submissions?q=${encodeURIComponent("Sven Rights-Check")}`);
  expect(((await gone.json()) as { total: number }).total).toBe(0);

  // An access request is completed without deleting anything.
  await page.setViewportSize(DESKTOP);
  await page.getByLabel("Email address").fill("nobody-here@halvorsen-rights.example");
  await page.getByLabel("What they ask for").selectOption({ label: "Access" });
  await page.getByRole("button", { name: "Record Request" }).click();
  await expect(page.getByText("No intake comes from this address.")).toBeVisible();
  const accessHeading =
    (await page
      .getByRole("region", { name: /^Request #\d+, due / })
      .getByRole("heading")
      .textContent()) ?? "";
  const accessId = accessHeading.match(/#(\d+)/)?.[1];
  const accessCard = page.getByRole("listitem", { name: `Access request #${accessId}` });
  await accessCard.getByRole("button", { name: `Mark Completed request #${accessId}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Request Completed" })).toBeVisible();
  await expect(accessCard.getByText("Completed", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
