import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { freshSession, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { checkoutSessionEvent, stripeSignature } from "../../helpers/stripe";

setDefaultTimeout(60_000);

/**
 * What Stripe says of a payment after it was made (ADR 285): a refund is a ledger entry that corrects the payment,
 * so every figure drawn from the ledger follows it; a dispute is recorded beside the payment and shown on the
 * dashboard's payments and the request's engagement. Each delivery is signed by the stripe package's own helper.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const SECRET = "whsec_tracewellRefundSigningSecret0123456789";
const WEBHOOK = "/api/payments/stripe";
const API = "/api/admin/submissions";
const clock = { at: new Date("2026-11-17T15:00:00.000Z") };
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);

const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    PAYMENT_URL: "https://buy.stripe.com/test_5kA9AQ?client_reference_id={reference}",
    STRIPE_WEBHOOK_SECRET: SECRET,
  },
  { now: () => clock.at },
);

/** An event as Stripe sends it, made two seconds before the clock's time. */
const event = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id,
    object: "event",
    api_version: "2025-09-30",
    created: Math.floor(clock.at.getTime() / 1000) - 2,
    type,
    livemode: false,
    data: { object },
  });
const refundEvent = (id: string, intent: string, refunded: number) =>
  event(id, "charge.refunded", {
    id: `ch_${intent}`,
    object: "charge",
    amount: 350_000,
    amount_refunded: refunded,
    currency: "usd",
    payment_intent: intent,
    refunded: refunded === 350_000,
  });
const disputeEvent = (id: string, intent: string) =>
  event(id, "charge.dispute.created", {
    id: `dp_${id}`,
    object: "dispute",
    amount: 350_000,
    currency: "usd",
    charge: `ch_${intent}`,
    payment_intent: intent,
    reason: "fraudulent",
    status: "needs_response",
  });

async function deliver(body: string) {
  const header = await stripeSignature(body, SECRET, clock.at);
  const res = await t.request(WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header, "user-agent": "Stripe/1.0" },
    body,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: string } };
}

type Entry = { id: number; kind: string; amountCents: number; corrects?: number; on: string };
let admin = "";
let adminAt = 0;
/** A staff session made at the clock's time: moving the clock on ends the one before. */
async function signedIn() {
  if (adminAt !== clock.at.getTime()) {
    admin = await signIn(t.request, OWNER, PASSWORD);
    adminAt = clock.at.getTime();
  }
  return admin;
}
const get = async <T>(path: string) =>
  (await (await t.request(path, withCookie(await signedIn()))).json()) as T;
const engagementOf = async (id: number) =>
  (
    await get<{
      engagement: {
        paidCents: number;
        outstandingCents: number;
        money: { balanceCents: number; paidCents: number; disputes: unknown[] };
      };
    }>(`${API}/${id}/engagement`)
  ).engagement;
const ledgerOf = (id: number) => get<{ entries: Entry[]; balanceCents: number }>(`${API}/${id}/ledger`);

let dana = { submission: { id: 0, reference: "" }, engagementId: 0, cookie: "" };
beforeAll(async () => {
  await smtp.listen();
  dana = await portalClient(t, clock.at, await signedIn(), { email: "dana@whitfieldmoss.example" });
  const paid = await deliver(
    checkoutSessionEvent("evt_paid", {
      at: clock.at,
      session: { client_reference_id: dana.submission.reference, payment_intent: "pi_dana" },
    }),
  );
  expect(paid.body.outcome).toBe("recorded");
});
afterAll(() => smtp.close());

describe("charge.refunded", () => {
  test("a refund is an entry correcting the payment; every figure follows it; a repeat writes nothing", async () => {
    const before = await ledgerOf(dana.submission.id);
    const payment = before.entries.find((e) => e.kind === "payment") as Entry;
    expect(before.balanceCents).toBe(0);

    clock.at = new Date("2026-11-18T15:00:00.000Z");
    expect((await deliver(refundEvent("evt_refund_1", "pi_dana", 100_000))).body.outcome).toBe("recorded");
    const after = await ledgerOf(dana.submission.id);
    expect(after.entries.at(-1)).toMatchObject({
      kind: "adjustment",
      amountCents: 100_000,
      corrects: payment.id,
      on: "2026-11-18",
    });
    expect(after.balanceCents).toBe(100_000);
    expect(await engagementOf(dana.submission.id)).toMatchObject({
      paidCents: 250_000,
      outstandingCents: 100_000,
      money: { balanceCents: 100_000, paidCents: 250_000 },
    });
    const cookie = await freshSession(t, await signedIn(), dana);
    const portal = (await (await t.request("/api/portal", withCookie(cookie))).json()) as {
      engagement: { payment: { amountDueCents: number } };
    };
    expect(portal.engagement.payment.amountDueCents).toBe(100_000);

    // The same event again, and the same total under another event: nothing more.
    expect((await deliver(refundEvent("evt_refund_1", "pi_dana", 100_000))).body.outcome).toBe("replay");
    expect((await deliver(refundEvent("evt_refund_1b", "pi_dana", 100_000))).body.outcome).toBe("replay");
    expect((await ledgerOf(dana.submission.id)).entries).toHaveLength(after.entries.length);

    // The rest refunded: only what is new is written, never more than the payment.
    expect((await deliver(refundEvent("evt_refund_2", "pi_dana", 350_000))).body.outcome).toBe("recorded");
    const full = await ledgerOf(dana.submission.id);
    expect(full.entries.filter((e) => e.corrects === payment.id).map((e) => e.amountCents)).toEqual([
      100_000, 250_000,
    ]);
    expect(full.balanceCents).toBe(350_000);
    expect((await engagementOf(dana.submission.id)).paidCents).toBe(0);
  });

  test("a refund of a payment the ledger does not hold is acknowledged as unmatched and writes nothing", async () => {
    const count = () => (t.db.query("SELECT count(*) AS n FROM ledger_entries").get() as { n: number }).n;
    const before = count();
    expect(await deliver(refundEvent("evt_refund_other", "pi_nobody", 5_000))).toEqual({
      status: 200,
      body: { received: true, outcome: "unmatched" } as never,
    });
    expect(count()).toBe(before);
  });

  test("a refund event without a readable charge is 400", async () => {
    expect((await deliver(event("evt_refund_bad", "charge.refunded", { id: 3 }))).status).toBe(400);
  });
});

describe("charge.dispute.created", () => {
  test("a dispute is recorded once and shown on the dashboard's payments and the request's engagement", async () => {
    clock.at = new Date("2026-11-19T15:00:00.000Z");
    expect((await deliver(disputeEvent("evt_dispute", "pi_dana"))).body.outcome).toBe("recorded");
    expect((await deliver(disputeEvent("evt_dispute", "pi_dana"))).body.outcome).toBe("replay");
    const line = {
      openedOn: "2026-11-19",
      reason: "fraudulent",
      payment: { on: "2026-11-17", amountCents: 350_000 },
    };
    const dashboard = await get<{ disputes: unknown[] }>("/api/admin/payments/unmatched");
    expect(dashboard.disputes).toEqual([
      { ...line, submissionId: dana.submission.id, reference: dana.submission.reference },
    ]);
    expect((await engagementOf(dana.submission.id)).money.disputes).toEqual([line]);
  });

  test("a dispute on a payment the ledger does not hold is listed on the dashboard without a request", async () => {
    expect((await deliver(disputeEvent("evt_dispute_other", "pi_stranger"))).body.outcome).toBe("unmatched");
    const dashboard = await get<{ disputes: { reference: string | null; payment: unknown }[] }>(
      "/api/admin/payments/unmatched",
    );
    expect(dashboard.disputes.at(-1)).toMatchObject({ reference: null, submissionId: null, payment: null });
  });

  test("a dispute event without a readable dispute is 400", async () => {
    expect((await deliver(event("evt_dispute_bad", "charge.dispute.created", {}))).status).toBe(400);
    expect((await t.request(WEBHOOK, { method: "POST", body: "{}", headers: post({}).headers })).status).toBe(
      400,
    );
  });
});
