import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";

// A sealed signature: slow on a busy machine.
setDefaultTimeout(60_000);

const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  {
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: PASSWORD,
    PAYMENT_INSTRUCTIONS: "Wire {amount} to First Example Bank, account 000123, quoting {reference}.",
  },
  { now: () => clock.at },
);

describe("how to pay, with the request's reference", () => {
  test("the firm's instructions are filled with the reference and the amount, and the reference stands beside How to pay", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const { reference } = c.submission;
    const view = (await (await t.request("/api/portal", withCookie(c.cookie))).json()) as {
      engagement: { payment: { instructions: string; payUrl: string | null } };
    };
    expect(view.engagement.payment.payUrl).toBeNull();
    expect(view.engagement.payment.instructions).toBe(
      `Wire 3500.00 to First Example Bank, account 000123, quoting ${reference}.`,
    );
    const page = await (await t.request("/portal", withCookie(c.cookie))).text();
    const text = page.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain(`How to pay Your reference: ${reference}`);
    expect(text).toContain(`quoting ${reference}.`);
    expect(page).not.toContain("{reference}");
    expect(page).not.toContain("{amount}");
  });
});
