import { expect, test } from "@playwright/test";
import { checkBothWidths, DESKTOP, fileIntake, letterSha256, signIn, waitForHydration } from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Statements of account on the built binary: the desk issues the first statement of a signed engagement from the
 * request's page, and the client finds it in the portal's Statements list, read at 1280 and 390 pixels with axe.
 * This spec starts its own server.
 */
let ORIGIN = "";
let own: OwnServer | undefined;
const received = () => own?.mail ?? [];

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.beforeAll(async () => {
  own = await startOwnServer({ name: "statements", env: { FIRM_TIMEZONE: "America/New_York" } });
  ORIGIN = own.origin;
});

test.afterAll(async () => {
  await own?.stop();
});

const mailsAbout = (subject: string) => received().filter((m) => m.subject?.startsWith(subject));

test("the desk issues a statement and the client lists and downloads it in the portal", async ({
  browser,
}) => {
  const same = { origin: ORIGIN };
  const reference = await fileIntake(ORIGIN);
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
      scope: "A sourced map of real property, entities and vehicles in Cook County.",
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 5,
      expedite: false,
    },
  });
  expect(put.status()).toBe(200);
  expect((await desk.request.post(`${api}/engagement/send`, { headers: same })).status()).toBe(200);
  await expect
    .poll(() => mailsAbout("Your engagement letter").length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const link = mailsAbout("Your engagement letter")
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
  expect(
    (
      await client.request.post(`${ORIGIN}/api/portal/sign`, {
        headers: same,
        data: { fullName: "Dana Whitfield", agree: true, letterSha256: await letterSha256(client, ORIGIN) },
      })
    ).status(),
  ).toBe(200);

  // Before any statement the portal says so.
  await client.reload();
  await waitForHydration(client);
  const list = client.getByRole("region", { name: "Statements" });
  await expect(list.getByText("No statement has been issued yet.")).toBeVisible();

  // The desk issues the first statement from the request's page, through today.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Statements" });
  await panel.getByLabel("Issue the next statement through").fill(today);
  await panel.getByRole("button", { name: "Issue statement" }).click();
  await expect(panel.getByText("Statement 1", { exact: true })).toBeVisible();
  await checkBothWidths(desk, "statements-desk");
  // Again the same day: the desk says why nothing was issued.
  await panel.getByRole("button", { name: "Issue statement" }).click();
  await expect(panel.getByRole("alert")).toContainText("Nothing was recorded through");

  await client.reload();
  await waitForHydration(client);
  await expect(list.getByText("Statement 1", { exact: true })).toBeVisible();
  await expect(list.getByText("Balance $3,500.00")).toBeVisible();
  await checkBothWidths(client, "statements-portal");
  const [download] = await Promise.all([
    client.waitForEvent("download"),
    list.getByRole("link", { name: "Download Statement 1 (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${reference}-statement-1.pdf`);
  await expect.poll(() => mailsAbout("Statement 1 of your engagement").length, { timeout: 20_000 }).toBe(1);
});
