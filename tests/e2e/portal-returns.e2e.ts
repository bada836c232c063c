import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  checkBothWidths,
  DESKTOP,
  fileIntake,
  PHONE,
  press,
  signIn,
  waitForHydration,
  watchForErrors,
} from "./helpers";
import { ownServerForSpec } from "./own-server";

/**
 * The client's portal as a place they come back to (issue 44), on the built binary: the desk looks at the exact
 * letter before it goes; the client opens the first mail's link keeping the device signed in, signs (a wrong
 * name first), and lands on the finish screen; the desk records the first payment and its Monitoring card
 * changes without a reload; the client comes back from a second mail on another browser and adds a passkey
 * (Chromium's virtual authenticator), signs out and comes back with it; from a third mail on a phone they pause
 * and cancel monitoring, and from a fourth (the cancellation's confirmation) the portal opens on the Monitoring
 * card; the desk's history lists every step and the desk signs the kept device out. PUBLIC_URL is
 * http://localhost:<port>: a passkey needs a name, never a numeric address.
 */
const server = ownServerForSpec({ name: "portal-returns", publicHost: "localhost" });
test.describe.configure({ mode: "serial", timeout: 420_000 });

const LINK = /http:\/\/localhost:\d+\/portal#token=[A-Za-z0-9_-]+(&focus=[a-z]+)?/;
const CLIENT = "Avery Counsel";

/** The portal link of the newest mail whose subject starts so, once it has come. */
async function linkIn(subject: string, before = 0): Promise<string> {
  await expect
    .poll(() => server.mailsAbout(subject).filter((m) => LINK.test(m.text ?? "")).length, { timeout: 30_000 })
    .toBeGreaterThan(before);
  // The client's mail, not the desk's copy of the same news: the one with a link into the portal.
  const found = server
    .mailsAbout(subject)
    .map((m) => m.text?.match(LINK))
    .filter(Boolean)
    .at(-1);
  if (!found) throw new Error(`no portal link in "${subject}"`);
  return found[0];
}

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** A client's browser that opens a mailed link and presses Open (each link opens the portal once). */
async function comeBack(browser: Browser, link: string, size = DESKTOP, keep = false) {
  const page = await (await browser.newContext({ viewport: size })).newPage();
  const problems = watchForErrors(page, { allowStatus: [401] });
  await page.goto(link);
  await waitForHydration(page);
  if (keep) await page.getByLabel("Keep me signed in on this device for 30 days").check();
  await press(page, page.getByRole("button", { name: "Open", exact: true }));
  await expect(page.getByRole("heading", { level: 1, name: "Your engagement" })).toBeVisible();
  return { page, problems };
}

test("a client comes back from three mails, signs in the right name, keeps a device, adds a passkey, pauses and cancels", async ({
  browser,
}) => {
  const reference = await fileIntake(server.origin, {
    role: "attorney",
    desiredService: "judgment-intel",
    name: CLIENT,
    phone: "(312) 555-0188",
  });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, server.origin);
  const found = (await (
    await desk.request.get(`${server.origin}/api/admin/submissions?q=${reference}`)
  ).json()) as { items: { id: number }[] };
  const id = found.items[0]?.id as number;
  const api = `${server.origin}/api/admin/submissions/${id}`;
  const draft = {
    scope: "Quarterly public-records sweeps on the judgment debtors named below, reported to counsel.",
    feeCents: 75_000,
    feeKind: "monthly",
    turnaroundBusinessDays: 60,
    expedite: false,
    subjects: ["Harlan Whitfield"],
  };
  expect(
    (
      await desk.request.put(`${api}/engagement`, { headers: { origin: server.origin }, data: draft })
    ).status(),
  ).toBe(200);

  // A look before sending: the letter that goes, then Send.
  await desk.goto(`${server.origin}/admin/submissions/${id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Engagement" });
  await press(desk, panel.getByRole("button", { name: "Send to the Client" }));
  const look = desk.getByRole("dialog", { name: "Look before sending" });
  await expect(look.getByRole("article", { name: "The letter that will be sent" })).toBeVisible();
  await expect(look.getByRole("link", { name: "Open the PDF That Will Be Sent" })).toHaveAttribute(
    "href",
    /letter\.pdf\?dated=/,
  );
  await expect(look.getByRole("button", { name: "Cancel" })).toBeFocused();
  await checkBothWidths(desk, "returns-look-before-sending");
  await press(desk, look.getByRole("button", { name: "Send This Letter" }));
  await expect(panel.getByText("Link works until")).toBeVisible();

  // Mail 1: the letter. Opened keeping this device signed in; a wrong name is refused, the right one signs.
  const first = await comeBack(browser, await linkIn("Your engagement letter"), DESKTOP, true);
  const client = first.page;
  await client.getByLabel(/I have read the disclosure above/).check();
  await press(client, client.getByRole("button", { name: "Give consent" }));
  const name = client.getByLabel(/Your full name, as it appears on the letter/);
  await name.fill("Mickey Mouse");
  await client.getByLabel(/I agree to sign the engagement letter/).check();
  await press(client, client.getByRole("button", { name: "I agree to sign" }));
  await expect(client.getByText(`Type your full name as it appears on the letter: ${CLIENT}`)).toBeVisible();
  await expect(name).toBeFocused();
  await name.fill(CLIENT);
  await press(client, client.getByRole("button", { name: "I agree to sign" }));
  const finish = client.getByRole("heading", { name: "Signed. Here is what happens next" });
  await expect(finish).toBeFocused();
  await expect(finish).toBeInViewport();
  // The step at hand leads: how to pay comes before the signed letter.
  const order = await client
    .locator("h2")
    .evaluateAll((hs) =>
      hs.map((h) => h.textContent ?? "").filter((t) => /^(Payment due|Your signed)/.test(t)),
    );
  expect(order[0]).toMatch(/^Payment due/);
  await checkBothWidths(client, "returns-signed-finish");

  // The desk records the first month's payment: the Monitoring card is active at once, and the history says so.
  await desk.reload();
  await waitForHydration(desk);
  const monitoring = desk.getByRole("region", { name: "Monitoring (Judgment Intel)" });
  await expect(monitoring.getByText("Not yet paid")).toBeVisible();
  const pay = desk.getByRole("form", { name: "Record a payment" });
  await pay.getByLabel("Amount (US dollars)").fill("750");
  await pay.getByLabel("Method").fill("Wire");
  await press(desk, pay.getByRole("button", { name: "Record Payment" }));
  await expect(monitoring.getByText(/^Active since/)).toBeVisible();
  const history = desk.getByRole("list", { name: "History" });
  await expect(history.getByText("Payment recorded by admin")).toBeVisible();

  // Mail 2: the signed copy, opened on another browser, which adds a passkey and comes back with it.
  const second = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await virtualAuthenticator(second);
  await second.goto(await linkIn("Signed engagement letter"));
  await waitForHydration(second);
  await press(second, second.getByRole("button", { name: "Open", exact: true }));
  const back = second.getByRole("region", { name: "Coming back" });
  await press(second, back.getByRole("button", { name: "Add a Passkey" }));
  await back.getByLabel("Name for this passkey").fill("Work laptop");
  await press(second, back.getByRole("button", { name: "Add Passkey" }));
  await expect(back.getByRole("list", { name: "Your passkeys" }).getByText("Work laptop")).toBeVisible();
  await checkBothWidths(second, "returns-coming-back");
  await press(second, second.getByRole("button", { name: "Sign out" }));
  await expect(second.getByRole("heading", { name: "Added a passkey?" })).toBeVisible();
  await checkBothWidths(second, "returns-signed-out");
  await press(second, second.getByRole("button", { name: "Use a Passkey" }));
  await expect(second.getByRole("heading", { level: 1, name: "Your engagement" })).toBeVisible();

  // Mail 3: the payment's receipt, on a phone: pause, then cancel with notice.
  const third = await comeBack(browser, await linkIn("Payment received"), PHONE);
  const phone = third.page;
  const card = phone.getByRole("region", { name: "Monitoring" });
  await expect(card.getByText(/^Active since/)).toBeVisible();
  await press(phone, card.getByRole("button", { name: "Pause" }));
  await press(
    phone,
    phone.getByRole("dialog", { name: "Pause monitoring?" }).getByRole("button", { name: "Yes, pause" }),
  );
  await expect(card.getByText(/^Paused since/)).toBeVisible();
  // The steps above follow without a reload.
  await expect(phone.getByText("Paused: resume when you are ready")).toBeVisible();
  await checkBothWidths(phone, "returns-paused");
  await phone.setViewportSize(PHONE);
  await press(phone, card.getByRole("button", { name: "Cancel monitoring" }));
  const cancel = phone.getByRole("dialog", { name: "Cancel monitoring with 30 days' notice?" });
  await press(phone, cancel.getByRole("button", { name: "Yes, cancel monitoring" }));
  await expect(card.getByText(/^Cancelled with notice: ends on/)).toBeVisible();
  await checkBothWidths(phone, "returns-cancelled");

  // Mail 4: the cancellation's own confirmation carries a link of its own, opening on the Monitoring card.
  const confirmation = await linkIn("Your monitoring is cancelled with notice");
  expect(confirmation).toMatch(/&focus=monitoring$/);
  const fourth = await comeBack(browser, confirmation, PHONE);
  const confirmed = fourth.page.getByRole("region", { name: "Monitoring" });
  await expect(confirmed.getByRole("heading", { name: "Monitoring", exact: true })).toBeInViewport();
  await expect(confirmed.getByText(/^Cancelled with notice: ends on/)).toBeVisible();
  // The steps say it too: under notice is not ended.
  const steps = fourth.page.getByRole("region", { name: "Steps", exact: true });
  await expect(steps.getByText(/^Paused and cancelled with notice: ends on/)).toBeVisible();
  await expect(steps.getByText("Ended")).toHaveCount(0);
  await checkBothWidths(fourth.page, "returns-from-monitoring-mail");

  // The desk: every portal step in the history, the kept device and the passkey listed; the device signed out.
  await desk.reload();
  await waitForHydration(desk);
  // A history this long shows its newest entries until asked for all of them.
  await press(desk, desk.getByRole("button", { name: /^Show all \d+$/ }));
  for (const step of [
    `${CLIENT} (client) opened the portal with an emailed link`,
    `${CLIENT} (client) kept a device signed in for 30 days`,
    `${CLIENT} (client) signed the engagement letter`,
    `${CLIENT} (client) added a passkey`,
    `${CLIENT} (client) came back with a passkey`,
    `Monitoring paused by ${CLIENT} (client)`,
    `Monitoring cancelled with 30 days' notice by ${CLIENT} (client)`,
  ])
    await expect(history.getByText(step).first()).toBeVisible();
  const signIns = desk.getByRole("region", { name: "Client's sign-ins" });
  await expect(
    signIns.getByRole("list", { name: "Client's passkeys" }).getByText("Work laptop"),
  ).toBeVisible();
  await checkBothWidths(desk, "returns-desk-request");
  await press(desk, signIns.getByRole("button", { name: /^Sign out Chrome on Linux/ }));
  await press(
    desk,
    desk
      .getByRole("dialog", { name: "Sign out this device?" })
      .getByRole("button", { name: "Sign Out Device" }),
  );
  await expect(signIns.getByText("No device is kept signed in.")).toBeVisible();

  // The first browser, kept signed in until now, is signed out at once.
  await client.reload();
  await waitForHydration(client);
  await expect(client.getByRole("heading", { name: "Get a fresh link" })).toBeVisible();
});

test("a device kept signed in opens the portal again without a link", async ({ browser }) => {
  const reference = await fileIntake(server.origin, { name: "Dana Whitfield" });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, server.origin);
  const found = (await (
    await desk.request.get(`${server.origin}/api/admin/submissions?q=${reference}`)
  ).json()) as { items: { id: number }[] };
  const api = `${server.origin}/api/admin/submissions/${found.items[0]?.id}`;
  const same = { origin: server.origin };
  expect(
    (
      await desk.request.put(`${api}/engagement`, {
        headers: same,
        data: {
          scope: "A sourced map of the husband's real property, entities and vehicles in Cook County.",
          feeCents: 350_000,
          feeKind: "flat",
          turnaroundBusinessDays: 5,
          expedite: false,
        },
      })
    ).status(),
  ).toBe(200);
  const before = server.mailsAbout("Your engagement letter").filter((m) => LINK.test(m.text ?? "")).length;
  expect((await desk.request.post(`${api}/engagement/send`, { headers: same })).status()).toBe(200);
  const { page } = await comeBack(browser, await linkIn("Your engagement letter", before), PHONE, true);
  // A new visit to the bare address, with no session: the kept device opens it.
  await page.context().clearCookies({ name: "tw_portal" });
  await page.goto(`${server.origin}/portal`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your engagement" })).toBeVisible();
  const back = page.getByRole("region", { name: "Coming back" });
  await expect(back.getByText(/^Kept signed in until/)).toBeVisible();
  await checkBothWidths(page, "returns-kept-device");
});

test("at a numeric address a passkey is refused in words, never with the browser's 'invalid domain'", async ({
  page,
  demoOrigin,
}) => {
  // The demo server is http://127.0.0.1:<port>: no relying party can be a numeric address.
  await virtualAuthenticator(page);
  const problems = watchForErrors(page, { allowStatus: [401] });
  await page.goto(`${demoOrigin}/portal`);
  await waitForHydration(page);
  await press(page, page.getByRole("button", { name: "Use a Passkey" }));
  const said = page.getByRole("status").filter({ hasText: "Passkeys work only at a site's name" });
  await expect(said).toHaveText(
    "Passkeys work only at a site's name, and this portal is open at the numeric address 127.0.0.1. Keep using the links we email you, or keep this device signed in.",
  );
  await expect(page.getByText(/invalid domain/)).toHaveCount(0);
  // The server says the same to a caller that skips the page's check.
  const asked = await page.request.post(`${demoOrigin}/api/portal/passkey/options`, {
    headers: { origin: demoOrigin },
  });
  expect(asked.status()).toBe(409);
  expect(((await asked.json()) as { error: string }).error).toContain("numeric address 127.0.0.1");
  await checkBothWidths(page, "returns-passkey-numeric-address");
  expect(problems).toEqual([]);
});
