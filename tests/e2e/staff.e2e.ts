import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { TOTP } from "otpauth";
import { waitUntil } from "../helpers/wait";
import { expect, test } from "./fixtures";
import { checkBothWidths, DESKTOP, expectNoAxeViolations, waitForHydration, watchForErrors } from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Staff management on a server as an operator runs it in production: NOT demo mode, the first admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, two-step sign-in left to its default (required), mail through a real SMTP
 * server on 127.0.0.1. This spec starts that second server itself, beside the demo one the config starts.
 */
let ORIGIN = "";
const OWNER = { username: "morgan.ellis", password: "every ledger balances" };
const COLLEAGUE = {
  name: "Casey Nguyen",
  email: "casey.nguyen@tracewell.example",
  username: "casey",
  password: "follow the wire transfers",
};

/** Invited by the colleague shortly before they are removed. */
const INVITEE = { name: "Jordan Pike", email: "jordan.pike@tracewell.example" };

let own: OwnServer | undefined;
const received = () => own?.mail ?? [];

// Codes are accepted once per 30-second step, so a test that enrols twice waits for fresh steps.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  own = await startOwnServer({
    name: "staff",
    demo: false,
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      MAIL_FROM: '"Tracewell" <admin@tracewell.example>',
    },
  });
  ORIGIN = own.origin;
});

test.afterAll(async () => {
  await own?.stop();
});

/** A code the authenticator app would show now, for a step after `after` (codes are accepted once). */
async function freshCode(secret: string, after: { step: number }) {
  // The real clock's next 30-second step, when a code not yet used comes up.
  after.step = await waitUntil(
    "the next 30-second step",
    () => {
      const step = Math.floor(Date.now() / 30_000);
      return step > after.step && step;
    },
    { timeoutMs: 31_000, everyMs: 500 },
  );
  return new TOTP({
    secret: secret.replace(/\s+/g, ""),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate();
}

/** Sets up two-step sign-in on the account screen the session was sent to; returns the secret. */
async function enrolOnAccountScreen(page: Page, used: { step: number }, shots?: string) {
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("status").filter({ hasText: "requires two-step sign-in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await page.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").textContent()) ?? "";
  if (shots) await checkBothWidths(page, shots);
  await page.getByLabel("Code from the app").fill(await freshCode(secret, used));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "Continue to the Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return secret;
}

async function signInWithPassword(page: Page, who: { username: string; password: string }) {
  await page.goto(`${ORIGIN}/admin/login`);
  await waitForHydration(page);
  await expect(page.getByRole("complementary", { name: "Demo credentials" })).toHaveCount(0);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

let ownerContext: BrowserContext;
let owner: Page;
const ownerUsed = { step: 0 };
const colleagueUsed = { step: 0 };

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

test("the first admin of a production server sets up two-step sign-in at the first sign-in", async ({
  browser,
}) => {
  ({ context: ownerContext, page: owner } = await newPage(browser));
  const problems = watchForErrors(owner);
  await signInWithPassword(owner, OWNER);
  await expect(owner).toHaveURL(/\/admin\/account$/);
  // The account screen has loaded what it shows before we leave it (a person reads it first).
  await expect(owner.getByRole("button", { name: "Set Up Two-Step Sign-In" })).toBeVisible();
  await owner.waitForLoadState("networkidle");
  // Nothing else opens before it is set up: a screen sends back, the API refuses with a message.
  await owner.goto(`${ORIGIN}/admin/staff`);
  await expect(owner).toHaveURL(/\/admin\/account$/);
  const api = await owner.request.get(`${ORIGIN}/api/admin/staff`);
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ error: "Set up two-step sign-in to continue." });
  await waitForHydration(owner);
  await enrolOnAccountScreen(owner, ownerUsed, "enrolment");
  expect(problems).toEqual([]);
});

test("a colleague is invited by e-mail, accepts, and enrols; a reset makes them enrol again", async ({
  browser,
}) => {
  const problems = watchForErrors(owner);
  await owner.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).click();
  await expect(owner).toHaveURL(/\/admin\/staff$/);
  const members = owner.getByRole("list", { name: "Colleagues" });
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(members).toContainText(OWNER.username);
  await expect(members).toContainText("Two-step on");

  await owner.getByLabel("Colleague's email address").fill("not-an-address");
  await owner.getByRole("button", { name: "Send Invitation" }).click();
  await expect(owner.getByLabel("Colleague's email address")).toHaveAccessibleDescription(
    "Enter a valid email address",
  );
  // The name is asked for too, with a message until it is given.
  await expect(owner.getByLabel("Colleague's name")).toHaveAccessibleDescription(/Name is required/);
  await owner.getByLabel("Colleague's name").fill(COLLEAGUE.name);
  await expect(owner.getByLabel("Colleague's name")).not.toHaveAccessibleDescription(/Name is required/);
  // Casey invites and removes colleagues below: an owner's work, chosen on the form (staff is the default).
  await expect(owner.getByRole("radio", { name: /^Staff/ })).toBeChecked();
  await owner.getByRole("radio", { name: /^Owner/ }).check();
  await owner.getByLabel("Colleague's email address").fill(COLLEAGUE.email);
  await owner.getByRole("button", { name: "Send Invitation" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Invitation Sent" })).toBeVisible();
  await expect(owner.getByRole("list", { name: "Open invitations" })).toContainText(COLLEAGUE.email);
  await expect(owner.getByRole("list", { name: "Open invitations" })).toContainText(COLLEAGUE.name);
  await checkBothWidths(owner, "staff");

  // The invitation e-mail, as the colleague's mailbox receives it.
  await expect.poll(() => received().length, { timeout: 20_000 }).toBe(1);
  const mail = received()[0];
  expect(mail?.subject).toBe(`${OWNER.username} invited you to the Tracewell admin`);
  const link = mail?.text?.match(/http:\/\/127\.0\.0\.1:\d+\/admin\/join#[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  const { context: colleagueContext, page: colleague } = await newPage(browser);
  const colleagueProblems = watchForErrors(colleague);
  await colleague.goto(link ?? "");
  await waitForHydration(colleague);
  await expect(colleague.getByRole("heading", { level: 1 })).toHaveText("Join the Admin");
  await expect(
    colleague.getByText(`${OWNER.username} invited ${COLLEAGUE.email} as ${COLLEAGUE.name}`),
  ).toBeVisible();
  await checkBothWidths(colleague, "join");
  await colleague.getByLabel("Choose a username").fill(COLLEAGUE.username);
  await colleague.getByLabel("Choose a password").fill(COLLEAGUE.password);
  await colleague.getByLabel("Repeat the password").fill(COLLEAGUE.password);
  await colleague.getByRole("button", { name: "Create Account" }).click();
  await enrolOnAccountScreen(colleague, colleagueUsed);
  // They joined under the name they were invited with: the header and the Account screen show it.
  await expect(colleague.getByText(`Signed in as ${COLLEAGUE.name}`)).toBeVisible();
  await colleague.goto(`${ORIGIN}/admin/account`);
  await waitForHydration(colleague);
  await expect(colleague.getByLabel("Display name")).toHaveValue(COLLEAGUE.name);
  // A new name on the Account screen: refused empty, saved, and shown at once.
  await colleague.getByLabel("Display name").fill("   ");
  await colleague.getByRole("button", { name: "Save Name" }).click();
  await expect(colleague.getByLabel("Display name")).toHaveAccessibleDescription(/Name is required/);
  await colleague.getByLabel("Display name").fill("Casey T. Nguyen");
  await colleague.getByRole("button", { name: "Save Name" }).click();
  await expect(colleague.getByRole("status").filter({ hasText: "Name Saved" })).toBeVisible();
  await expect(colleague.getByText("Signed in as Casey T. Nguyen")).toBeVisible();
  await checkBothWidths(colleague, "account-name");
  expect(colleagueProblems).toEqual([]);

  // The link worked once.
  const reused = await newPage(browser);
  await reused.page.goto(link ?? "");
  await expect(reused.page.getByRole("main").getByRole("alert")).toHaveText(
    "This invitation has already been used. Sign in with the username and password you chose.",
  );
  await reused.context.close();

  await owner.reload();
  await waitForHydration(owner);
  await expect(members.getByRole("listitem")).toHaveCount(2);
  const card = members.getByRole("listitem").filter({ hasText: COLLEAGUE.username });
  await expect(card).toContainText(COLLEAGUE.email);
  await expect(card).toContainText("Casey T. Nguyen");
  await expect(card).toContainText("Two-step on");
  await expect(owner.getByRole("list", { name: "Open invitations" })).toHaveCount(0);
  await checkBothWidths(owner, "staff-members");

  // A lost phone: the owner resets the colleague's second factor; the colleague is signed out at once.
  await card.getByRole("button", { name: `Reset Two-Step: ${COLLEAGUE.username}` }).click();
  const dialog = owner.getByRole("dialog", { name: `Reset two-step sign-in for ${COLLEAGUE.username}?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(owner);
  await dialog.getByRole("button", { name: "Reset Two-Step Sign-In" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Two-Step Sign-In Reset" })).toBeVisible();
  await expect(card).toContainText("Two-step not set up");
  await expect(card.getByRole("button", { name: /Reset Two-Step/ })).toHaveCount(0);
  await expect(
    members.getByRole("listitem").filter({ hasText: OWNER.username }).getByRole("button"),
  ).toHaveCount(0);

  await colleague.goto(`${ORIGIN}/admin/dashboard`);
  await expect(colleague).toHaveURL(/\/admin\/login$/);
  await signInWithPassword(colleague, COLLEAGUE);
  await waitForHydration(colleague);
  await enrolOnAccountScreen(colleague, colleagueUsed);

  // Before they go, the colleague invites someone of their own.
  await colleague.goto(`${ORIGIN}/admin/staff`);
  await waitForHydration(colleague);
  await colleague.getByLabel("Colleague's name").fill(INVITEE.name);
  await colleague.getByLabel("Colleague's email address").fill(INVITEE.email);
  await colleague.getByRole("button", { name: "Send Invitation" }).click();
  await expect(colleague.getByRole("status").filter({ hasText: "Invitation Sent" })).toBeVisible();
  const toInvitee = (m: ParsedMail) => Boolean(m.to && "text" in m.to && m.to.text === INVITEE.email);
  await expect.poll(() => received().some(toInvitee), { timeout: 20_000 }).toBe(true);
  const inviteeMail = received().find(toInvitee);
  const inviteeLink = inviteeMail?.text?.match(/http:\/\/127\.0\.0\.1:\d+\/admin\/join#[A-Za-z0-9_-]+/)?.[0];
  expect(inviteeLink).toBeTruthy();
  await owner.reload();
  await waitForHydration(owner);
  await expect(owner.getByRole("list", { name: "Open invitations" })).toContainText(
    `Invited by Casey T. Nguyen`,
  );

  // Removed, the colleague is signed out at once, and the confirmation says their invitation goes with them.
  await card.getByRole("button", { name: `Remove: ${COLLEAGUE.username}` }).click();
  const removal = owner.getByRole("dialog", { name: `Remove ${COLLEAGUE.username}?` });
  await expect(removal).toContainText("Their 1 open invitation is withdrawn too: its link stops working.");
  await checkBothWidths(owner, "staff-remove");
  await removal.getByRole("button", { name: "Remove Colleague" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "1 invitation they sent was withdrawn." }),
  ).toBeVisible();
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(owner.getByRole("list", { name: "Open invitations" })).toHaveCount(0);
  const after = await colleague.request.get(`${ORIGIN}/api/admin/auth/status`);
  expect(await after.json()).toEqual({ authenticated: false });
  // The removed colleague's link opens nothing now.
  const withdrawn = await newPage(browser);
  await withdrawn.page.goto(inviteeLink ?? "");
  await expect(withdrawn.page.getByRole("main").getByRole("alert")).toHaveText(
    "This invitation was withdrawn. Ask a colleague to invite you again.",
  );
  await withdrawn.context.close();
  await colleagueContext.close();
  await ownerContext.close();
  expect(problems).toEqual([]);
});
