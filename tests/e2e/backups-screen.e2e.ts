import { parseSchedule } from "../../src/contracts/firm-calendar";
import { scheduleInWords } from "../../src/contracts/schedule-words";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, press, signIn, watchForErrors } from "./helpers";
import { ownServerForSpec } from "./own-server";

// A server of its own with the default schedule (daily at 02:30 on the firm's clock, America/New_York): the
// Backups screen says it in words, and a backup taken from it is listed as soon as it ends, with no reload.
const server = ownServerForSpec({ name: "backups-screen", smtp: false, env: {} });

test("the Backups screen says the schedule in words and lists a run as soon as it ends, at 1280 and 390 px", async ({
  page,
}) => {
  const base = server.origin;
  const problems = watchForErrors(page);
  // What the server says today: EST in winter, EDT in summer (the next run's label).
  const words = scheduleInWords(parseSchedule("30 2 * * *"), "America/New_York", new Date());
  expect(words).toMatch(/^Every day at 2:30 AM E[SD]T$/);

  for (const [name, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await signIn(page, base, "/admin/backups");
    await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
    const schedule = page.locator("dt", { hasText: "Schedule" }).locator("..");
    await expect(schedule).toContainText(words);
    await expect(schedule).toContainText("BACKUP_SCHEDULE=30 2 * * * on the firm's clock (America/New_York)");

    const runs = page.getByRole("region", { name: "Recent runs" }).getByRole("listitem");
    const before = await runs.count();
    await press(page, page.getByRole("button", { name: "Take a backup now" }));
    // Listed without a reload: the screen asks the server again until the run has ended.
    await expect(runs).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(runs.first()).toContainText(/verified/);
    await expect(runs.first()).toContainText(/tracewell-manual-\d{8}T\d{9}Z\.twbackup/);
    await expect(page.getByRole("status").filter({ hasText: "The backup has ended" })).toHaveText(
      "The backup has ended: it is the first of the recent runs.",
    );
    await expect(page.getByRole("button", { name: "Take a backup now" })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath(`backups-screen-${name}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
  expect(problems).toEqual([]);
});
