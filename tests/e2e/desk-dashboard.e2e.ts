import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { validIntake } from "../helpers/intake-body";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";
import { type OwnServer, ROOT, startOwnServer } from "./own-server";

// The e2e server runs with DEMO=1 and a real clock: these tests seed requests through the public API and
// assert what does not depend on the hour ("due …" for a new request, "answered …" once a call is recorded). The last
// ones start a second instance of the same binary on requests filed months ago, to show overdue ones.

/** An intake as a visitor sends it, the form opened a minute ago; returns its reference. */
async function submitIntake(request: APIRequestContext, baseURL: string, name: string): Promise<string> {
  // An address of its own (the e2e server trusts X-Forwarded-For): the intake accepts five requests an hour
  // from one address, and the other specs' requests come from 127.0.0.1.
  const visitor = `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const res = await request.post("/api/contact", {
    headers: { origin: baseURL, "x-forwarded-for": visitor },
    data: validIntake(new Date(), {
      name,
      firm: "Okafor Fiduciary Services",
      email: "desk-check@okafor-fiduciary.example",
      phone: "(312) 555-0188",
      role: "fiduciary",
      matterType: "probate-estate",
      subjectType: "individual",
      jurisdictions: "Cook County, IL",
      desiredService: "transaction-trace",
      description: "Estate of a decedent whose accounts were emptied in the months before death.",
    }),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

const waitingPanel = (page: Page) => page.getByRole("region", { name: "Waiting for a first response" });

test("the dashboard's morning view: a new request waits with its due time, then counts as answered", async ({
  page,
  request,
  baseURL,
}) => {
  const reference = await submitIntake(request, baseURL!, "Morgan Dashboard-Check");
  await page.setViewportSize(DESKTOP);
  const problems = watchForErrors(page);
  await signIn(page);

  // The welcome line, the sidebar's areas (ADR 262: they replace SPEC's four cards), and the desk's figures.
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  for (const area of ["Articles", "Resources", "Case Studies", "Desk"]) {
    await expect(sidebar.getByRole("link", { name: area, exact: true })).toBeVisible();
  }
  const counts = page.getByRole("list", { name: "Today at the desk" });
  await expect(counts.getByRole("link", { name: /New today/ })).toBeVisible();
  await expect(counts.getByRole("link", { name: /Waiting/ })).toContainText(/[1-9]\d*/);
  const row = waitingPanel(page).getByRole("listitem").filter({ hasText: reference });
  await expect(row).toContainText("Transaction Trace");
  await expect(row).toContainText(
    /due (in \d+ [hm]|tomorrow \d{1,2}:\d\d [AP]M [A-Z]{3}|\w{3} \d{1,2}:\d\d [AP]M [A-Z]{3}|\w{3} \d+ \w{3} \d{4}, \d{1,2}:\d\d [AP]M [A-Z]{3})/,
  );
  await expect(page.getByRole("region", { name: "First response, last 30 days" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mail that failed" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The request's page says when it is due. Moving it on tells the client nothing: it still waits. A call
  // recorded with its time (now, by default) is its first response.
  // The queue names who is waiting, beside the reference.
  await row.getByRole("link", { name: "Morgan Dashboard-Check" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Morgan Dashboard-Check");
  await expect(
    page.getByText(/^Respond by \w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d [AP]M [A-Z]{3}/),
  ).toBeVisible();
  await page.getByLabel("Where this request stands").selectOption({ label: "In review" });
  // The choice is the change: no Save Status.
  await expect(page.getByText(/^Status changed from New to In review/)).toBeVisible();
  await expect(page.getByText(/^Respond by /)).toBeVisible();
  const responded = page.getByRole("region", { name: "Responded another way" });
  await responded.getByLabel("How").selectOption({ label: "Phone call" });
  await responded.getByRole("button", { name: "Record Response" }).click();
  await expect(page.getByText(/^answered (in|before)/)).toBeVisible();
  await expect(page.getByText(/^First response .*\(phone call\)/)).toBeVisible();
  await expect(page.getByText(/^Phone call with the requester, recorded by /)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(waitingPanel(page)).toBeVisible();
  await expect(waitingPanel(page)).not.toContainText(reference);
  const figures = page.getByRole("region", { name: "First response, last 30 days" });
  await expect(figures.getByText("Median")).toBeVisible();
  await expect(figures).toContainText(/over \d+ answered request/);
  expect(problems).toEqual([]);
});

test("the list's due labels, sorting and overdue filter, and the closures panel, on a phone", async ({
  page,
  request,
  baseURL,
}) => {
  const reference = await submitIntake(request, baseURL!, "Quinn Phone-Check");
  await page.setViewportSize(PHONE);
  const problems = watchForErrors(page);
  await signIn(page);
  await expect(waitingPanel(page)).toContainText(reference);
  await expectNoAxeViolations(page);

  await page.goto("/admin/submissions");
  await waitForHydration(page);
  await page.getByLabel("Order").selectOption({ label: "Soonest due first" });
  await expect(page).toHaveURL(/sort=due/);
  const card = page
    .getByRole("list", { name: "Submissions" })
    .getByRole("listitem")
    .filter({ hasText: reference });
  await expect(card).toContainText(/due /);
  await expectNoAxeViolations(page);

  // A request filed a minute ago is not overdue.
  await page.getByLabel(/Overdue only/).check();
  await expect(page).toHaveURL(/overdue=1/);
  await expect(page.getByText(/Showing|No matching submissions/)).toBeVisible();
  await expect(page.getByText(reference)).toHaveCount(0);

  // Closures, on the Business Hours screen (Settings, through the phone's menu): add one, see it listed, take it
  // away again.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Business Hours" }).click();
  await expect(page).toHaveURL(/\/admin\/business-hours$/);
  const panel = page.getByRole("region", { name: "Business hours & closures" });
  await expect(panel.getByText("Mon-Fri 9:00 AM-5:00 PM")).toBeVisible();
  const next = new Date().getUTCFullYear() + 1;
  await panel.getByLabel("Date closed").fill(`${next}-08-14`);
  await panel.getByLabel("Note (optional)").fill("Firm retreat");
  await panel.getByRole("button", { name: "Add Closure" }).click();
  const closure = panel.getByRole("listitem").filter({ hasText: "Firm retreat" });
  await expect(closure).toContainText(`14 Aug ${next}`);
  await expectNoAxeViolations(page);
  await closure.getByRole("button", { name: /Remove the closure/ }).click();
  await expect(panel.getByText("Firm retreat")).toHaveCount(0);
  await expect(panel.getByText(/No closures/)).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe("a desk with requests filed months ago, on the same binary and the real clock", () => {
  let base = "";
  let own: OwnServer | undefined;
  let seeded: { overdue: string; answered: string };

  test.beforeAll(async () => {
    own = await startOwnServer({
      name: "desk",
      smtp: false,
      seed: (dataDir) => {
        seeded = JSON.parse(
          execFileSync("bun", ["tests/e2e/seed-desk.ts", dataDir], { cwd: ROOT, encoding: "utf8" }),
        ) as typeof seeded;
      },
    });
    base = own.origin;
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  for (const [name, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    test(`overdue and answered requests on the dashboard, the list and the detail at ${name} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const problems = watchForErrors(page);
      await signIn(page, base);

      const counts = page.getByRole("list", { name: "Today at the desk" });
      await expect(counts.getByRole("link", { name: /Overdue/ })).toContainText("1");
      const row = waitingPanel(page).getByRole("listitem").filter({ hasText: seeded.overdue });
      await expect(row).toContainText("Asset Map");
      await expect(row).toContainText(/overdue by \d+ business hours/);
      await expect(waitingPanel(page)).not.toContainText(seeded.answered);
      const figures = page.getByRole("region", { name: "First response, last 30 days" });
      await expect(figures).toContainText(/No request received in the last 30 days/);
      const mail = page.getByRole("region", { name: "Mail that failed" });
      await expect(mail).toContainText(seeded.overdue);
      await expect(mail).toContainText(/Retrying: 1 failed attempt/);
      // Every kind of mail by its label (issue: mail, ids, headers, item 20), the report's notice included.
      await expect(mail.getByText("Report-ready notice to the client")).toBeVisible();
      await expect(mail).not.toContainText("documents-report-ready");
      await page.screenshot({ path: test.info().outputPath(`dashboard-${name}.png`), fullPage: true });
      await expectNoAxeViolations(page);

      await page.goto(`${base}/admin/submissions?sort=due&overdue=1`);
      await waitForHydration(page);
      await expect(page.getByText("Showing 1–1 of 1 matching submission.")).toBeVisible();
      await expect(page.getByLabel(/Overdue only/)).toBeChecked();
      const shown = page.getByRole(name === "1280" ? "table" : "list", {
        name: name === "1280" ? undefined : "Submissions",
      });
      await expect(shown).toContainText(/overdue by \d+ business hours/);

      await page.goto(`${base}/admin/submissions?sort=due`);
      await waitForHydration(page);
      await expect(page.getByText("answered in 2 h").filter({ visible: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole("link", { name: "Avery Overdue" }).filter({ visible: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avery Overdue");
      await expect(page.getByText(/^Respond by Tue 6 Jan 2026, 10:00 AM EST/)).toBeVisible();
      await expect(page.getByText(/^overdue by \d+ business hours$/)).toBeVisible();
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }
});
