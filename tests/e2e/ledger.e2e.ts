import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { lastDayOfPreviousMonth } from "../../src/contracts/statements";
import { pdf } from "../helpers/files";
import { FIRM_TIMEZONE, firmToday, recordPayment, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, press, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * The desk's ledger on the built binary (issues 30 and 41, ADR 292): a retainer engagement signed in the portal
 * and paid, then time typed as "1:30", an expense with its receipt chosen from the engagement's files, a
 * correction naming its entry by number and a courtesy credit, each from the one add-form the segmented choice
 * shows. The panel at 1024, 1280 and 390 pixels with axe and nothing cut or scrolled sideways; then one
 * engagement's figures read in four places (the panel, the portal's Payments card and statements, the
 * statement's PDF through pdftotext, the accountant's CSV) agree to the cent. This spec starts its own server.
 */
const server = ownServerForSpec({ name: "ledger", env: { FIRM_TIMEZONE } });
const SHOTS = process.env.SCREENSHOT_DIR;
const LAPTOP = { width: 1024, height: 768 };

test.describe.configure({ mode: "serial", timeout: 300_000 });

/** "$4,537.50", "-$5,000.00" or "$5,000" as whole cents. */
const cents = (text: string) => {
  const m = /(-?)\$([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  return (m[1] ? -1 : 1) * (Number((m[2] ?? "").replaceAll(",", "")) * 100 + Number(m[3] ?? "0"));
};

/** Nothing of the panel is cut or scrolled: the page, the panel and its table fit the viewport's width. */
async function fitsAcross(ledger: Locator) {
  const widths = await ledger.evaluate((panel) => {
    const table = panel.querySelector("table");
    const cells = [...panel.querySelectorAll("td, th")].filter((c) => (c as HTMLElement).offsetParent);
    const right = panel.getBoundingClientRect().right;
    return {
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      panelOverflow: panel.scrollWidth - panel.clientWidth,
      tableOverflow: table ? table.scrollWidth - table.clientWidth : 0,
      // A cell whose content is wider than the cell (a figure cut at its edge) or runs past the panel.
      cut: cells
        .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > right + 0.5)
        .map((c) => c.textContent),
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths).toMatchObject({ panelOverflow: 0, tableOverflow: 0, cut: [] });
}

async function atEachWidth(page: Page, ledger: Locator, name: string) {
  for (const [label, size] of [
    ["1024", LAPTOP],
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    if (SHOTS) {
      await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
      await ledger.screenshot({ path: join(SHOTS, `${name}-panel-${label}.png`) });
    }
    await fitsAcross(ledger);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

/** The panel's entries as shown: number, amount and the running balance, in cents (a credit is negative). */
async function panelEntries(ledger: Locator) {
  const rows = await ledger
    .getByRole("region", { name: "Ledger entries" })
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())),
    );
  return rows.map(([no, , entry, amount, balance]) => ({
    number: Number(no),
    entry: entry ?? "",
    amountCents: cents(amount ?? ""),
    runningCents: (balance?.endsWith("in credit") ? -1 : 1) * cents(balance ?? ""),
  }));
}

test("the desk's ledger: one add-form at a time, entries by number, and four places that agree to the cent", async ({
  browser,
}) => {
  const ORIGIN = server.origin;
  const { desk, client, id, reference, api } = await signedEngagement(browser, server, {
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
  // The receipt: a file of the engagement, sent from the documents panel.
  const documents = desk.getByRole("region", { name: "Documents" });
  await documents.getByLabel("File for the client's portal").setInputFiles({
    name: "Recorder receipt.pdf",
    mimeType: "application/pdf",
    buffer: pdf(4_000, "Cook County Recorder of Deeds receipt"),
  });
  await documents.getByRole("button", { name: "Send the File to the Client" }).click();
  await expect(documents.getByRole("link", { name: "Recorder receipt.pdf" })).toBeVisible();
  await desk.reload();
  await waitForHydration(desk);

  const ledger = desk.getByRole("region", { name: "Ledger", exact: true });
  // A client who paid the retainer is in credit: said in words, never as a negative balance owed.
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("In credit$5,000.00");
  await expect(ledger.getByTestId("ledger-held")).toHaveText("Retainer held$5,000.00");
  await expect(ledger.getByTestId("ledger-remaining")).toHaveText("Remaining$5,000.00");
  await expect(ledger.getByText("Time is billed at $400 an hour.")).toBeVisible();
  const entries = ledger.getByRole("region", { name: "Ledger entries" });
  await expect(entries.getByRole("row", { name: /Payment received/ })).toContainText(
    `${new Intl.DateTimeFormat("en-GB", { timeZone: FIRM_TIMEZONE, day: "numeric", month: "short", year: "numeric" }).format(new Date())}`,
  );

  // One form at a time: Time is chosen first, and the others are not on the page until chosen.
  const choice = ledger.getByRole("group", { name: "Add to the ledger" });
  await expect(choice.getByRole("radio", { name: "Time" })).toBeChecked();
  await expect(ledger.getByRole("form")).toHaveCount(1);

  // Time typed as people say it; what cannot be read is refused at its field, saying how to write it.
  const time = ledger.getByRole("form", { name: "Add time" });
  await time.getByLabel("Time worked").fill("an hour and a half");
  await time.getByLabel("Description").fill("Reviewed the bank statements");
  await press(desk, time.getByRole("button", { name: "Add time" }));
  await expect(
    time.getByText("Time must be hours and minutes (1:30), hours (1.5 h) or minutes (90 min)"),
  ).toBeVisible();
  await expect(time.getByLabel("Time worked")).toBeFocused();
  await time.getByLabel("Time worked").fill("1:30");
  await press(desk, time.getByRole("button", { name: "Add time" }));
  const timeRow = entries.getByRole("row", { name: /Reviewed the bank statements/ });
  await expect(timeRow).toContainText("1 h 30 min");
  await expect(timeRow).toContainText("$600.00");
  await expect(ledger.getByTestId("ledger-drawn")).toHaveText("Drawn$600.00");

  // An expense: its receipt chosen from the engagement's files; refused past today at its field (the server's).
  await press(desk, choice.getByText("Expense", { exact: true }));
  await expect(ledger.getByRole("form")).toHaveCount(1);
  const expense = ledger.getByRole("form", { name: "Add an expense" });
  await expense.getByLabel("Amount (US dollars)").fill("12.50");
  await expense.getByLabel("Description").fill("Recorder's office copies");
  await expense.getByLabel("Receipt (optional)").selectOption({ label: "Recorder receipt.pdf (the firm's)" });
  await expense.getByLabel("Date").fill("2999-01-01");
  await press(desk, expense.getByRole("button", { name: "Add an expense" }));
  await expect(expense.getByText("Date cannot be after today")).toBeVisible();
  await expense.getByLabel("Date").fill(today);
  await press(desk, expense.getByRole("button", { name: "Add an expense" }));
  const expenseRow = entries.getByRole("row", { name: /Recorder's office copies/ });
  await expect(expenseRow).toContainText("$12.50");
  await expect(expenseRow).toContainText("Receipt: Recorder receipt.pdf");

  // A correction names the entry it corrects by its number; then a courtesy credit of its own.
  const timeNo = (await timeRow.getByRole("cell").first().textContent())?.trim() ?? "";
  expect(timeNo).toBe("2");
  await press(desk, choice.getByText("Adjustment", { exact: true }));
  const adjustment = ledger.getByRole("form", { name: "Add an adjustment" });
  const corrects = adjustment.getByLabel("Corrects entry (optional)");
  const option = corrects.locator("option", { hasText: `Entry ${timeNo}: ` });
  await expect(option).toHaveText(/, Time, \$600\.00, Reviewed the bank statements$/);
  await corrects.selectOption((await option.getAttribute("value")) ?? "");
  await adjustment.getByLabel("Amount (US dollars)").fill("-100");
  await adjustment.getByLabel("Description").fill("Half an hour was billed twice");
  await press(desk, adjustment.getByRole("button", { name: "Add an adjustment" }));
  await expect(entries.getByRole("row", { name: /Half an hour was billed twice/ })).toContainText(
    `Corrects entry ${timeNo}`,
  );
  await adjustment.getByLabel("Amount (US dollars)").fill("-50");
  await adjustment.getByLabel("Description").fill("Courtesy credit for the delay");
  await press(desk, adjustment.getByRole("button", { name: "Add an adjustment" }));
  await expect(entries.getByRole("row", { name: /Courtesy credit/ })).toContainText("-$50.00");

  // 5,000 held; 600 + 12.50 - 100 - 50 drawn.
  await expect(ledger.getByTestId("ledger-drawn")).toHaveText("Drawn$462.50");
  await expect(ledger.getByTestId("ledger-remaining")).toHaveText("Remaining$4,537.50");
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("In credit$4,537.50");
  // Entries in date order, numbered as recorded, the last running balance the balance, read as a credit.
  const shown = await panelEntries(ledger);
  expect(shown.map((e) => e.number)).toEqual([1, 2, 3, 4, 5]);
  expect(shown.map((e) => e.amountCents)).toEqual([-500_000, 60_000, 1_250, -10_000, -5_000]);
  expect(shown.at(-1)?.runningCents).toBe(-453_750);
  await expect(entries.getByRole("row").last()).toContainText("$4,537.50 Cr");
  await atEachWidth(desk, ledger, "ledger-desk");

  // The next statement is first set through the last day of the previous month; staff issue it through today.
  const statements = desk.getByRole("region", { name: "Statements" });
  const through = statements.getByLabel("Issue the next statement through");
  await expect(through).toHaveValue(lastDayOfPreviousMonth(today));
  await through.fill(today);
  await press(desk, statements.getByRole("button", { name: "Issue statement" }));
  await expect(statements.getByText("Statement 1", { exact: true })).toBeVisible();
  await expect(statements.getByText("In credit $4,537.50")).toBeVisible();

  // 1. The panel, as read above.
  const panel = {
    balanceCents: -cents((await ledger.getByTestId("ledger-balance").textContent()) ?? ""),
    heldCents: cents((await ledger.getByTestId("ledger-held").textContent()) ?? ""),
    drawnCents: cents((await ledger.getByTestId("ledger-drawn").textContent()) ?? ""),
    remainingCents: cents((await ledger.getByTestId("ledger-remaining").textContent()) ?? ""),
    entries: shown.map((e) => [e.number, e.amountCents]),
  };

  // 2. The portal: the Payments card, its retainer, and the statement as the client lists it.
  await client.reload();
  await waitForHydration(client);
  const card = client.getByRole("article", { name: "Payments" });
  const term = (scope: Locator, name: string) =>
    scope.getByRole("term").filter({ hasText: name }).locator("xpath=following-sibling::dd[1]");
  const retainer = card.getByRole("region", { name: "Retainer" });
  const portalList = client.getByRole("region", { name: "Statements of account" });
  await expect(portalList.getByText("Statement 1", { exact: true })).toBeVisible();
  const portal = {
    amountDueCents: cents((await term(card, "Amount due").textContent()) ?? ""),
    heldCents: cents((await term(retainer, "Held").textContent()) ?? ""),
    drawnCents: cents((await term(retainer, "Drawn").textContent()) ?? ""),
    remainingCents: cents((await term(retainer, "Remaining").textContent()) ?? ""),
    balanceCents: -cents((await portalList.getByText(/^In credit/).textContent()) ?? ""),
  };

  // 3. The statement's PDF as poppler reads it, a row of the table on a line.
  const pdfPath = await statements
    .getByRole("link", { name: "Download Statement 1 (PDF)" })
    .getAttribute("href");
  const bytes = await (await desk.request.get(`${ORIGIN}${pdfPath}`)).body();
  if (SHOTS) writeFileSync(join(SHOTS, "ledger-statement.pdf"), bytes);
  const lines = spawnSync("pdftotext", ["-layout", "-", "-"], { input: bytes })
    .stdout.toString()
    .split("\n")
    .map((l) => l.trim().replace(/\s+/g, " "));
  const rows = lines.filter((l) => /^\d+ \d{1,2} \w{3} \d{4} /.test(l));
  const held = /Held (\S+); drawn (\S+); remaining (\S+)\./.exec(lines.join(" ")) ?? [];
  const statement = {
    balanceCents: cents(lines.find((l) => l.startsWith("Balance on ")) ?? ""),
    heldCents: cents(held[1] ?? ""),
    drawnCents: cents(held[2] ?? ""),
    remainingCents: cents(held[3] ?? ""),
    entries: rows.map((r) => [Number(r.split(" ")[0]), cents(r.slice(r.lastIndexOf(" ")))]),
  };
  expect(lines.join(" ")).toContain("Nothing is due on this statement: you are in credit by $4,537.50.");
  expect(lines.join(" ")).toContain(`Half an hour was billed twice (corrects entry ${timeNo})`);

  // 4. The accountant's file: this client's rows of today.
  const csv = (
    await (await desk.request.get(`${ORIGIN}/api/admin/ledger.csv?from=${today}&to=${today}`)).text()
  )
    .split(/\r?\n/)
    .filter((line) => line.includes(reference));
  // The amount is the last column, in decimal dollars ("-5000.00"), quoted or not.
  const csvCents = csv.map((line) => {
    const [, sign, whole, part] = /(-?)(\d+)\.(\d{2})"?$/.exec(line) ?? [];
    return (sign ? -1 : 1) * (Number(whole) * 100 + Number(part));
  });

  // Side by side, to the cent.
  const figures = { balanceCents: -453_750, heldCents: 500_000, drawnCents: 46_250, remainingCents: 453_750 };
  expect(panel).toMatchObject(figures);
  expect(statement).toMatchObject(figures);
  expect(portal).toMatchObject({ ...figures, amountDueCents: 0 });
  expect(statement.entries).toEqual(panel.entries);
  expect(csvCents).toEqual(panel.entries.map(([, amount]) => amount));
  console.log(
    JSON.stringify({ reference, panel, portal, statement, csv: csvCents }, null, 1).replace(/\n\s*/g, " "),
  );
});
