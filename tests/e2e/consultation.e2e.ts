import { FIRM_TIMEZONE, signedEngagement } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * The consultation end to end on the built binary, with mail through a real SMTP server on 127.0.0.1: a
 * client whose report is delivered picks a day and a time in the portal, books, moves and cancels, and the
 * desk sees the booking on the dashboard and in the request. This spec starts its own server.
 */
const server = ownServerForSpec({ name: "consultation", env: { FIRM_TIMEZONE } });
const mailsAbout = server.mailsAbout;

test.describe.configure({ mode: "serial", timeout: 300_000 });

test("a client with a delivered report books, moves and cancels the consultation; the desk sees it", async ({
  browser,
}) => {
  const ORIGIN = server.origin;
  // Staff sign in, send the engagement; the client opens the mailed link and signs. The client's browser is in
  // London: times show in New York and in London.
  const { desk, client, id, reference } = await signedEngagement(browser, server, {
    draft: {
      scope: "A sourced map of real property, entities and vehicles.",
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 5,
      expedite: false,
    },
    clientTimezone: "Europe/London",
  });
  await client.reload();
  await waitForHydration(client);
  const section = client.getByRole("region", { name: "Your consultation" });
  await expect(section.getByText(/Once your report is delivered/)).toBeVisible();

  // The report's delivery: staff send the report and mark it, as the desk's documents panel does.
  const report = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(40_000, 7)]);
  const sent = await desk.request.post(`${ORIGIN}/api/admin/submissions/${id}/documents`, {
    headers: {
      origin: ORIGIN,
      "content-type": "application/octet-stream",
      "upload-metadata": `filename ${Buffer.from("Asset map report.pdf").toString("base64")}`,
    },
    data: report,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { document } = (await sent.json()) as { document: { id: string } };
  const marked = await desk.request.post(
    `${ORIGIN}/api/admin/submissions/${id}/documents/${document.id}/report`,
    { headers: { origin: ORIGIN } },
  );
  expect(marked.status()).toBe(200);

  // The picker: days, then times with both labels; book the first time of the last day. The server runs on the
  // real clock, and a booking can be moved or cancelled only until 24 hours before it: the tenth business day
  // is always further away than that, the first two are not (the eve of a holiday, a late afternoon).
  await client.reload();
  await waitForHydration(client);
  // The portal says the work is delivered (ADR 227): no delivery is promised any more.
  await expect(client.getByRole("heading", { name: "Your report is delivered" })).toBeVisible();
  await expect(client.getByText(/^Delivered .*Your report is in your documents below\.$/)).toBeVisible();
  await expect(client.getByText(/delivery is due/)).toHaveCount(0);
  await checkBothWidths(client, "portal-delivered");
  const days = section.getByRole("group", { name: "Day", exact: true }).getByRole("button");
  await expect(days).toHaveCount(10);
  await days.last().click();
  await expect(days.last()).toHaveAttribute("aria-pressed", "true");
  const times = section.getByRole("radio");
  await expect(times.first()).toBeVisible();
  await expect(section.getByText(/^Yours: .* GMT$/).first()).toBeVisible();
  await checkBothWidths(client, "portal-consultation-picker");
  const chosen = await times.first().getAttribute("value");
  await times.first().check();
  await section.getByRole("button", { name: "Book this time" }).click();
  await expect(section.getByRole("status")).toContainText("Booked:");
  await expect(section.getByText("Booked for")).toBeVisible();
  await expect(section.getByText(/You can move or cancel it here until/)).toBeVisible();
  await checkBothWidths(client, "portal-consultation-booked");
  await expect.poll(() => mailsAbout("Consultation booked").length, { timeout: 20_000 }).toBe(2);
  const invite = mailsAbout("Consultation booked")[0]?.attachments.find(
    (a) => a.filename === "consultation.ics",
  );
  expect(invite?.content.toString("utf8")).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  // The desk: the dashboard's list and the request's detail.
  await desk.goto(`${ORIGIN}/admin/dashboard`);
  await waitForHydration(desk);
  const upcoming = desk.getByRole("region", { name: "Upcoming Consultations" });
  await expect(upcoming.getByRole("link", { name: reference })).toBeVisible();
  await expect(upcoming.getByText("Dana Whitfield")).toBeVisible();
  await checkBothWidths(desk, "dashboard-consultations");
  await desk.goto(`${ORIGIN}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Consultation", exact: true });
  await expect(panel.getByText(/^Booked /)).toBeVisible();
  await expect(panel.locator("time")).toHaveAttribute("datetime", chosen ?? "no start");
  await checkBothWidths(desk, "desk-consultation");
  // The engagement shows when the report was delivered, and no delivery as due.
  const engagement = desk.getByRole("region", { name: "Engagement", exact: true });
  await expect(engagement.getByText("Delivered", { exact: true })).toBeVisible();
  await expect(engagement.getByText("Delivery due")).toHaveCount(0);

  // Move to the next time, then cancel.
  await section.getByRole("button", { name: "Move to another time" }).click();
  await expect(times.first()).toBeVisible();
  await days.last().click();
  await expect(days.last()).toHaveAttribute("aria-pressed", "true");
  await times.nth(1).check();
  await section.getByRole("button", { name: "Move to this time" }).click();
  await expect(section.getByRole("status")).toContainText("Moved:");
  await expect.poll(() => mailsAbout("Consultation moved").length, { timeout: 20_000 }).toBe(2);

  await section.getByRole("button", { name: "Cancel the consultation" }).click();
  await section.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(section.getByRole("status")).toContainText("Your consultation is cancelled");
  await expect(section.getByRole("button", { name: "Book this time" })).toBeVisible();
  await checkBothWidths(client, "portal-consultation-cancelled");
  await expect.poll(() => mailsAbout("Consultation cancelled").length, { timeout: 20_000 }).toBe(2);
  const cancelled = mailsAbout("Consultation cancelled")[0]?.attachments[0]?.content.toString("utf8");
  expect(cancelled).toContain("METHOD:CANCEL");
});
