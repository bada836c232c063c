import type { Browser, Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { validIntake } from "../helpers/intake-body";
import { expect, test } from "./fixtures";
import { DEMO_ADMIN, DESKTOP, logOut, PHONE, press, signIn, waitForHydration } from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Every form, pressed the way people press: the pointer to the button's centre, down, about 100 ms, up at the
 * same point. Pressing moves focus out of the field before, and whatever that changes (a message appearing or
 * going) must wait for the release, or the button moves from under the pointer and the click is lost
 * (issue 17, item 18). And after a failed submit, focus goes to the first field in error in the order the
 * fields appear (issue 22).
 *
 * These tests change the admin's password and two-step sign-in, invite colleagues and store content, so they
 * run on a server of their own: the built binary in demo mode, with mail to an SMTP server on 127.0.0.1 for
 * the invitation links.
 */
const PASSWORD = DEMO_ADMIN.password;

let origin = "";
let own: OwnServer | undefined;
const received = () => own?.mail ?? [];

// Each test stands alone: a failure restarts the worker, and with it this server.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  own = await startOwnServer({
    name: "press",
    env: { TRUST_PROXY: "1", MAIL_FROM: '"Tracewell" <admin@tracewell.example>' },
  });
  origin = own.origin;
});

test.afterAll(async () => {
  await own?.stop();
});

const open = async (page: Page, path: string) => {
  await page.goto(`${origin}${path}`);
  await waitForHydration(page);
};

/** The server's answer to the next request of `method` whose path ends with `path`. */
const answerTo = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

const totp = (secret: string) =>
  new TOTP({ secret: secret.replace(/\s+/g, ""), digits: 6, period: 30, algorithm: "SHA1" }).generate();

/** An intake request through the public API, from an address of its own; returns the desk's id for it. */
async function intakeFor(page: Page, name: string) {
  const sent = await page.request.post(`${origin}/api/contact`, {
    headers: { origin, "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
    data: validIntake(new Date(), {
      name,
      email: "dana@whitfieldmoss.example",
      jurisdictions: "Cook County, IL",
      description: "Divorce; a lake house bought through an LLC in 2022.",
    }),
  });
  expect(sent.status()).toBe(201);
  const found = await page.request.get(`${origin}/api/admin/submissions?q=${encodeURIComponent(name)}`);
  const { items } = (await found.json()) as { items: { id: number }[] };
  expect(items).toHaveLength(1);
  return items[0]?.id ?? 0;
}

/** An invitation sent from the Staff screen, and the link its e-mail carries. */
async function invitationLink(page: Page, email: string) {
  const before = received().length;
  await open(page, "/admin/staff");
  await page.getByLabel("Colleague's name").fill("Robin Hale");
  await page.getByLabel("Colleague's email address").fill(email);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(toast(page, "Invitation Sent")).toBeVisible();
  await expect.poll(() => received().length, { timeout: 20_000 }).toBeGreaterThan(before);
  const mail = received().find((m) => m.text?.includes(email) || JSON.stringify(m.to).includes(email));
  const link = mail?.text?.match(/http:\/\/127\.0\.0\.1:\d+\/admin\/join#[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  return link ?? "";
}

async function signedOutPage(browser: Browser, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

for (const [width, viewport] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test.describe(`one press acts on every form at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test("sign-in: from the empty password field the check runs; filled, it signs in", async ({ page }) => {
      await open(page, "/admin/login");
      const button = page.getByRole("button", { name: "Sign In" });
      const password = page.getByLabel("Password");
      await page.getByLabel("Username").fill(DEMO_ADMIN.username);
      await password.focus();
      await press(page, button);
      // Only the submit sends focus back to the field in error; a lost click leaves it on the button.
      await expect(password).toBeFocused();
      await expect(password).toHaveAccessibleDescription("Password is required");
      await password.fill(PASSWORD);
      await press(page, button);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });

    test("enrolment and the two-step sign-in: a wrong code, then the right one, is confirmed", async ({
      page,
    }) => {
      await signIn(page, origin, "/admin/account");
      const section = page.getByRole("region", { name: "Two-Step Sign-In" });
      try {
        await section.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
        const secret = (await section.getByTestId("mfa-secret").textContent()) ?? "";
        const code = section.getByLabel("Code from the app");
        await code.fill("12345");
        await code.blur();
        await expect(code).toHaveAccessibleDescription("Enter the 6-digit code from your authenticator app");
        // The right code; the old message goes as focus leaves the field, which is when Confirm is pressed.
        await code.fill(totp(secret));
        await press(page, section.getByRole("button", { name: "Confirm" }));
        const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
        await expect(codes).toHaveCount(10);
        const recovery = (await codes.first().textContent()) ?? "";
        await section.getByRole("button", { name: "I Have Saved My Codes" }).click();
        await expect(section.getByText("Status: on")).toBeVisible();

        await logOut(page);
        await expect(page).toHaveURL(/\/admin\/login$/);
        await page.getByLabel("Username").fill(DEMO_ADMIN.username);
        await page.getByLabel("Password").fill(PASSWORD);
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.getByRole("button", { name: "Use a recovery code instead" }).click();
        const field = page.getByLabel("Recovery code");
        await field.fill("abc");
        await field.blur();
        await expect(field).toHaveAccessibleDescription("Enter a recovery code like abcde-12345");
        await field.fill(recovery);
        await press(page, page.getByRole("button", { name: "Verify" }));
        await expect(page).toHaveURL(/\/admin\/dashboard$/);
      } finally {
        // Leave the admin as it was for the next test.
        const off = await page.request.post(`${origin}/api/admin/account/mfa/disable`, {
          data: { password: PASSWORD },
          headers: { origin },
        });
        expect([200, 401, 409]).toContain(off.status());
      }
    });

    test("account password: from a short new password the check runs; a good one is changed", async ({
      page,
    }) => {
      await signIn(page, origin, "/admin/account");
      const form = page.getByRole("form", { name: "Change password" });
      const button = form.getByRole("button", { name: "Change Password" });
      const current = form.getByLabel("Current password");
      const next = form.getByLabel("New password", { exact: true });
      const repeat = form.getByLabel("Repeat new password");
      await next.fill("short");
      await press(page, button);
      // The check of the whole form, not the blur of one field: the field before has its message too.
      await expect(current).toHaveAccessibleDescription("Current password is required");
      await expect(current).toBeFocused();

      await current.fill(PASSWORD);
      await next.fill("a temporary passphrase");
      await repeat.fill("a temporary passphrase");
      await press(page, button);
      await expect(toast(page, "Password Changed")).toBeVisible();
      await current.fill("a temporary passphrase");
      await next.fill(PASSWORD);
      await repeat.fill(PASSWORD);
      await button.click();
      await expect(current).toHaveValue("");
    });

    test("invitation and join: from a bad field the check runs; a good form creates the account", async ({
      page,
      browser,
    }) => {
      await signIn(page, origin, "/admin/staff");
      await page.getByLabel("Colleague's name").fill("Casey Nguyen");
      const email = page.getByLabel("Colleague's email address");
      await email.fill("not-an-address");
      await press(page, page.getByRole("button", { name: "Send Invitation" }));
      await expect(email).toHaveAccessibleDescription("Enter a valid email address");
      await expect(email).toBeFocused();

      const address = `casey.${width}@tracewell.example`;
      const link = await invitationLink(page, address);
      const { context, page: invitee } = await signedOutPage(browser, viewport);
      await invitee.goto(link);
      await waitForHydration(invitee);
      const button = invitee.getByRole("button", { name: "Create Account" });
      const password = invitee.getByLabel("Choose a password");
      const repeat = invitee.getByLabel("Repeat the password");
      const username = invitee.getByLabel("Choose a username");
      await password.fill("short");
      await press(invitee, button);
      await expect(username).toHaveAccessibleDescription(/Username is required/);
      await expect(username).toBeFocused();

      await username.fill(`casey${width}`);
      await password.fill("follow the wire transfers");
      await repeat.fill("follow the wire transfers");
      await press(invitee, button);
      await expect(invitee).toHaveURL(/\/admin\/account$/);
      await context.close();
    });

    test("article: fixed after a refusal, one press saves it", async ({ page }) => {
      await signIn(page, origin, "/admin/articles/new");
      const button = page.getByRole("button", { name: "Save Article" });
      const description = page.getByLabel("Description");
      await page.getByLabel("Title").fill(`Pressed at ${width}`);
      await description.focus();
      await press(page, button);
      await expect(description).toHaveAccessibleDescription(/Description is required/);
      await expect(description).toBeFocused();

      await description.fill("What one press on Save does.");
      const saved = answerTo(page, "POST", /\/api\/admin\/articles$/);
      await press(page, button);
      expect((await saved).status()).toBe(201);
      await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    });

    test("resource: fixed after a refusal, one press saves it", async ({ page }) => {
      await signIn(page, origin, "/admin/resources/new");
      const button = page.getByRole("button", { name: "Save Resource" });
      const description = page.getByLabel("Description");
      await page.getByLabel("Title").fill(`Pressed at ${width}`);
      await description.fill("A list of counties.");
      await press(page, button);
      await expect(page.getByLabel("File")).toHaveAccessibleDescription(/Choose a file to upload/);

      await page.getByLabel("File").setInputFiles({
        name: "counties.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("county,state\nCook,IL\n"),
      });
      await description.focus();
      const saved = answerTo(page, "POST", /\/api\/admin\/resources$/);
      await press(page, button);
      expect((await saved).status()).toBe(201);
      await expect(page).toHaveURL(/\/admin\/resources\/\d+$/);
    });

    test("case study: fixed after a refusal, one press saves it", async ({ page }) => {
      await signIn(page, origin, "/admin/case-studies/new");
      const button = page.getByRole("button", { name: "Save Case Study" });
      await page.getByLabel("Title").fill(`Pressed at ${width}`);
      await page.getByLabel("Category").fill("Family law");
      await page.getByLabel("Description").fill("A press that saves.");
      await page.getByLabel("Challenge").fill("The button moved.");
      await page.getByLabel("Approach").fill("Hold the messages until the release.");
      const outcome = page.getByLabel("Outcome");
      await outcome.focus();
      await press(page, button);
      await expect(outcome).toHaveAccessibleDescription(/Outcome is required/);

      await outcome.fill("One press, one save.");
      const saved = answerTo(page, "POST", /\/api\/admin\/case-studies$/);
      await press(page, button);
      expect((await saved).status()).toBe(201);
      await expect(page).toHaveURL(/\/admin\/case-studies\/\d+$/);
    });

    test("reply: fixed after a refusal, one press sends it", async ({ page }) => {
      await signIn(page, origin);
      const id = await intakeFor(page, `Dana Press ${width}`);
      await open(page, `/admin/submissions/${id}`);
      await page.getByRole("button", { name: "Write a Reply" }).click();
      const button = page.getByRole("button", { name: "Send Reply" });
      const message = page.getByLabel("Message");
      await press(page, button);
      await expect(message).toHaveAccessibleDescription(/Replace the bracketed parts/);
      await expect(message).toBeFocused();

      await message.fill("Hello Dana,\n\nScope: the LLC's property.\nTimeline: 7 days.\nQuote: $4,200.");
      const sent = answerTo(page, "POST", /\/replies$/);
      await press(page, button);
      expect((await sent).status()).toBe(201);
      await expect(toast(page, "Reply Sent")).toBeVisible();
    });

    test("retention: fixed after a refusal, one press saves it", async ({ page }) => {
      await signIn(page, origin, "/admin/privacy");
      const button = page.getByRole("button", { name: "Save Policy" });
      const unengaged = page.getByLabel("Requests that ended without an engagement (days)");
      await unengaged.fill("0");
      await press(page, button);
      await expect(unengaged).toHaveAccessibleDescription(/between 1 and 36,500 days/);

      await unengaged.fill("365");
      const saved = answerTo(page, "PUT", /\/api\/admin\/retention$/);
      await press(page, button);
      expect((await saved).status()).toBe(200);
      await expect(toast(page, "Retention Policy Saved")).toBeVisible();
    });

    test("data request: fixed after a refusal, one press records it", async ({ page }) => {
      await signIn(page, origin, "/admin/privacy/requests");
      const button = page.getByRole("button", { name: "Record Request" });
      const email = page.getByLabel("Email address");
      await email.fill("dana@whitfieldmoss.example");
      await press(page, button);
      await expect(page.getByLabel("What they ask for")).toHaveAccessibleDescription(
        /Choose what the person/,
      );

      await page.getByLabel("What they ask for").selectOption({ label: "Access" });
      const recorded = answerTo(page, "POST", /\/api\/admin\/data-requests$/);
      await press(page, button);
      expect((await recorded).status()).toBe(201);
      // The panel under the form confirms it; no toast repeats it (issue 45).
      await expect(page.getByRole("region", { name: /^Request #\d+, due / })).toBeVisible();
    });
  });
}

test.describe("after a failed submit, focus goes to the first field in error in the order they appear", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test("sign-in", async ({ page }) => {
    await open(page, "/admin/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password is required");
    await expect(page.getByLabel("Username")).toBeFocused();
  });

  test("account password", async ({ page }) => {
    await signIn(page, origin, "/admin/account");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Repeat new password").fill("short");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(
      /Password must be at least 12 characters/,
    );
    await expect(form.getByLabel("Current password")).toBeFocused();
  });

  test("join", async ({ page, browser }) => {
    await signIn(page, origin);
    const link = await invitationLink(page, "morgan.focus@tracewell.example");
    const { context, page: invitee } = await signedOutPage(browser, DESKTOP);
    await invitee.goto(link);
    await waitForHydration(invitee);
    await invitee.getByLabel("Repeat the password").fill("something else");
    await invitee.getByRole("button", { name: "Create Account" }).click();
    await expect(invitee.getByLabel("Repeat the password")).toHaveAccessibleDescription(
      "The passwords do not match",
    );
    await expect(invitee.getByLabel("Choose a username")).toBeFocused();
    await context.close();
  });

  for (const [what, path, button] of [
    ["article", "/admin/articles/new", "Save Article"],
    ["resource", "/admin/resources/new", "Save Resource"],
    ["case study", "/admin/case-studies/new", "Save Case Study"],
  ] as const) {
    test(what, async ({ page }) => {
      await signIn(page, origin, path);
      await page.getByLabel("Description").fill("Only the description is there.");
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByLabel("Title")).toHaveAccessibleDescription(/Title is required/);
      await expect(page.getByLabel("Title")).toBeFocused();
    });
  }

  test("retention: both days refused, the first field takes focus", async ({ page }) => {
    await signIn(page, origin, "/admin/privacy");
    const unengaged = page.getByLabel("Requests that ended without an engagement (days)");
    const engaged = page.getByLabel("Requests that became engagements (days)");
    await unengaged.fill("0");
    await engaged.fill("0");
    await page.getByRole("button", { name: "Save Policy" }).click();
    await expect(engaged).toHaveAccessibleDescription(/between 1 and 36,500 days/);
    await expect(unengaged).toBeFocused();
  });

  test("retention: only the second refused, it takes focus", async ({ page }) => {
    await signIn(page, origin, "/admin/privacy");
    const engaged = page.getByLabel("Requests that became engagements (days)");
    await engaged.fill("0");
    await page.getByRole("button", { name: "Save Policy" }).click();
    await expect(engaged).toHaveAccessibleDescription(/between 1 and 36,500 days/);
    await expect(engaged).toBeFocused();
  });

  test("data request: the address first, then what they ask for", async ({ page }) => {
    await signIn(page, origin, "/admin/privacy/requests");
    await page.getByRole("button", { name: "Record Request" }).click();
    await expect(page.getByLabel("What they ask for")).toHaveAccessibleDescription(/Choose what the person/);
    await expect(page.getByLabel("Email address")).toBeFocused();
    await page.getByLabel("Email address").fill("dana@whitfieldmoss.example");
    await page.getByRole("button", { name: "Record Request" }).click();
    await expect(page.getByLabel("What they ask for")).toBeFocused();
  });

  test("reply", async ({ page }) => {
    await signIn(page, origin);
    const id = await intakeFor(page, "Dana Focus");
    await open(page, `/admin/submissions/${id}`);
    await page.getByRole("button", { name: "Write a Reply" }).click();
    await page.getByLabel("Subject").focus();
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(page.getByLabel("Message")).toHaveAccessibleDescription(/Replace the bracketed parts/);
    await expect(page.getByLabel("Message")).toBeFocused();
  });
});
