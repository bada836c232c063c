import { join } from "node:path";
import type { Page } from "@playwright/test";
import { pdf } from "../helpers/files";
import { FIRM_TIMEZONE, firmToday, recordPayment, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, press, waitForHydration, watchForErrors } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * The request page's sections each fit two screens at 1280×800 (issue 45): Request, Engagement, Money, Documents
 * and History, measured on a request that has lived a while — a letter signed, a retainer paid in two parts,
 * time and an expense in the ledger, files sent to the client, replies and a long run of notes. A section
 * past 1,600 px is one a person scrolls through looking for its end. This spec starts its own server.
 */
const server = ownServerForSpec({ name: "request-sections", env: { FIRM_TIMEZONE } });
const SCREEN = { width: 1280, height: 800 };
const TWO_SCREENS = 2 * SCREEN.height;

test.describe.configure({ timeout: 180_000 });

test("at 1280×800 no section of a lived-in request runs past two screens", async ({ browser }) => {
  const { desk, id, api } = await signedEngagement(browser, server, {
    // Its own address and firm, so the conflict check at the top of Request (other requests from the same address
    // or firm) lists only what this spec made, whatever ran before it on the server.
    intake: {
      name: "Dana Whitfield",
      desiredService: "transaction-trace",
      email: `sections.${Date.now()}@whitfieldmoss.example`,
      firm: `Whitfield Sections ${Date.now()} LLP`,
    },
    draft: {
      scope: "Trace the transfers out of the joint accounts from 2022 to 2025 and report where they went.",
      feeCents: 500_000,
      feeKind: "retainer",
      hourlyRateCents: 40_000,
      turnaroundBusinessDays: 30,
      expedite: false,
    },
  });
  const headers = { origin: server.origin };
  await recordPayment(desk, api, 250_000);
  await recordPayment(desk, api, 250_000);
  for (const [minutes, description] of [
    [90, "Reviewed the bank statements for 2022"],
    [120, "Traced the wires to the brokerage account"],
    [45, "Call with the client about the missing months"],
    [60, "Drafted the summary of transfers"],
  ] as const) {
    const r = await desk.request.post(`${api}/time`, {
      headers,
      data: { on: firmToday(), minutes, description },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  const expense = await desk.request.post(`${api}/expenses`, {
    headers,
    data: { on: firmToday(), amountCents: 1_250, description: "County recorder's copy fee" },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  for (let i = 1; i <= 3; i++) {
    const r = await desk.request.post(`${api}/replies`, {
      headers,
      data: {
        subject: `Update ${i} on your trace`,
        body: `Dear Dana,\n\nHere is update ${i} on the work.\n\nKind regards`,
      },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  for (let i = 1; i <= 14; i++) {
    const r = await desk.request.patch(api, {
      headers,
      data: { note: `Note ${i}: checked another statement and found the transfers in order for that month.` },
    });
    expect(r.status(), await r.text()).toBe(200);
  }

  const problems = watchForErrors(desk);
  await desk.setViewportSize(SCREEN);
  await desk.goto(`${server.origin}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const documents = desk.getByRole("region", { name: "Documents", exact: true });
  for (const name of ["Bank statements 2022.pdf", "Brokerage transfers.pdf", "Wire summary.pdf"]) {
    await documents.getByLabel("File for the client's portal").setInputFiles({
      name,
      mimeType: "application/pdf",
      buffer: pdf(4_000, name),
    });
    await press(desk, documents.getByRole("button", { name: "Send the File to the Client" }));
    await expect(documents.getByRole("link", { name })).toBeVisible();
  }
  await desk.reload();
  await waitForHydration(desk);
  await panelsLoaded(desk);
  await expectNoAxeViolations(desk);
  if (process.env.SCREENSHOT_DIR)
    await desk.screenshot({
      path: join(process.env.SCREENSHOT_DIR, "request-sections-1280.png"),
      fullPage: true,
    });

  const heights = await sectionHeights(desk);
  for (const [section, height] of Object.entries(heights))
    expect.soft(height, `${section} is ${height} px tall at 1280×800`).toBeLessThanOrEqual(TWO_SCREENS);
  test.info().annotations.push({ type: "section heights", description: JSON.stringify(heights) });

  // The history's earlier entries are folded away, a press from the page.
  const history = desk.getByRole("list", { name: "History" });
  await expect(history.getByText("Request received")).toHaveCount(0);
  await expect(history.getByText(/^Note 14:/)).toBeVisible();
  const fold = desk
    .getByRole("region", { name: "History and notes" })
    .getByRole("button", { name: /^Show all \d+$/ });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await press(desk, fold);
  await expect(history.getByText("Request received")).toBeVisible();
  const unfold = desk.getByRole("button", { name: "Show the newest 8 only" });
  await expect(unfold).toHaveAttribute("aria-expanded", "true");
  await expect(unfold).toBeFocused();
  expect(problems).toEqual([]);
});

/** Every panel has answered: no "Loading" left on the page. */
async function panelsLoaded(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dana Whitfield");
  await expect(page.getByRole("region", { name: "Ledger", exact: true })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/Loading/);
}

/**
 * Each section's height as a person scrolls through it: from its top to where the next one in its column
 * starts (the request's part ends where the history begins; the engagement's takes in the client's sign-ins
 * under it), or its own bottom.
 */
function sectionHeights(page: Page) {
  return page.evaluate(() => {
    const box = (id: string) => {
      const el = document.getElementById(id);
      if (!el) throw new Error(`no #${id}`);
      return el.getBoundingClientRect();
    };
    // The engagement's part of the page ends with the panel under it in its column (the client's sign-ins).
    const engagementColumn = document.getElementById("section-engagement")?.parentElement;
    const engagementEnd = engagementColumn?.lastElementChild?.getBoundingClientRect().bottom ?? 0;
    const request = box("section-request");
    const history = box("section-history");
    const engagement = box("section-engagement");
    if (!engagementEnd) throw new Error("no engagement column");
    const money = box("section-money");
    const documents = box("section-documents");
    return {
      Request: Math.round(history.top - request.top),
      Engagement: Math.round(engagementEnd - engagement.top),
      Money: Math.round(money.height),
      Documents: Math.round(documents.height),
      History: Math.round(history.height),
    };
  });
}
