import { FIRM_TIMEZONE, firmToday, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, press, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * Statements of account on the built binary: the desk issues the first statement of a signed engagement from the
 * request's page, and the client finds it in the portal's Statements list, read at 1280 and 390 pixels with axe.
 * This spec starts its own server.
 */
const server = ownServerForSpec({ name: "statements", env: { FIRM_TIMEZONE } });

test.describe.configure({ mode: "serial", timeout: 300_000 });

test("the desk issues a statement and the client lists and downloads it in the portal", async ({
  browser,
}) => {
  const ORIGIN = server.origin;
  const { desk, client, id, reference } = await signedEngagement(browser, server, {
    draft: {
      scope: "A sourced map of real property, entities and vehicles in Cook County.",
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 5,
      expedite: false,
    },
  });

  // Before any statement the portal says so.
  await client.reload();
  await waitForHydration(client);
  const list = client.getByRole("region", { name: "Statements of account" });
  await expect(list.getByText("No statement has been issued yet.")).toBeVisible();

  // The desk issues the first statement from the request's page, through today.
  const today = firmToday();
  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Statements" });
  await panel.getByLabel("Issue the next statement through").fill(today);
  await press(desk, panel.getByRole("button", { name: "Issue statement" }));
  await expect(panel.getByText("Statement 1", { exact: true })).toBeVisible();
  await checkBothWidths(desk, "statements-desk");
  // Again the same day: the desk says why nothing was issued.
  await press(desk, panel.getByRole("button", { name: "Issue statement" }));
  await expect(panel.getByRole("alert")).toContainText("Nothing was recorded through");

  await client.reload();
  await waitForHydration(client);
  await expect(list.getByText("Statement 1", { exact: true })).toBeVisible();
  await expect(list.getByText("Balance owed $3,500.00")).toBeVisible();
  await checkBothWidths(client, "statements-portal");
  const [download] = await Promise.all([
    client.waitForEvent("download"),
    list.getByRole("link", { name: "Download Statement 1 (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${reference}-statement-1.pdf`);
  await expect
    .poll(() => server.mailsAbout("Statement 1 of your engagement").length, { timeout: 20_000 })
    .toBe(1);
});
