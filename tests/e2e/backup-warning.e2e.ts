import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, watchForErrors } from "./helpers";
import { ownServerForSpec } from "./own-server";

// A server whose backups cannot be written (BACKUP_DIR lies under a device, not a folder): the first backup fails, and the
// dashboard says so at the top, with a way to start another and where the guide explains the settings.
const server = ownServerForSpec({
  name: "backup-warning",
  smtp: false,
  env: { BACKUP_DIR: "/dev/null/backups" },
});

test("a failed backup shows on the dashboard at 1280 and 390 px, with a button that starts one now", async ({
  page,
}) => {
  const base = server.origin;
  const problems = watchForErrors(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, base);
  const notice = page.getByRole("region", { name: "Backups need attention" });
  await expect(page.getByRole("region", { name: "Waiting for a first response" })).toBeVisible();
  await expect(notice).toHaveCount(0);

  const started = await page.request.post(`${base}/api/admin/backups`, { headers: { origin: base } });
  expect(started.status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${base}/api/admin/backups`)).json()) as { warning: string | null })
          .warning,
      {
        timeout: 20_000,
      },
    )
    .toMatch(/^The last backup, at .+, failed/);

  for (const [name, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.reload();
    await expect(notice).toContainText(/The last backup, at .+, failed/);
    await expect(notice).toContainText("docs/operations.md");
    await page.screenshot({ path: test.info().outputPath(`backup-warning-${name}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }

  await notice.getByRole("button", { name: "Take a backup now" }).click();
  await expect(notice).toContainText(/A backup has started|A backup is already running/);
  expect(problems).toEqual([]);
});
