import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newDataKey } from "../../src/ops/keys-cli";
import { killStarted, startBinary } from "../helpers/binary";
import { checkoutSessionEvent, stripeSignature } from "../helpers/stripe";

/**
 * The built executable verifies Stripe's signature too (ADR 256): the package is bundled into the binary and
 * loaded at the first delivery, where a compiled program resolves it as Bun does.
 */
const SECRET = "whsec_binaryTestSigningSecret0123456789";
const dir = mkdtempSync(join(tmpdir(), "tracewell-stripe-"));
afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/payments/stripe on the built binary", () => {
  test("a delivery signed by the stripe package verifies; a changed one is 400; the same event again records nothing more", async () => {
    const server = await startBinary({
      dataDir: join(dir, "data"),
      env: { DATA_KEY: newDataKey(), STRIPE_WEBHOOK_SECRET: SECRET, LOG_LEVEL: "warn" },
    });
    const body = checkoutSessionEvent("evt_binary", {
      session: { client_reference_id: "IR-000000-NONE", amount_total: 50_000 },
    });
    const header = await stripeSignature(body, SECRET);
    const deliver = (payload: string) =>
      fetch(`${server.base}/api/payments/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      });
    const first = await deliver(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "unmatched" });
    expect((await deliver(body.replace('"amount_total":50000', '"amount_total":5'))).status).toBe(400);
    expect(await (await deliver(body)).json()).toEqual({ received: true, outcome: "replay" });
    expect(await server.stop()).toBe(0);
  });
});
