import type { Page } from "@playwright/test";
import { pdf } from "../helpers/files";
import { FIRM_TIMEZONE, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, press, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * Document requests on the built binary (issue 48): staff build a signed engagement's list from its service's
 * template on the request's page and send it; the client reads "What we need from you" at 1280 and 390 pixels,
 * sends a file straight into an item, is sent it back with a reason, answers with another file and says of the
 * other item that they do not have it; staff accept what arrived. Axe at both widths, full-page screenshots in
 * SCREENSHOT_DIR. This spec starts its own server.
 */
const server = ownServerForSpec({ name: "document-requests", env: { FIRM_TIMEZONE } });

test.describe.configure({ mode: "serial", timeout: 300_000 });

test("staff build a list from the template; the client works through it; staff send one back and accept it", async ({
  browser,
}) => {
  const ORIGIN = server.origin;
  const { desk, client, id } = await signedEngagement(browser, server, {
    draft: {
      scope: "A sourced map of real property, entities and vehicles in Cook County.",
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 5,
      expedite: false,
    },
  });

  // The desk: the request's list starts from the Asset Map's template, edited before it is sent.
  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Documents requested" });
  await expect(panel.getByText("Nothing has been asked of the client yet.")).toBeVisible();
  // The request's other panels load too: the page holds still once they have.
  await desk.waitForLoadState("networkidle");
  await press(desk, panel.getByRole("button", { name: "Start from the service's template" }));
  await expect(panel.getByLabel("Item 1: title")).toHaveValue("Judgment or order");
  await expect(panel.getByLabel("Item 2: title")).toHaveValue("Known addresses and entities");
  await panel.getByLabel("Item 2: title").fill("Known addresses and businesses");
  await checkBothWidths(desk, "document-requests-desk-draft");
  await press(desk, panel.getByRole("button", { name: "Send to the client" }));
  await expect(panel.getByText("0 of 2 received")).toBeVisible();
  await expect(panel.getByText("Known addresses and businesses (optional)")).toBeVisible();
  await expect
    .poll(() => server.mailsAbout("Tracewell has asked for 2 documents").length, { timeout: 20_000 })
    .toBe(1);

  // The client's to-do list.
  await client.reload();
  await waitForHydration(client);
  await client.waitForLoadState("networkidle");
  const list = client.getByRole("region", { name: "What we need from you" });
  await expect(list.getByText("0 of 2 received")).toBeVisible();
  const judgment = list.getByRole("article", { name: "Judgment or order" });
  const addresses = list.getByRole("article", { name: /Known addresses and businesses/ });
  await expect(judgment.getByText("Requested")).toBeVisible();
  await expect(judgment.getByText("The judgment, order or complaint the search is for")).toBeVisible();
  await expect(judgment.getByText(/^Due:/)).toBeVisible();
  await checkBothWidths(client, "document-requests-portal");

  // A file straight into the item, by the browser's file chooser.
  const chooser = client.waitForEvent("filechooser");
  await press(client, judgment.getByRole("button", { name: "Send a file" }));
  await (await chooser).setFiles({
    name: "Judgment 2023-DR-004512.pdf",
    mimeType: "application/pdf",
    buffer: pdf(60_000, "Final judgment"),
  });
  await expect(judgment.getByText("Received, under review")).toBeVisible({ timeout: 30_000 });
  await expect(judgment.getByText("Judgment 2023-DR-004512.pdf")).toBeVisible();
  await expect(list.getByText("1 of 2 received")).toBeVisible();

  // The desk sends it back with a reason the client reads.
  await desk.reload();
  await waitForHydration(desk);
  await desk.waitForLoadState("networkidle");
  const itemRow = (title: string) =>
    panel.getByRole("listitem").filter({ has: desk.getByText(title, { exact: true }) });
  const row = itemRow("Judgment or order");
  await expect(row.getByText("Received, under review")).toBeVisible();
  await press(desk, row.getByRole("button", { name: "Send back Judgment or order" }));
  await row
    .getByLabel("Why it is sent back (the client reads this)")
    .fill("Page 2 of the judgment is missing.");
  await press(desk, row.getByRole("button", { name: "Send back to the client" }));
  await expect(row.getByText("Sent back: Page 2 of the judgment is missing.", { exact: true })).toBeVisible();

  // The client answers: another file for the one sent back, and "I don't have this" for the other.
  await client.reload();
  await waitForHydration(client);
  await client.waitForLoadState("networkidle");
  await expect(judgment.getByText("We sent this back: Page 2 of the judgment is missing.")).toBeVisible();
  await checkBothWidths(client, "document-requests-portal-sent-back");
  const again = client.waitForEvent("filechooser");
  await press(client, judgment.getByRole("button", { name: "Send another file" }));
  await (await again).setFiles({
    name: "Judgment complete.pdf",
    mimeType: "application/pdf",
    buffer: pdf(80_000, "Final judgment, all pages"),
  });
  await expect(judgment.getByText("Received, under review")).toBeVisible({ timeout: 30_000 });
  await press(client, addresses.getByRole("button", { name: "I don't have this" }));
  await addresses
    .getByLabel("Why not, and where might it be found?")
    .fill("We only know the lake house; the county recorder may have more.");
  await press(client, addresses.getByRole("button", { name: "Send the answer" }));
  await expect(addresses.getByText("You told us: We only know the lake house")).toBeVisible();

  // The desk accepts what arrived.
  await desk.reload();
  await waitForHydration(desk);
  await desk.waitForLoadState("networkidle");
  await expect(row.getByText("Judgment complete.pdf")).toBeVisible();
  await press(desk, row.getByRole("button", { name: "Accept Judgment or order" }));
  await expect(row.getByText("Accepted", { exact: true })).toBeVisible();
  const other = panel.getByRole("listitem").filter({ hasText: "The client says:" });
  await expect(other.getByText("The client says: We only know the lake house")).toBeVisible();
  await checkBothWidths(desk, "document-requests-desk-reviewed");

  await client.reload();
  await waitForHydration(client);
  await client.waitForLoadState("networkidle");
  await expect(judgment.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(list.getByText("1 of 2 received")).toBeVisible();
  // An accepted item takes no more files.
  await expect(judgment.getByRole("button", { name: /Send/ })).toHaveCount(0);
  await checkBothWidths(client, "document-requests-portal-done");

  // The desk's list shows each request's progress.
  await desk.goto(`${ORIGIN}/admin/submissions`);
  await waitForHydration(desk);
  await expect(desk.getByRole("table").getByText("Documents 1 of 2")).toBeVisible();
  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  await desk.waitForLoadState("networkidle");

  // The templates' screen, reached from the panel: each service's list, saved a service at a time.
  await press(desk, panel.getByRole("link", { name: "Edit the templates" }));
  await expect(desk.getByRole("heading", { level: 1, name: "Document templates" })).toBeVisible();
  const assetMap = desk.getByRole("region", { name: "Asset Map" });
  await assetMap.getByLabel("Item 1: title").fill("Judgment, order or complaint");
  await press(desk, assetMap.getByRole("button", { name: "Save Asset Map" }));
  await expect(desk.getByText("Asset Map: 2 items.")).toBeVisible();
  await checkBothWidths(desk, "document-templates");
});

/**
 * The checks from the top of the page: axe's target-size rule counts a link that the sticky section bar half
 * covers at the current scroll position as too small, whatever its size.
 */
async function checkFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkBothWidths(page, name);
}

test("staff edit an item already sent, seeing the server's message beside a field, and withdraw another", async ({
  browser,
}) => {
  const ORIGIN = server.origin;
  const { desk, client, id } = await signedEngagement(browser, server, {
    intake: { email: "erin@vale-holdings.example" },
    draft: {
      scope: "A trace of transfers out of two accounts over 36 months.",
      feeCents: 480_000,
      feeKind: "flat",
      turnaroundBusinessDays: 10,
      expedite: false,
    },
  });
  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  await desk.waitForLoadState("networkidle");
  const panel = desk.getByRole("region", { name: "Documents requested" });
  await press(desk, panel.getByRole("button", { name: "Ask for documents" }));
  await panel.getByLabel("Item 1: title").fill("Bank statements");
  await press(desk, panel.getByRole("button", { name: "Add an item" }));
  await panel.getByLabel("Item 2: title").fill("Deeds");
  await press(desk, panel.getByRole("button", { name: "Send to the client" }));
  await expect(panel.getByText("0 of 2 received")).toBeVisible();
  // The sent list's notice comes (its card's code loads late) and goes by itself; it lies over the page meanwhile.
  const notice = (title: string) => desk.getByRole("status").getByText(title, { exact: true });
  await expect(notice("Documents Requested")).toBeVisible();
  await expect(notice("Documents Requested")).toHaveCount(0, { timeout: 10_000 });

  const itemRow = (title: string) =>
    panel.getByRole("listitem").filter({ has: desk.getByText(title, { exact: true }) });
  const statements = itemRow("Bank statements");
  await press(desk, statements.getByRole("button", { name: "Edit Bank statements" }));
  const form = statements.getByRole("heading", { name: "Edit Bank statements" }).locator("xpath=..");
  const today = (await form.getByLabel("Due").getAttribute("min")) ?? "";
  // Too short a title and a date before the firm's today: each field says what is wrong, nothing is changed.
  await form.getByLabel("Title").fill("BS");
  await press(desk, form.getByRole("button", { name: "Save changes" }));
  await expect(form.getByText("Give the item a title of 3 to 200 characters")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("alert")).toHaveText("Nothing was changed: correct the fields marked above.");
  await form.getByLabel("Title").fill("Bank statements, every account");
  await form.getByLabel("Due").fill("2020-01-06");
  await press(desk, form.getByRole("button", { name: "Save changes" }));
  await expect(form.getByText(`A due date is today or later: choose ${today} or after`)).toBeVisible();
  await expect(form.getByText("Give the item a title")).toHaveCount(0);
  await checkFromTop(desk, "document-requests-edit-invalid");

  await form.getByLabel("Due").fill(today);
  await form.getByLabel("What exactly is asked").fill("Every page, including the blank ones.");
  await form.getByLabel("Period").fill("36 months");
  await form.getByLabel("Required").uncheck();
  await press(desk, form.getByRole("button", { name: "Save changes" }));
  const edited = itemRow("Bank statements, every account");
  await expect(notice("Item Changed")).toBeVisible();
  await expect(edited.getByText("(optional)")).toBeVisible();
  await expect(
    edited.getByText(/Every page, including the blank ones\. · Period: 36 months · Due /),
  ).toBeVisible();
  await expect(edited.getByRole("heading", { name: /^Edit / })).toHaveCount(0);

  // Withdrawn: kept on the desk's list with its history, gone from the client's.
  const deeds = itemRow("Deeds");
  await press(desk, deeds.getByRole("button", { name: "Withdraw Deeds" }));
  await expect(deeds.getByText("Withdrawn", { exact: true })).toBeVisible();
  await expect(deeds.getByRole("button", { name: "Edit Deeds" })).toHaveCount(0);
  await expect(panel.getByText("0 of 1 received")).toBeVisible();
  await press(desk, edited.locator("summary"));
  await expect(edited.getByText(/: Edited$/)).toBeVisible();
  await expect(notice("Item Changed")).toHaveCount(0, { timeout: 10_000 });
  await checkFromTop(desk, "document-requests-edited");

  await client.reload();
  await waitForHydration(client);
  await client.waitForLoadState("networkidle");
  const list = client.getByRole("region", { name: "What we need from you" });
  const item = list.getByRole("article", { name: /Bank statements, every account/ });
  await expect(item.getByText("Every page, including the blank ones.")).toBeVisible();
  await expect(list.getByRole("article", { name: "Deeds" })).toHaveCount(0);
});
