import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { mailedPortalLink } from "./engagement";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, fileIntake, PHONE, signIn, waitForHydration } from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * The portal as the client's workspace (issue 33), on the built binary at 1280, 1024 and 390 px with axe: its
 * own frame, the steps in view, the letter readable in the page, errors at their controls, the Payments card,
 * how the consultation happens, and /portal without a session.
 */
const SHOTS = process.env.SCREENSHOT_DIR;
const server = ownServerForSpec({
  name: "portal-workspace",
  env: {
    PAYMENT_URL: "https://pay.example.com/tracewell?ref={reference}&amount={amount}",
    PAYMENT_INSTRUCTIONS: "Wire to First Example Bank, account 000123, quoting your reference.",
  },
});

test.describe.configure({ mode: "serial", timeout: 300_000 });

const WIDTHS = [
  ["1280", DESKTOP],
  ["1024", { width: 1024, height: 800 }],
  ["390", PHONE],
] as const;

/** At each width: nothing scrolls sideways, axe is clean, and a full-page screenshot when asked for. */
async function checkWidths(page: Page, name: string) {
  for (const [width, size] of WIDTHS) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

async function sentEngagement(browser: Browser, name: string) {
  const reference = await fileIntake(server.origin, { name });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, server.origin);
  const found = (await (
    await desk.request.get(`${server.origin}/api/admin/submissions?q=${reference}`)
  ).json()) as {
    items: { id: number }[];
  };
  await desk.goto(`${server.origin}/admin/submissions/${found.items[0]?.id}`);
  const panel = desk.getByRole("region", { name: "Engagement" });
  await panel.getByRole("button", { name: "Save Draft" }).click();
  const before = server.mailsAbout("Your engagement letter").length;
  await panel.getByRole("button", { name: "Send to the Client" }).click();
  // A look before sending (issue 44): the letter that will go, then Send.
  await desk
    .getByRole("dialog", { name: "Look before sending" })
    .getByRole("button", { name: "Send This Letter" })
    .click();
  return { reference, desk, link: await mailedPortalLink(server, before) };
}

test("/portal without a session is a clear way in, in the portal's own frame", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`${server.origin}/portal`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Open your engagement" })).toBeVisible();
  await expect(page.getByText("Use the link in our email.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible();
  await expect(page.getByText(/Your session has ended/)).toHaveCount(0);
  // Its own frame: no public menu, no intake buttons, no marketing footer.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Start|Request Intake/ })).toHaveCount(0);
  await checkWidths(page, "portal-no-session");
  await page.context().close();
});

test("the client reads the letter in the page, is told at each control what is missing, signs and sees what to pay", async ({
  browser,
}) => {
  const { reference, desk, link } = await sentEngagement(browser, "Dana Whitfield");
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open", exact: true }).click();

  // The frame says whose engagement it is, with Sign out; no public menu.
  const banner = page.getByRole("banner");
  await expect(banner.getByText("Dana Whitfield")).toBeVisible();
  await expect(banner.getByText(reference)).toBeVisible();
  await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /Start|Request Intake/ })).toHaveCount(
    0,
  );

  // The steps in view, each with its state; the present one marked.
  const steps = page.getByRole("region", { name: "Steps" }).getByRole("listitem");
  await expect(steps).toHaveText([
    /Letter.*To do/,
    /Payment.*Not yet/,
    /Documents.*Not yet/,
    /Report.*Not yet/,
    /Consultation.*Not yet/,
  ]);
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Letter/);

  // The letter readable in the page, the PDF one click away, signing at its end.
  const letter = page.getByRole("article", { name: "The engagement letter" });
  await expect(letter.getByRole("heading", { name: "7. Dispute resolution" })).toBeVisible();
  await expect(letter).toContainText(reference);
  await expect(page.getByRole("link", { name: "Download the engagement letter (PDF)" })).toBeVisible();

  // Consent unticked: said at the box, which takes focus and is marked; as large as the intake form's box.
  await page.getByRole("button", { name: "Give consent" }).click();
  const consent = page.getByLabel(/I have read the disclosure/);
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  await expect(consent).toHaveAccessibleDescription("Tick the box to give your consent");
  await page.setViewportSize(PHONE);
  expect(await consent.boundingBox()).toMatchObject({ width: 20, height: 20 });
  await page.setViewportSize(DESKTOP);
  await checkWidths(page, "portal-letter-consent-error");
  await consent.check();
  await page.getByRole("button", { name: "Give consent" }).click();

  // The name typed but the box unticked: the message names the box, not the name.
  const name = page.getByLabel("Your full name, as it appears on the letter");
  await name.fill("Dana Whitfield");
  await page.getByRole("button", { name: "I agree to sign" }).click();
  const agree = page.getByLabel(/I agree to sign the engagement letter/);
  await expect(agree).toBeFocused();
  await expect(agree).toHaveAccessibleDescription('Tick "I agree to sign" to sign');
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  // The box ticked and the name emptied: the message names the name.
  await agree.check();
  await name.fill("");
  await page.getByRole("button", { name: "I agree to sign" }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Type your full name to sign");
  await checkWidths(page, "portal-sign-error");
  await name.fill("Dana Whitfield");
  await page.getByRole("button", { name: "I agree to sign" }).click({ delay: 100 });

  // The Payments card: the amount, by when, and the Pay button with the reference and the amount.
  const card = page.getByRole("article", { name: "Payments" });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("$3,500").first()).toBeVisible();
  await expect(card.getByRole("definition").nth(1)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(card.getByRole("link", { name: "Pay $3,500" })).toHaveAttribute(
    "href",
    `https://pay.example.com/tracewell?ref=${reference}&amount=3500.00`,
  );
  await expect(card.getByText(/Wire to First Example Bank/)).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Payment/);
  await checkWidths(page, "portal-payments");

  // The consultation says how it happens, as the firm set it beside its bookings (issue 44).
  await desk.goto(`${server.origin}/admin/consultations`);
  const place = desk.getByRole("region", { name: "How consultations happen" });
  await place.getByLabel("Phone number clients call").fill("call us");
  await place.getByRole("button", { name: "Save" }).click();
  const field = place.getByLabel("Phone number clients call");
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("(212) 555-0147");
  await place.getByRole("button", { name: "Save" }).click();
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(desk);
  await page.reload();
  await waitForHydration(page);
  const consultation = page.getByRole("region", { name: "Your consultation" });
  await expect(consultation.getByRole("link", { name: "(212) 555-0147" })).toHaveAttribute(
    "href",
    "tel:2125550147",
  );
  await checkWidths(page, "portal-signed-consultation-place");
  await page.context().close();
  await desk.context().close();
});
