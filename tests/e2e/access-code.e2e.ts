import type { Browser } from "@playwright/test";
import { mailedPortalLink } from "./engagement";
import { expect, test } from "./fixtures";
import { checkBothWidths, DESKTOP, fileIntake, PHONE, press, signIn, waitForHydration } from "./helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * The access code the firm tells a signer by phone (issue 47, ADR 305): the mailed link alone opens nothing, the
 * portal asks for the code, a wrong one is said at the field with the tries left, the right one opens the
 * letter. Once on a desktop and once on a phone (a second link the desk sends), with axe at 1280 and 390 px.
 */
let own: OwnServer | undefined;
const CLIENT = "Harlan Reyes";
const CODE = "KESTREL-491";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  own = await startOwnServer({ name: "access-code" });
});
test.afterAll(async () => {
  await own?.stop();
});

const server = () => ({ origin: own?.origin ?? "", mail: own?.mail ?? [] });

/** The signer opens their mailed link, is asked for the code, types a wrong one, then the right one. */
async function openWithCode(
  browser: Browser,
  link: string,
  viewport: { width: number; height: number },
  shot: string,
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(link);
  await waitForHydration(page);
  await press(page, page.getByRole("button", { name: "Open", exact: true }));
  const code = page.getByRole("textbox", { name: "Access code" });
  await expect(code).toBeFocused();
  await expect(page.getByText("Enter the access code the firm gave you by phone")).toBeVisible();
  await checkBothWidths(page, `${shot}-asked`);
  await code.fill("KESTREL-419");
  await press(page, page.getByRole("button", { name: "Open", exact: true }));
  await expect(
    page.getByText("That is not the access code the firm gave you. 4 more wrong tries lock this link."),
  ).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveValue("");
  await checkBothWidths(page, `${shot}-wrong`);
  // Typed as it was read out on the phone: lower case, and the same code.
  await code.fill("kestrel-491");
  await press(page, page.getByRole("button", { name: "Open", exact: true }));
  await expect(page.getByRole("heading", { name: "1. Consent to sign electronically" })).toBeVisible();
  await checkBothWidths(page, `${shot}-open`);
  return page;
}

test("a signer given an access code by phone enters a wrong one, then the right one", async ({ browser }) => {
  const { origin } = server();
  const same = { origin };
  const reference = await fileIntake(origin, {
    name: CLIENT,
    role: "individual",
    email: "harlan@reyes.example",
  });
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, origin);
  const found = (await (await desk.request.get(`${origin}/api/admin/submissions?q=${reference}`)).json()) as {
    items: { id: number }[];
  };
  const api = `${origin}/api/admin/submissions/${found.items[0]?.id}`;
  const draft = {
    scope: "A sourced map of the judgment debtor's real property, entities and vehicles in Cook County.",
    feeCents: 350_000,
    feeKind: "flat",
    turnaroundBusinessDays: 5,
    expedite: false,
    signers: [{ role: "client", name: CLIENT, accessCode: CODE }],
  };
  expect((await desk.request.put(`${api}/engagement`, { headers: same, data: draft })).status()).toBe(200);
  expect((await desk.request.post(`${api}/engagement/send`, { headers: same })).status()).toBe(200);

  await openWithCode(browser, await mailedPortalLink(server(), 0), DESKTOP, "access-code-desktop");

  // A second link the desk sends, opened on a phone: the code is asked again.
  expect((await desk.request.post(`${api}/engagement/send`, { headers: same })).status()).toBe(200);
  await openWithCode(browser, await mailedPortalLink(server(), 1), PHONE, "access-code-phone");

  // The desk's panel says the signer was given a code (never the code).
  await desk.goto(`${origin}/admin/submissions/${found.items[0]?.id}`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: "Engagement" });
  await expect(panel.getByText("with an access code told by phone")).toBeVisible();
  await expect(panel.getByText(CODE)).toHaveCount(0);
});
