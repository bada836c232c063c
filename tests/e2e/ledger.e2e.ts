import { FIRM_TIMEZONE, firmToday, recordPayment, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, PHONE, press, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * The desk's ledger on the built binary (issue 30): a retainer engagement signed in the portal and paid, then
 * time, an expense and an adjustment added from the request page, each refusal shown at its field; the entries
 * with their running balance and the retainer left, at 1280 and 390 pixels with axe. This spec starts its own
 * server.
 */
const server = ownServerForSpec({ name: "ledger", env: { FIRM_TIMEZONE } });

test.describe.configure({ mode: "serial", timeout: 300_000 });

test("the desk records time, an expense and a correction; the retainer and balance follow", async ({
  browser,
}) => {
  const ORIGIN = server.origin;
  const { desk, id, api } = await signedEngagement(browser, server, {
    intake: { desiredService: "transaction-trace" },
    draft: {
      scope: "Trace the transfers out of the joint accounts from 2022 to 2025 and report where they went.",
      feeCents: 500_000,
      feeKind: "retainer",
      hourlyRateCents: 40_000,
      turnaroundBusinessDays: 30,
      expedite: false,
    },
  });
  const today = firmToday();
  await recordPayment(desk, api, 500_000);

  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const ledger = desk.getByRole("region", { name: "Ledger", exact: true });
  await expect(ledger.getByTestId("ledger-retainer")).toHaveText("$5,000.00 of $5,000.00");
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("-$5,000.00");
  await expect(ledger.getByText("Time is billed at $400 an hour.")).toBeVisible();

  // Time: a refusal at its field first, then 90 minutes at $400 is $600.
  const time = ledger.getByRole("form", { name: "Add time" });
  await time.getByLabel("Minutes").fill("0");
  await time.getByLabel("Description").fill("Reviewed the bank statements");
  await press(desk, time.getByRole("button", { name: "Add time" }));
  await expect(time.getByText("Minutes must be a whole number from 1 to 1440")).toBeVisible();
  await expect(time.getByLabel("Minutes")).toBeFocused();
  await time.getByLabel("Minutes").fill("90");
  await press(desk, time.getByRole("button", { name: "Add time" }));
  const entries = ledger.getByRole("region", { name: "Ledger entries" });
  await expect(entries.getByRole("row", { name: /Reviewed the bank statements/ })).toContainText("$600.00");
  await expect(ledger.getByTestId("ledger-retainer")).toHaveText("$4,400.00 of $5,000.00");

  // An expense, refused past today at its field (the server's check), then recorded.
  const expense = ledger.getByRole("form", { name: "Add an expense" });
  await expense.getByLabel("Amount (US dollars)").fill("12.50");
  await expense.getByLabel("Description").fill("Recorder's office copies");
  await expense.getByLabel("Date").fill("2999-01-01");
  await press(desk, expense.getByRole("button", { name: "Add an expense" }));
  await expect(expense.getByText("Date cannot be after today")).toBeVisible();
  await expense.getByLabel("Date").fill(today);
  await press(desk, expense.getByRole("button", { name: "Add an expense" }));
  await expect(entries.getByRole("row", { name: /Recorder's office copies/ })).toContainText("$12.50");

  // A correction names the entry it corrects; nothing is edited.
  const timeNo = (
    await entries
      .getByRole("row", { name: /Reviewed the bank statements/ })
      .getByRole("cell")
      .first()
      .textContent()
  )?.trim();
  const adjustment = ledger.getByRole("form", { name: "Add an adjustment" });
  await adjustment.getByLabel("Corrects entry number (optional)").fill(timeNo ?? "");
  await adjustment.getByLabel("Amount (US dollars)").fill("-100");
  await adjustment.getByLabel("Description").fill("Half an hour was billed twice");
  await press(desk, adjustment.getByRole("button", { name: "Add an adjustment" }));
  await expect(entries.getByRole("row", { name: /Half an hour was billed twice/ })).toContainText(
    `corrects no. ${timeNo}`,
  );
  await expect(ledger.getByTestId("ledger-retainer")).toHaveText("$4,487.50 of $5,000.00");
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("-$4,487.50");
  // The running balance of the last row is the balance.
  await expect(entries.getByRole("row").last()).toContainText("-$4,487.50");
  await checkBothWidths(desk, "ledger-desk");
  // At a phone's width nothing of the page runs off its side (the entries' table scrolls within its region).
  await desk.setViewportSize(PHONE);
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
