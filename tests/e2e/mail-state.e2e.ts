import type { Browser, Page } from "@playwright/test";
import { validIntake } from "../helpers/intake-body";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, signIn, waitForHydration, watchForErrors } from "./helpers";

/**
 * One-line fields, phone digits, and screens that state the mail's real state (issue 17, items 4, 13, 19) and
 * the receipt on /thanks (issue 22), on the demo server the config starts: SMTP_URL is not set there.
 */
const ACKNOWLEDGMENT =
  "I understand that work is performed under a written Engagement Letter defining scope, fees and confidentiality, and that some services may require attorney direction.";
const REFERENCE = /^IR-\d{6}-[2-9A-Z]{4}$/;

let visitor = 0;
/** A visitor of their own (the server trusts the proxy header), so the hourly intake limit is not shared. */
async function visitorPage(browser: Browser, opts: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: DESKTOP,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "x-forwarded-for": `198.18.77.${++visitor}` },
  });
  return { context, page: await context.newPage() };
}

/** Opens the form; the browser's clock moves a minute on, as if the visitor had spent that long on it. */
async function openForm(page: Page) {
  await page.clock.install();
  await page.goto("/contact");
  await waitForHydration(page);
  await page.clock.fastForward(60_000);
}

async function fillValid(page: Page) {
  await page.getByLabel("Full name").fill("Dana Whitfield");
  await page.getByLabel("Firm or organization (optional)").fill("Whitfield & Moss LLP");
  await page.getByLabel("Email").fill("dana@whitfieldmoss.example");
  await page.getByLabel("Phone").fill("(312) 555-0199");
  await page.getByLabel("Your role").selectOption("attorney");
  await page.getByLabel("Matter type").selectOption("family-law");
  await page.getByLabel("Subject type").selectOption("both");
  await page.getByLabel("Service you need").selectOption("asset-map");
  await page.getByLabel("Jurisdictions").fill("Cook County, IL; Delaware entities");
  await page
    .getByLabel("Brief description of the matter")
    .fill("Divorce, 2023-DR-004512. Husband bought a lake house through an LLC in 2022; need an asset map.");
  await page.getByLabel(ACKNOWLEDGMENT).check();
}

/** The message under a field, read through the field's own aria-describedby. */
async function fieldMessages(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  const ids = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  return Promise.all(ids.map((id) => page.locator(`#${id}`).textContent()));
}

test.describe("the intake form refuses what the server refuses", () => {
  test("a line break in a one-line field, and a phone number without digits", async ({ browser }) => {
    const { context, page } = await visitorPage(browser);
    const problems = watchForErrors(page, { allowStatus: [422] });
    await openForm(page);
    await fillValid(page);
    // A text box drops CR and LF as they are typed or pasted; the Unicode line separator gets through.
    await page.getByLabel("Full name").fill("Bob\u2028Reference: IR-FAKE");
    await page.getByLabel("Jurisdictions").fill("Cook County\u2029URGENT: log in at https://evil.example");
    await page.getByLabel("Phone").fill("abcdefghij");
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact")) posted++;
    });
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    expect(await fieldMessages(page, "Full name")).toContain("Name must be one line of text");
    expect(await fieldMessages(page, "Jurisdictions")).toContain("Jurisdictions must be one line of text");
    expect(await fieldMessages(page, "Phone")).toContain("Phone number must be at least 10 digits");
    expect(posted).toBe(0);
    await expectNoAxeViolations(page);

    // The server says the same to a client that skips the form's checks.
    const res = await page.request.post("/api/contact", {
      headers: { "x-forwarded-for": `198.18.78.${visitor}` },
      // Without the firm, the trap field and the start time, as such a client may send it.
      data: validIntake(new Date(), {
        name: "Bob\r\nReference: IR-FAKE",
        firm: undefined,
        email: "dana@whitfieldmoss.example",
        phone: "abcdefghij",
        jurisdictions: "Cook County",
        description: "Divorce, 2023-DR-004512. Need an asset map before the deposition.",
        website: undefined,
        formStartTime: undefined,
      }),
    });
    expect(res.status()).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      name: ["Name must be one line of text"],
      phone: ["Phone number must be at least 10 digits"],
    });

    // Fixed, the request goes through.
    await page.getByLabel("Full name").fill("Dana Whitfield");
    await page.getByLabel("Jurisdictions").fill("Cook County, IL");
    await page.getByLabel("Phone").fill("+1 (312) 555-0199");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL(/\/thanks$/);
    expect(problems.filter((p) => !p.includes("/api/contact"))).toEqual([]);
    await context.close();
  });
});

test.describe("/thanks shows the request's reference and when we answer", () => {
  test("after the form's send: the reference the server gave, the due time, and the mail's real state", async ({
    browser,
  }) => {
    const { context, page } = await visitorPage(browser);
    const problems = watchForErrors(page);
    await openForm(page);
    await fillValid(page);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await page.getByRole("button", { name: "Submit Request" }).click();
    const receipt = (await (await answer).json()) as { reference: string; respondByText: string };
    expect(receipt.reference).toMatch(REFERENCE);
    await expect(page).toHaveURL(/\/thanks$/);
    // Nothing about the request is in the address.
    expect(new URL(page.url()).search).toBe("");
    expect(new URL(page.url()).hash).toBe("");
    const main = page.getByRole("main");
    await expect(main.getByTestId("reference")).toHaveText(receipt.reference);
    await expect(main).toContainText(`You'll hear from us by ${receipt.respondByText}.`);
    expect(receipt.respondByText).toMatch(/\d{1,2}:\d{2} [AP]M ([A-Z]{3,4}|GMT)/);
    // The demo server has no SMTP_URL: no screen says the confirmation was sent or is on its way.
    await expect(main).toContainText("Your confirmation email is delayed");
    await expect(main).not.toContainText("Confirmation sent");
    await expect(main).not.toContainText("on its way");
    await expectNoAxeViolations(page);

    // A reload renders the page on the server, from the receipt's cookie.
    await page.reload();
    await waitForHydration(page);
    await expect(main.getByTestId("reference")).toHaveText(receipt.reference);
    await expect(main).toContainText("You'll hear from us by");
    expect(problems).toEqual([]);

    // Another visitor sees no one's reference.
    const other = await visitorPage(browser);
    await other.page.goto("/thanks");
    await expect(other.page.getByRole("heading", { level: 1 })).toHaveText(
      "Your intake request was received",
    );
    await expect(other.page.getByTestId("reference")).toHaveCount(0);
    expect(await other.page.content()).not.toContain(receipt.reference);
    await other.context.close();
    await context.close();
  });

  test("with JavaScript off: the form post ends on /thanks with the reference and the due time", async ({
    browser,
  }) => {
    const { context, page } = await visitorPage(browser, { javaScriptEnabled: false });
    await page.goto("/contact");
    await fillValid(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL(/\/thanks$/);
    const main = page.getByRole("main");
    await expect(main.getByTestId("reference")).toHaveText(REFERENCE);
    await expect(main).toContainText(/You'll hear from us by .*\d{1,2}:\d{2} [AP]M/);
    await expect(main).toContainText("Your confirmation email is delayed");
    await context.close();
  });
});

test.describe("without mail configured, the admin's screens say so", () => {
  test("the dashboard's mail panel says mail is not configured", async ({ page }) => {
    await signIn(page);
    const panel = page.getByRole("region", { name: "Mail that failed" });
    await expect(panel).toContainText("Mail is not configured on this server (SMTP_URL is not set)");
    await expect(panel).not.toContainText("gone out");
  });

  test("an invitation offers its one-time link to copy, and the colleague joins with it", async ({
    page,
    browser,
  }) => {
    const problems = watchForErrors(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    const invite = page.getByRole("region", { name: "Invite a Colleague" });
    await expect(invite).toContainText("Mail is not configured on this server");
    const email = `robin.${Date.now()}@tracewell.example`;
    await page.getByLabel("Colleague's name").fill("Robin Hale");
    await page.getByLabel("Colleague's email address").fill(email);
    await page.getByRole("button", { name: "Create Invitation" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Invitation Created" });
    await expect(toast).toContainText("no email was sent");
    await expect(toast).not.toContainText("on its way");

    const card = page
      .getByRole("list", { name: "Open invitations" })
      .getByRole("listitem")
      .filter({ hasText: email });
    await expect(card).toContainText("Email not sent: mail is not configured");
    const linkBox = card.getByLabel(`One-time link for ${email}`);
    const link = await linkBox.inputValue();
    expect(link).toMatch(/\/admin\/join#[A-Za-z0-9_-]{43}$/);
    await card.getByRole("button", { name: `Copy Link: invitation to ${email}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoAxeViolations(page);

    // The colleague opens the link in a browser of their own and joins.
    const colleague = await browser.newContext({ viewport: DESKTOP });
    const join = await colleague.newPage();
    await join.goto(link);
    await waitForHydration(join);
    await expect(join.getByRole("heading", { level: 1 })).toHaveText("Join the Admin");
    const username = `robin${Date.now() % 100000}`;
    await join.getByLabel("Choose a username").fill(username);
    await join.getByLabel("Choose a password").fill("follow the wire transfers");
    await join.getByLabel("Repeat the password").fill("follow the wire transfers");
    await join.getByRole("button", { name: "Create Account" }).click();
    await expect(join.getByRole("status").filter({ hasText: "Welcome" })).toBeVisible();
    await colleague.close();

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("list", { name: "Colleagues" })).toContainText(username);
    expect(problems).toEqual([]);
  });
});
