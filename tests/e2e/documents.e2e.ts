import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Download, Page, Route } from "@playwright/test";
import { pdf, sha } from "../helpers/files";
import { macroWorkbook } from "../helpers/office-files";
import { mailedPortalLink } from "./engagement";
import { expect, test } from "./fixtures";
import {
  checkBothWidths,
  DEMO_ADMIN,
  DESKTOP,
  fileIntake,
  letterSha256,
  PHONE,
  waitForHydration,
} from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * The engagement's documents end to end on the built binary, with mail through a real SMTP server on
 * 127.0.0.1: a signed client sends files from the portal (picked and dropped, each with its progress), a file of
 * a refused type shows the server's message, staff download the client's file byte for byte, send the report
 * and mark it, and the client downloads the report, which the desk shows as received.
 */
let ORIGIN = "";
const SHOTS = process.env.SCREENSHOT_DIR;
let own: OwnServer | undefined;
const received = () => own?.mail ?? [];

test.describe.configure({ mode: "serial", timeout: 300_000 });

// Larger than one 8 MB chunk, so the bar moves through more than one request.
const STATEMENT = pdf(9 * 1024 * 1024 + 4321);
const LEDGER = Buffer.from("date,description,amount\n2024-01-02,Transfer to Lakeview LLC,-25000.00\n");
const BROKERAGE = pdf(700_000);
const REPORT = pdf(180_000);

/** The shortened SHA-256 the lists show, the whole value a click away. */
const short = (bytes: Uint8Array) => `${sha(bytes).slice(0, 12)}…`;
const downloaded = async (download: Download) => new Uint8Array(readFileSync(await download.path()));

test.beforeAll(async () => {
  own = await startOwnServer({
    name: "documents",
    env: { PAYMENT_INSTRUCTIONS: "Wire to First Example Bank, account 000123, quoting your reference." },
  });
  ORIGIN = own.origin;
});

test.afterAll(async () => {
  await own?.stop();
});

/** An intake request, its engagement drafted and sent by the desk's API: answers the request's id. */
async function sentEngagement(): Promise<number> {
  const reference = await fileIntake(ORIGIN);
  const login = await fetch(`${ORIGIN}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const found = (await (
    await fetch(`${ORIGIN}/api/admin/submissions?q=${reference}`, { headers: { cookie } })
  ).json()) as { items: { id: number }[] };
  const id = found.items[0]?.id as number;
  const draft = await fetch(`${ORIGIN}/api/admin/submissions/${id}/engagement`, {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({
      scope: "A sourced map of the husband's real property, entities and vehicles.",
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 5,
      expedite: false,
    }),
  });
  expect(draft.status).toBe(200);
  const send = await fetch(`${ORIGIN}/api/admin/submissions/${id}/engagement/send`, {
    method: "POST",
    headers: { cookie },
  });
  expect(send.status).toBe(200);
  return id;
}

const mailedLink = () => mailedPortalLink({ mail: received() });

async function deskPage(browser: Browser) {
  const page = await (await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
  await page.goto(`${ORIGIN}/admin/login`);
  await waitForHydration(page);
  await page.getByLabel("Username").fill(DEMO_ADMIN.username);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

/** Sends files through the portal's own button and the browser's file chooser. */
async function pickFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose files" }).click();
  await (await chooser).setFiles(files);
}

let submissionId = 0;
let client: Page;
let desk: Page;

test("a signed client sends files by the picker and by dropping them, sees each arrive with its SHA-256, and a refused type says what is accepted", async ({
  browser,
}) => {
  submissionId = await sentEngagement();
  client = await (await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
  await client.goto(await mailedLink());
  await waitForHydration(client);
  // Each link opens the portal once, when the client presses Open (a mail scanner loading it uses nothing).
  await client.getByRole("button", { name: "Open", exact: true }).click();
  await expect(client.getByRole("heading", { name: "1. Consent to sign electronically" })).toBeVisible();
  // No documents before the letter is signed.
  await expect(client.getByRole("heading", { name: "Documents" })).toHaveCount(0);
  expect(
    (await client.request.post(`${ORIGIN}/api/portal/consent`, { data: { consent: true } })).status(),
  ).toBe(200);
  expect(
    (
      await client.request.post(`${ORIGIN}/api/portal/sign`, {
        data: { fullName: "Dana Whitfield", agree: true, letterSha256: await letterSha256(client, ORIGIN) },
      })
    ).status(),
  ).toBe(200);
  await client.reload();
  await waitForHydration(client);
  const documents = client.getByRole("region", { name: "Documents" });
  await expect(documents.getByRole("heading", { name: "Documents" })).toBeVisible();
  await expect(documents.getByText(/up to 250 MB a file and 2 GB for all/)).toBeVisible();
  await expect(documents.getByText("No files yet.", { exact: false })).toBeVisible();

  // From the keyboard: Tab from the stop before it reaches the picker's button, with the visible focus ring.
  const choose = documents.getByRole("button", { name: "Choose files" });
  await choose.focus();
  await client.keyboard.press("Shift+Tab");
  await expect(choose).not.toBeFocused();
  await client.keyboard.press("Tab");
  await expect(choose).toBeFocused();
  expect(await choose.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
  expect(await choose.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");

  // By the picker: the bar is a labelled progress bar that reaches the file's size.
  await pickFiles(client, [
    { name: "Chase statement 2024.pdf", mimeType: "application/pdf", buffer: STATEMENT },
  ]);
  const bar = documents.getByRole("progressbar", { name: "Chase statement 2024.pdf" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveJSProperty("max", STATEMENT.length);
  await expect(bar).toHaveJSProperty("value", STATEMENT.length, { timeout: 60_000 });
  await expect(documents.getByText("Sent", { exact: true })).toBeVisible();

  // By dropping a file on the zone.
  const transfer = await client.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "ledger.csv", { type: "text/csv" }));
    return dt;
  }, LEDGER.toString("utf8"));
  await client.locator("[data-drop-zone]").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(documents.getByRole("progressbar", { name: "ledger.csv" })).toHaveJSProperty(
    "value",
    LEDGER.length,
  );

  const sent = documents.getByRole("list").filter({ has: client.getByRole("link", { name: "ledger.csv" }) });
  await expect(sent.getByRole("link", { name: "Chase statement 2024.pdf" })).toBeVisible();
  await expect(sent.getByText(short(STATEMENT), { exact: true })).toBeVisible();
  await expect(sent.getByText(short(LEDGER), { exact: true })).toBeVisible();
  // The whole value is a click away.
  await sent.getByText(short(STATEMENT), { exact: true }).click();
  await expect(sent.getByText(sha(STATEMENT), { exact: true })).toBeVisible();

  // The connection drops while a file is sent: after the automatic retries it shows Not sent with a Retry,
  // which continues the same upload once the connection is back.
  const cut = (route: Route) =>
    route.request().method() === "PATCH" ? route.abort("connectionreset") : route.continue();
  await client.route("**/api/portal/uploads/*", cut);
  await pickFiles(client, [{ name: "Schwab 2023.pdf", mimeType: "application/pdf", buffer: BROKERAGE }]);
  const cutRow = documents.getByRole("listitem").filter({ hasText: "Schwab 2023.pdf" });
  await expect(cutRow.getByText("Not sent")).toBeVisible({ timeout: 30_000 });
  await expect(cutRow.getByRole("alert")).toHaveText(
    "The connection was lost. Retry to continue from where it stopped.",
  );
  // Still this page's to finish: not listed again as an unfinished file.
  await expect(sent.getByText("Schwab 2023.pdf")).toHaveCount(0);
  await client.unroute("**/api/portal/uploads/*", cut);
  await cutRow.getByRole("button", { name: "Retry Schwab 2023.pdf" }).click();
  await expect(documents.getByRole("progressbar", { name: "Schwab 2023.pdf" })).toHaveJSProperty(
    "value",
    BROKERAGE.length,
  );
  await expect(sent.getByText(short(BROKERAGE), { exact: true })).toBeVisible();

  // The content decides: a program named like a PDF is refused with the server's message.
  await pickFiles(client, [
    {
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(6000)]),
    },
  ]);
  await expect(documents.getByRole("alert")).toHaveText(
    "This file's content is not a type we accept. We accept PDF, PNG, JPEG, TIFF, HEIC, CSV, XLS, XLSX, DOC, DOCX, TXT, OFX/QFX or ZIP.",
  );
  await expect(sent.getByRole("link", { name: "invoice.pdf" })).toHaveCount(0);

  // An empty file, a workbook with macros and a web page named as text: each refused, saying why, with no Retry.
  // The page's name carries a right-to-left override that makes it read "statementtxt.html": it is shown as the
  // server keeps it, without the override.
  await pickFiles(client, [
    { name: "blank.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) },
    {
      name: "budget.xlsm",
      mimeType: "application/vnd.ms-excel.sheet.macroEnabled.12",
      buffer: macroWorkbook(),
    },
    {
      name: "statement\u202elmth.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("<!DOCTYPE html><html><body><h1>Statement</h1></body></html>"),
    },
  ]);
  const refusals: Array<[string, string]> = [
    [
      "blank.pdf",
      "This file is empty: there is nothing in it to send. Check that it is the file you meant, then choose it again.",
    ],
    [
      "budget.xlsm",
      "This document contains macros, which we do not accept. Save it without them (as .docx or .xlsx) or as a PDF, and send that instead.",
    ],
    [
      "statementlmth.txt",
      "This file is a web page, an SVG drawing or a script, which we do not accept. Save or print it as a PDF and send that instead.",
    ],
  ];
  for (const [name, message] of refusals) {
    const row = documents.getByRole("listitem").filter({ hasText: name });
    await expect(row.getByRole("alert")).toHaveText(message);
    await expect(row.getByText("Not sent")).toBeVisible();
    await expect(row.getByRole("button", { name: /Retry/ })).toHaveCount(0);
    await expect(sent.getByText(name)).toHaveCount(0);
  }
  await expect(documents.getByText("statement\u202elmth.txt")).toHaveCount(0);
  await checkBothWidths(client, "portal-documents-sent");
});

test("staff download the client's file byte for byte, send the report and deliver it after a confirmation", async ({
  browser,
}) => {
  desk = await deskPage(browser);
  await desk.goto(`${ORIGIN}/admin/submissions/${submissionId}`);
  const panel = desk.getByRole("region", { name: "Documents" });
  const fromClient = panel.getByRole("list", { name: "From the client" });
  await expect(fromClient.getByText(sha(STATEMENT))).toBeVisible();
  await expect(fromClient.getByText("Not opened yet", { exact: false })).toHaveCount(3);

  const download = desk.waitForEvent("download");
  await fromClient.getByRole("link", { name: "Chase statement 2024.pdf" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Chase statement 2024.pdf");
  expect(sha(await downloaded(file))).toBe(sha(STATEMENT));

  await panel.getByLabel("File for the client's portal").setInputFiles({
    name: "Asset map report.pdf",
    mimeType: "application/pdf",
    buffer: REPORT,
  });
  await panel.getByRole("button", { name: "Send the File to the Client" }).click();
  const fromFirm = panel.getByRole("list", { name: "From the firm" });
  await expect(fromFirm.getByRole("link", { name: "Asset map report.pdf" })).toBeVisible();
  await expect(fromFirm.getByText(sha(REPORT))).toBeVisible();

  // Marking asks first, since it e-mails the client; Cancel changes nothing.
  await fromFirm.getByRole("button", { name: /Mark as the Report/ }).click();
  const dialog = desk.getByRole("dialog", { name: "Deliver this as the report?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(fromFirm.getByText("The report", { exact: true })).toHaveCount(0);
  await fromFirm.getByRole("button", { name: /Mark as the Report/ }).click();
  await dialog.getByRole("button", { name: "Deliver the Report" }).click();
  await expect(fromFirm.getByText("The report", { exact: true })).toBeVisible();
  await expect(fromFirm.getByRole("term").filter({ hasText: "Delivered" })).toBeVisible();
  await expect(fromFirm.getByText("Not downloaded yet")).toBeVisible();
  await expect
    .poll(() => received().some((m) => m.subject?.startsWith("Your report is ready")), { timeout: 20_000 })
    .toBe(true);
  await desk.reload();
  await expect(fromClient.getByText("First opened here", { exact: false })).toBeVisible();
  await checkBothWidths(desk, "desk-documents");
});

test("the client downloads the report, and the desk shows when it was received", async () => {
  await client.reload();
  await waitForHydration(client);
  const report = client.getByRole("article", { name: "Asset map report.pdf" });
  await expect(report.getByText("Your report")).toBeVisible();
  await expect(report.getByText(short(REPORT), { exact: true })).toBeVisible();
  // Opened by the firm: the client's statement can no longer be removed; the ledger still can.
  await expect(client.getByRole("button", { name: /Remove Chase statement/ })).toHaveCount(0);
  await expect(client.getByRole("button", { name: /Remove ledger\.csv/ })).toBeVisible();
  const download = client.waitForEvent("download");
  await report.getByRole("link", { name: "Download the report" }).click();
  expect(sha(await downloaded(await download))).toBe(sha(REPORT));
  await checkBothWidths(client, "portal-documents-report");

  await desk.reload();
  const fromFirm = desk
    .getByRole("region", { name: "Documents" })
    .getByRole("list", { name: "From the firm" });
  await expect(fromFirm.getByRole("term").filter({ hasText: "Received by the client" })).toBeVisible();
  await expect(fromFirm.getByText("Not downloaded yet")).toHaveCount(0);
  if (SHOTS) {
    // The panel alone, as a phone shows it: the full page at 390 px is too long to read.
    await desk.setViewportSize(PHONE);
    // Exact: the request's "Documents requested" panel is a region too.
    await desk
      .getByRole("region", { name: "Documents", exact: true })
      .screenshot({ path: join(SHOTS, "desk-panel-390.png") });
    await desk.setViewportSize(DESKTOP);
  }
});
