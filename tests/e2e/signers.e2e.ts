import type { Browser, Page } from "@playwright/test";
import { mailedPortalLink } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, DESKTOP, fileIntake, PHONE, press, signIn, waitForHydration } from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * An engagement signed by everyone it binds (issue 47): the desk drafts counsel first and the client after, with
 * the firm's countersignature; counsel signs by their mailed link, then the client by theirs, then an owner
 * countersigns in the desk. Each step at 1280 and 390 px with axe, screenshots kept to be looked at.
 */
let own: OwnServer | undefined;
const COUNSEL = "Dana Whitfield";
const CLIENT = "Harlan Reyes";
const CLIENT_EMAIL = "harlan@reyes.example";

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.beforeAll(async () => {
  own = await startOwnServer({ name: "signers" });
});
test.afterAll(async () => {
  await own?.stop();
});

/** A close view of one part of the page at both widths, beside the full-page shots, to be looked at. */
async function closeUp(page: Page, part: ReturnType<Page["getByRole"]>, name: string) {
  const shots = process.env.SCREENSHOT_DIR;
  if (!shots) return;
  for (const [width, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await part.screenshot({ path: `${shots}/${name}-part-${width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

const server = () => ({ origin: own?.origin ?? "", mail: own?.mail ?? [] });

/** A signer's session: the mailed link opened, Open pressed, consent given and the letter signed in their name. */
async function signAs(browser: Browser, link: string, name: string, shot: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(link);
  await waitForHydration(page);
  await press(page, page.getByRole("button", { name: "Open", exact: true }));
  await expect(page.getByRole("heading", { name: "1. Consent to sign electronically" })).toBeVisible();
  await page.getByLabel(/I have read the disclosure/).check();
  await press(page, page.getByRole("button", { name: "Give consent" }));
  await page.getByLabel("Your full name, as it appears on the letter").fill(name);
  await page.getByLabel(/I agree to sign the engagement letter/).check();
  await checkBothWidths(page, `${shot}-sign`);
  await press(page, page.getByRole("button", { name: "I agree to sign" }));
  return page;
}

test("counsel signs, then the client, then the firm countersigns", async ({ browser }) => {
  const { origin } = server();
  const reference = await fileIntake(origin, {
    name: COUNSEL,
    role: "attorney",
    firm: "Whitfield & Moss LLP",
    email: "dana@whitfieldmoss.example",
  });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, origin);
  const found = (await (await desk.request.get(`${origin}/api/admin/submissions?q=${reference}`)).json()) as {
    items: { id: number }[];
  };
  await desk.goto(`${origin}/admin/submissions/${found.items[0]?.id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Engagement" });
  // An attorney's request drafts counsel first, and asks for the client.
  await expect(panel.getByLabel("1. Counsel: full name")).toHaveValue(COUNSEL);
  await panel.getByLabel("2. Client: full name").fill(CLIENT);
  await panel.getByLabel("Client's email address").fill(CLIENT_EMAIL);
  await panel.getByLabel("The firm countersigns last").check();
  await checkBothWidths(desk, "signers-desk-draft");
  await closeUp(desk, panel, "signers-desk-draft");
  await press(desk, panel.getByRole("button", { name: "Save Draft" }));
  await expect(panel.getByRole("link", { name: "View the Letter (PDF)" })).toBeVisible();
  await press(desk, panel.getByRole("button", { name: "Send to the Client" }));
  // The look before sending (issue 44): the exact letter, then the send.
  await press(
    desk,
    desk
      .getByRole("dialog", { name: "Look before sending" })
      .getByRole("button", { name: "Send This Letter" }),
  );
  await expect(panel.getByText("Waiting: their turn")).toBeVisible();

  // Counsel, first: their mailed link, their name.
  const counsel = await signAs(browser, await mailedPortalLink(server(), 0), COUNSEL, "signers-counsel");
  await expect(counsel.getByText(`You signed this letter. ${CLIENT} (client) signs next`)).toBeVisible({
    timeout: 30_000,
  });
  await checkBothWidths(counsel, "signers-counsel-signed");
  await closeUp(
    counsel,
    counsel
      .getByRole("region", { name: "Your signed engagement letter" })
      .or(counsel.getByRole("region", { name: "Your engagement letter" })),
    "signers-counsel-signed",
  );

  // The client, mailed when counsel signed.
  const clientMail = await mailedPortalLink(server(), 1);
  const client = await signAs(browser, clientMail, CLIENT, "signers-client");
  await expect(
    client.getByText(/Every party has signed\. The letter now waits for the firm's countersignature/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await checkBothWidths(client, "signers-client-signed");

  // The firm, last: an owner in the desk.
  await desk.reload();
  await waitForHydration(desk);
  await expect(
    panel.getByText("Signed by every party: waiting for the firm's countersignature"),
  ).toBeVisible();
  await checkBothWidths(desk, "signers-desk-countersign");
  await closeUp(desk, panel, "signers-desk-countersign");
  await press(desk, panel.getByRole("button", { name: "Countersign for the Firm" }));
  await press(desk, desk.getByRole("dialog").getByRole("button", { name: "Countersign" }));
  await expect(panel.getByText("Signed: waiting for payment")).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(/Countersigned by /)).toBeVisible();
  await checkBothWidths(desk, "signers-desk-signed");
  await closeUp(desk, panel, "signers-desk-signed");
  await expect
    .poll(() => server().mail.filter((m) => m.subject?.startsWith("Signed engagement letter")).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(3);
});
