import { expect, test } from "@playwright/test";
import { checkBothWidths, DESKTOP, fileIntake, letterSha256, signIn, waitForHydration } from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * The desk's ledger on the built binary (issue 30): a retainer engagement signed in the portal and paid, then
 * time, an expense and an adjustment added from the request page, each refusal shown at its field; the entries
 * with their running balance and the retainer left, at 1280 and 390 pixels with axe. This spec starts its own
 * server.
 */
let ORIGIN = "";
let own: OwnServer | undefined;
const received = () => own?.mail ?? [];

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.beforeAll(async () => {
  own = await startOwnServer({ name: "ledger", env: { FIRM_TIMEZONE: "America/New_York" } });
  ORIGIN = own.origin;
});

test.afterAll(async () => {
  await own?.stop();
});

test("the desk records time, an expense and a correction; the retainer and balance follow", async ({
  browser,
}) => {
  const same = { origin: ORIGIN };
  const reference = await fileIntake(ORIGIN, { desiredService: "transaction-trace" });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, ORIGIN);
  const found = (await (await desk.request.get(`${ORIGIN}/api/admin/submissions?q=${reference}`)).json()) as {
    items: { id: number }[];
  };
  const id = found.items[0]?.id;
  const api = `${ORIGIN}/api/admin/submissions/${id}`;
  const put = await desk.request.put(`${api}/engagement`, {
    headers: same,
    data: {
      scope: "Trace the transfers out of the joint accounts from 2022 to 2025 and report where they went.",
      feeCents: 500_000,
      feeKind: "retainer",
      hourlyRateCents: 40_000,
      turnaroundBusinessDays: 30,
      expedite: false,
    },
  });
  expect(put.status()).toBe(200);
  expect((await desk.request.post(`${api}/engagement/send`, { headers: same })).status()).toBe(200);
  await expect
    .poll(() => received().filter((m) => m.subject?.startsWith("Your engagement letter")).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const link = received()
    .filter((m) => m.subject?.startsWith("Your engagement letter"))
    .at(-1)
    ?.text?.match(/http:\/\/127\.0\.0\.1:\d+\/portal#token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error("no portal link in the mail");
  const client = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await client.goto(link);
  await waitForHydration(client);
  await client.getByRole("button", { name: "Open", exact: true }).click();
  await expect(client.getByRole("heading", { name: "1. Consent to sign electronically" })).toBeVisible();
  expect(
    (
      await client.request.post(`${ORIGIN}/api/portal/consent`, { headers: same, data: { consent: true } })
    ).status(),
  ).toBe(200);
  const sha = await letterSha256(client, ORIGIN);
  expect(
    (
      await client.request.post(`${ORIGIN}/api/portal/sign`, {
        headers: same,
        data: { fullName: "Dana Whitfield", agree: true, letterSha256: sha },
      })
    ).status(),
  ).toBe(200);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const paid = await desk.request.post(`${api}/engagement/payments`, {
    headers: same,
    data: { amountCents: 500_000, receivedOn: today, method: "Wire" },
  });
  expect(paid.status()).toBe(201);

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
  await time.getByRole("button", { name: "Add time" }).click();
  await expect(time.getByText("Minutes must be a whole number from 1 to 1440")).toBeVisible();
  await expect(time.getByLabel("Minutes")).toBeFocused();
  await time.getByLabel("Minutes").fill("90");
  await time.getByRole("button", { name: "Add time" }).click();
  const entries = ledger.getByRole("region", { name: "Ledger entries" });
  await expect(entries.getByRole("row", { name: /Reviewed the bank statements/ })).toContainText("$600.00");
  await expect(ledger.getByTestId("ledger-retainer")).toHaveText("$4,400.00 of $5,000.00");

  // An expense, refused past today at its field (the server's check), then recorded.
  const expense = ledger.getByRole("form", { name: "Add an expense" });
  await expense.getByLabel("Amount (US dollars)").fill("12.50");
  await expense.getByLabel("Description").fill("Recorder's office copies");
  await expense.getByLabel("Date").fill("2999-01-01");
  await expense.getByRole("button", { name: "Add an expense" }).click();
  await expect(expense.getByText("Date cannot be after today")).toBeVisible();
  await expense.getByLabel("Date").fill(today);
  await expense.getByRole("button", { name: "Add an expense" }).click();
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
  await adjustment.getByRole("button", { name: "Add an adjustment" }).click();
  await expect(entries.getByRole("row", { name: /Half an hour was billed twice/ })).toContainText(
    `corrects no. ${timeNo}`,
  );
  await expect(ledger.getByTestId("ledger-retainer")).toHaveText("$4,487.50 of $5,000.00");
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("-$4,487.50");
  // The running balance of the last row is the balance.
  await expect(entries.getByRole("row").last()).toContainText("-$4,487.50");
  await checkBothWidths(desk, "ledger-desk");
  // At a phone's width nothing of the page runs off its side (the entries' table scrolls within its region).
  await desk.setViewportSize({ width: 390, height: 844 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
