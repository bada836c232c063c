import { FIRM_TIMEZONE, firmToday, recordPayment, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * Judgment Intel in the portal on the built binary: counsel's monthly engagement is drafted and sent by the desk,
 * signed in the portal and its first month paid; the client pauses monitoring, then cancels it with notice, each
 * through a confirmation that states the consequence in dates. This spec starts its own server.
 */
const server = ownServerForSpec({ name: "monitoring", env: { FIRM_TIMEZONE } });

test.describe.configure({ mode: "serial", timeout: 300_000 });

/** "27 Nov 2026": a day on the firm's calendar as the product writes it (ADR 266). */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const longDate = (d: Date) => {
  const [y, m, day] = d.toLocaleDateString("en-CA", { timeZone: FIRM_TIMEZONE }).split("-").map(Number);
  return `${day} ${MONTHS[(m ?? 1) - 1]} ${y}`;
};

test("counsel pauses monitoring, then cancels it with notice, each confirmed in dates", async ({
  browser,
}) => {
  const { desk, client, id, api } = await signedEngagement(browser, server, {
    intake: { role: "attorney", desiredService: "judgment-intel", name: "Avery Counsel" },
    draft: {
      scope: "Quarterly public-records sweeps on the judgment debtors named below, reported to counsel.",
      feeCents: 75_000,
      feeKind: "monthly",
      turnaroundBusinessDays: 60,
      expedite: false,
      subjects: ["Harlan Whitfield", "Whitfield Holdings LLC"],
    },
    signer: "Avery Counsel",
  });
  const today = firmToday();
  await recordPayment(desk, api, 150_000);

  await client.reload();
  await waitForHydration(client);
  const card = client.getByRole("region", { name: "Monitoring" });
  await expect(card.getByText("Harlan Whitfield")).toBeVisible();
  await expect(card.getByText(/^Active since/)).toBeVisible();
  await expect(card.getByText(/^\$1,500 on /)).toBeVisible();
  await checkBothWidths(client, "monitoring-active");

  // Pause: the dialog says what happens, focus starts on "Keep as it is" and stays inside.
  await card.getByRole("button", { name: "Pause" }).click();
  const dialog = client.getByRole("dialog", { name: "Pause monitoring?" });
  await expect(dialog).toBeVisible();
  const todayWords = longDate(new Date());
  await expect(dialog).toContainText(`Monitoring pauses today, ${todayWords}, without penalty.`);
  await expect(dialog.getByRole("button", { name: "Keep as it is" })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await client.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await checkBothWidths(client, "monitoring-pause-dialog");
  // Escape keeps it as it is.
  await client.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Active since/)).toBeVisible();
  await card.getByRole("button", { name: "Pause" }).click();
  await dialog.getByRole("button", { name: "Yes, pause" }).press("Enter");
  await expect(card.getByText(`Paused since ${todayWords}`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Resume" })).toBeVisible();

  // Cancel: the end date is 30 days on.
  const ends = longDate(new Date(Date.parse(`${today}T12:00:00Z`) + 30 * 86_400_000));
  await card.getByRole("button", { name: "Cancel monitoring" }).click();
  const cancel = client.getByRole("dialog", { name: "Cancel monitoring with 30 days' notice?" });
  await expect(cancel).toContainText(`Monitoring ends on ${ends}`);
  await expect(cancel).toContainText("There are no refunds for partial months.");
  await checkBothWidths(client, "monitoring-cancel-dialog");
  await cancel.getByRole("button", { name: "Yes, cancel monitoring" }).click();
  await expect(card.getByText(`Cancelled with notice: ends on ${ends}`)).toBeVisible();
  await checkBothWidths(client, "monitoring-cancelling");

  // The desk sees the same on the request, with its own buttons, and was told by e-mail.
  await desk.goto(`${server.origin}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const staffCard = desk.getByRole("region", { name: "Monitoring (Judgment Intel)" });
  await expect(staffCard.getByText(`Cancelled with notice: ends on ${ends}`)).toBeVisible();
  await expect(staffCard.getByRole("button", { name: "Resume" })).toBeVisible();
  await checkBothWidths(desk, "monitoring-desk");
  await expect.poll(() => server.mailsAbout("Monitoring").length, { timeout: 20_000 }).toBeGreaterThan(1);
});
