import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createLogger } from "../../../src/log";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { checkoutSessionEvent, stripeSignature } from "../../helpers/stripe";

setDefaultTimeout(60_000);

/**
 * Payments that record themselves (issue 30): Stripe's webhook, each delivery signed by the stripe package's
 * own test helper as Stripe signs them, against a real SQLite file and the desk's own payment path.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const SECRET = "whsec_tracewellTestSigningSecret0123456789";
const WEBHOOK = "/api/payments/stripe";
const UNMATCHED = "/api/admin/payments/unmatched";
const API = "/api/admin/submissions";
const STRIPE_LINK = "https://buy.stripe.com/test_5kA9AQ?client_reference_id={reference}";
const clock = { at: new Date("2026-11-17T15:00:00.000Z") };
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
const lines: string[] = [];

const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    PAYMENT_URL: STRIPE_LINK,
    STRIPE_WEBHOOK_SECRET: SECRET,
  },
  { now: () => clock.at, logger: createLogger("info", (line) => void lines.push(line)) },
);

/** A Checkout Session completed event as Stripe sends it, made two seconds before the clock's time. */
const sessionEvent = (id: string, session: Record<string, unknown> = {}, type?: string) =>
  checkoutSessionEvent(id, { at: clock.at, session, type });

/** Delivers `body` as Stripe does: the signature by the stripe package over the exact bytes, at `signedAt`. */
async function deliver(body: string, opts: { secret?: string; signedAt?: Date; header?: string } = {}) {
  const header =
    opts.header ?? (await stripeSignature(body, opts.secret ?? SECRET, opts.signedAt ?? clock.at));
  const res = await t.request(WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header, "user-agent": "Stripe/1.0" },
    body,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: string } };
}

type Engagement = {
  status: string;
  workStartedAt: string | null;
  paidCents: number;
  payments: { amountCents: number; receivedOn: string; method: string }[];
};
let admin = "";
const engagementOf = async (submissionId: number) =>
  (
    (await (await t.request(`${API}/${submissionId}/engagement`, withCookie(admin))).json()) as {
      engagement: Engagement;
    }
  ).engagement;
const stored = () => (t.db.query("SELECT count(*) AS n FROM processor_payments").get() as { n: number }).n;
const paymentRows = () =>
  (t.db.query("SELECT count(*) AS n FROM engagement_payments").get() as { n: number }).n;
const unmatched = async () =>
  (
    (await (await t.request(UNMATCHED, withCookie(admin))).json()) as {
      payments: {
        id: number;
        reference: string | null;
        amountCents: number;
        payer: string | null;
        reason: string;
      }[];
    }
  ).payments;

let dana = { submission: { id: 0, reference: "" }, engagementId: 0, cookie: "" };
let lee = { submission: { id: 0, reference: "" }, engagementId: 0, cookie: "" };

beforeAll(async () => {
  await smtp.listen();
  admin = await signIn(t.request, OWNER, PASSWORD);
  dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
  lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
});
afterAll(() => smtp.close());

describe("the Stripe webhook", () => {
  test("the portal's Pay button is the firm's Stripe Payment Link with the engagement's reference", async () => {
    const view = (await (await t.request("/api/portal", withCookie(dana.cookie))).json()) as {
      engagement: { payment: { payUrl: string } };
    };
    expect(view.engagement.payment.payUrl).toBe(
      `https://buy.stripe.com/test_5kA9AQ?client_reference_id=${dana.submission.reference}`,
    );
  });

  test("a bad signature is 400 and records nothing: another secret, a changed body, no header", async () => {
    const body = sessionEvent("evt_forged", { client_reference_id: dana.submission.reference });
    const other = await deliver(body, { secret: "whsec_notTheFirmsSecret" });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain("Stripe-Signature");
    const header = await stripeSignature(body, SECRET, clock.at);
    expect((await deliver(body.replace("350000", "1"), { header })).status).toBe(400);
    expect((await deliver(body, { header: "" })).status).toBe(400);
    expect(stored()).toBe(0);
    expect(paymentRows()).toBe(0);
    expect(lines.some((l) => l.includes("stripe_webhook_refused"))).toBe(true);
  });

  test("a signature older than Stripe's five minutes is 400 and records nothing", async () => {
    const body = sessionEvent("evt_stale", { client_reference_id: dana.submission.reference });
    const stale = await deliver(body, { signedAt: new Date(clock.at.getTime() - 301_000) });
    expect(stale.status).toBe(400);
    expect(stored()).toBe(0);
    expect((await engagementOf(dana.submission.id)).payments).toEqual([]);
  });

  test("a correctly signed body that is not JSON, or not an event, is 400", async () => {
    expect((await deliver("{not json")).status).toBe(400);
    expect((await deliver(JSON.stringify({ hello: "world" }))).status).toBe(400);
    expect(stored()).toBe(0);
  });

  test("other events, and a session not yet paid, are acknowledged and record nothing", async () => {
    const intent = await deliver(
      JSON.stringify({
        id: "evt_intent",
        object: "event",
        type: "payment_intent.succeeded",
        created: 1,
        data: { object: { id: "pi_1", amount: 350_000 } },
      }),
    );
    expect(intent).toEqual({ status: 200, body: { received: true, outcome: "ignored" } as never });
    const unpaid = await deliver(
      sessionEvent("evt_unpaid", {
        client_reference_id: dana.submission.reference,
        payment_status: "unpaid",
      }),
    );
    expect(unpaid.body.outcome).toBe("ignored");
    expect(stored()).toBe(0);
    expect(paymentRows()).toBe(0);
  });

  test("a paid session records the payment, starts the work clock as a recorded payment does, audited as Stripe", async () => {
    expect((await engagementOf(dana.submission.id)).workStartedAt).toBeNull();
    const paid = await deliver(sessionEvent("evt_paid", { client_reference_id: dana.submission.reference }));
    expect(paid).toEqual({ status: 200, body: { received: true, outcome: "recorded" } as never });
    const e = await engagementOf(dana.submission.id);
    expect(e).toMatchObject({ status: "engaged", paidCents: 350_000, workStartedAt: clock.at.toISOString() });
    expect(e.payments).toMatchObject([
      { amountCents: 350_000, receivedOn: "2026-11-17", method: "card (Stripe)" },
    ]);
    // The Stripe objects are kept, to find the payment at Stripe.
    expect(
      t.db
        .query(
          "SELECT object_id AS objectId, payment_intent AS pi, state, submission_id AS s FROM processor_payments",
        )
        .all(),
    ).toEqual([
      { objectId: "cs_test_evt_paid", pi: "pi_evt_paid", state: "recorded", s: dana.submission.id },
    ]);
    const audit = t.db
      .query("SELECT username, detail FROM audit_log WHERE event = 'engagement.payment'")
      .all() as { username: string; detail: string }[];
    expect(audit).toEqual([
      {
        username: "Stripe",
        detail: JSON.stringify({ submissionId: dana.submission.id, amountCents: 350_000 }),
      },
    ]);
  });

  test("a repeated delivery of the same event, signed again as Stripe's retries are, records nothing more", async () => {
    const again = new Date(clock.at.getTime() + 3_600_000);
    clock.at = again;
    admin = await signIn(t.request, OWNER, PASSWORD);
    const replay = await deliver(
      sessionEvent("evt_paid", { client_reference_id: dana.submission.reference }),
    );
    expect(replay.body.outcome).toBe("replay");
    expect((await engagementOf(dana.submission.id)).payments).toHaveLength(1);
    expect(stored()).toBe(1);
  });

  test("an unknown reference is acknowledged, logged and listed for staff; they match it to a request", async () => {
    const body = sessionEvent("evt_typo", { client_reference_id: "IR-000000-ZZZZ", amount_total: 120_000 });
    expect((await deliver(body)).body.outcome).toBe("unmatched");
    expect(lines.some((l) => l.includes("stripe_payment_unmatched") && l.includes("IR-000000-ZZZZ"))).toBe(
      true,
    );
    expect(paymentRows()).toBe(1);
    const list = await unmatched();
    expect(list).toMatchObject([
      {
        reference: "IR-000000-ZZZZ",
        amountCents: 120_000,
        payer: "dana@whitfieldmoss.example",
        reason: "unknown-reference",
      },
    ]);
    // The payer's address is sealed at rest, as every address is.
    const raw = t.db.query("SELECT payer FROM processor_payments WHERE event_id = 'evt_typo'").get() as {
      payer: string;
    };
    expect(raw.payer).not.toContain("whitfieldmoss");

    const id = list[0]?.id as number;
    expect((await t.request(`${UNMATCHED}/${id}/match`, post({ reference: "IR-000000-ZZZZ" }))).status).toBe(
      401,
    );
    const wrong = await t.request(`${UNMATCHED}/${id}/match`, withCookie(admin, post({ reference: "IR-1" })));
    expect(wrong.status).toBe(422);
    const matched = await t.request(
      `${UNMATCHED}/${id}/match`,
      withCookie(admin, post({ reference: lee.submission.reference.toLowerCase() })),
    );
    expect(matched.status).toBe(200);
    expect(await matched.json()).toEqual({ submissionId: lee.submission.id });
    expect((await engagementOf(lee.submission.id)).payments).toMatchObject([
      { amountCents: 120_000, method: "card (Stripe)" },
    ]);
    expect(await unmatched()).toEqual([]);
    expect(
      (
        await t.request(
          `${UNMATCHED}/${id}/match`,
          withCookie(admin, post({ reference: lee.submission.reference })),
        )
      ).status,
    ).toBe(409);
    expect(t.db.query("SELECT username FROM audit_log WHERE event = 'payment.matched'").all()).toEqual([
      { username: OWNER },
    ]);
  });

  test("staff dismiss a payment they settled by hand; it leaves the list, audited", async () => {
    await deliver(sessionEvent("evt_none", { client_reference_id: null, amount_total: 5_000 }));
    const [p] = await unmatched();
    expect(p).toMatchObject({ reference: null, reason: "no-reference" });
    const res = await t.request(`${UNMATCHED}/${p?.id}/dismiss`, withCookie(admin, post()));
    expect(res.status).toBe(200);
    expect(await unmatched()).toEqual([]);
    expect(t.db.query("SELECT count(*) AS n FROM audit_log WHERE event = 'payment.dismissed'").get()).toEqual(
      {
        n: 1,
      },
    );
    expect((await t.request(`${UNMATCHED}/999999/dismiss`, withCookie(admin, post()))).status).toBe(404);
  });

  test("the same event delivered twice at once records one payment", async () => {
    const before = paymentRows();
    const body = sessionEvent("evt_twice", {
      client_reference_id: lee.submission.reference,
      amount_total: 7_500,
    });
    const outcomes = await Promise.all([deliver(body), deliver(body)]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
    expect(outcomes.map((o) => o.body.outcome).toSorted()).toEqual(["recorded", "replay"]);
    expect(paymentRows()).toBe(before + 1);
    expect(
      (await engagementOf(lee.submission.id)).payments.filter((p) => p.amountCents === 7_500),
    ).toHaveLength(1);
  });

  test("one unmatched payment matched by two staff at once is recorded once; the second is told it was", async () => {
    await deliver(sessionEvent("evt_both", { client_reference_id: null, amount_total: 4_200 }));
    const [p] = await unmatched();
    const other = await signIn(t.request, OWNER, PASSWORD);
    const before = paymentRows();
    const answers = await Promise.all(
      [admin, other].map((cookie) =>
        t.request(
          `${UNMATCHED}/${p?.id}/match`,
          withCookie(cookie, post({ reference: lee.submission.reference })),
        ),
      ),
    );
    expect(answers.map((r) => r.status).toSorted()).toEqual([200, 409]);
    expect(paymentRows()).toBe(before + 1);
    expect(await unmatched()).toEqual([]);
  });

  test("a body larger than any Stripe event is refused before it is read", async () => {
    const res = await t.request(WEBHOOK, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0" },
      body: "x".repeat(300 * 1024),
    });
    expect(res.status).toBe(413);
  });
});

describe("the Stripe webhook without STRIPE_WEBHOOK_SECRET", () => {
  const bare = makeTestApp({});
  test("answers 503 naming the setting, so Stripe keeps the event and retries once it is set", async () => {
    const res = await bare.request(WEBHOOK, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0" },
      body: "{}",
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toContain("STRIPE_WEBHOOK_SECRET");
  });
});
