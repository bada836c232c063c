import { checkoutSessionEvent, stripeSignature } from "../helpers/stripe";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, press, signIn, watchForErrors } from "./helpers";
import { ownServerForSpec } from "./own-server";

// A server with Stripe's webhook set up: a card payment whose reference names no engagement waits on the
// dashboard under "Payments to match", at 1280 and 390 px, until staff match or dismiss it.
const SECRET = "whsec_browserTestSigningSecret0123456789";
const server = ownServerForSpec({
  name: "unmatched-payments",
  smtp: false,
  env: { STRIPE_WEBHOOK_SECRET: SECRET },
});

test("a payment that names no engagement is listed on the dashboard, then dismissed", async ({ page }) => {
  const problems = watchForErrors(page);
  const payload = checkoutSessionEvent("evt_browser", {
    session: {
      client_reference_id: "IR-261117-ZZZZ",
      customer_details: { email: "dana.whitfield@whitfieldmoss.example" },
    },
  });
  const base = server.origin;
  const delivered = await page.request.post(`${base}/api/payments/stripe`, {
    headers: {
      "content-type": "application/json",
      "stripe-signature": await stripeSignature(payload, SECRET),
    },
    data: payload,
  });
  expect(await delivered.json()).toEqual({ received: true, outcome: "unmatched" });

  await page.setViewportSize(DESKTOP);
  await signIn(page, base);
  const panel = page.getByRole("region", { name: "Payments to match" });
  for (const [name, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.reload();
    await expect(panel).toContainText("$3,500");
    await expect(panel).toContainText("IR-261117-ZZZZ");
    await expect(panel).toContainText("dana.whitfield@whitfieldmoss.example");
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`unmatched-payments-${name}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }

  // A reference that names no engagement is refused at its field.
  await panel.getByLabel("Request reference").fill("IR-000000-0000");
  await press(page, panel.getByRole("button", { name: "Match" }));
  await expect(panel).toContainText("No request with an engagement has this reference.");

  await panel.getByRole("button", { name: "Dismiss" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Dismiss" }).click();
  await expect(panel).toHaveCount(0);
  expect(problems.filter((p) => !p.includes("422"))).toEqual([]);
});
