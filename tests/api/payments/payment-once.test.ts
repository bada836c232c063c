import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";
import { checkoutSessionEvent, stripeSignature } from "../../helpers/stripe";

setDefaultTimeout(60_000);

/**
 * One payment per Checkout Session and per PaymentIntent (ADR 281), whatever the event ids or types that bring
 * it: each delivery signed by the stripe package's own helper as Stripe signs it, against a real SQLite file.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const SECRET = "whsec_tracewellTestSigningSecret0123456789";
const WEBHOOK = "/api/payments/stripe";
const UNMATCHED = "/api/admin/payments/unmatched";
const clock = { at: new Date("2026-11-17T15:00:00.000Z") };
const t = makeTestApp({ ...NEW_YORK_DESK, STRIPE_WEBHOOK_SECRET: SECRET }, { now: () => clock.at });

let admin = "";
let dana = { submission: { id: 0, reference: "" }, engagementId: 0 };
let lee = { submission: { id: 0, reference: "" }, engagementId: 0 };
beforeAll(async () => {
  admin = await signIn(t.request, OWNER, PASSWORD);
  dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
  lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
});

async function deliver(body: string) {
  const header = await stripeSignature(body, SECRET, clock.at);
  const res = await t.request(WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body,
  });
  return { status: res.status, outcome: ((await res.json()) as { outcome?: string }).outcome };
}
/** Event `id` about the Checkout Session `session` (its PaymentIntent `pi_<session>` unless told). */
const eventOf = (id: string, session: string, fields: Record<string, unknown> = {}, type?: string) =>
  checkoutSessionEvent(id, {
    at: clock.at,
    type,
    session: { id: session, payment_intent: `pi_${session}`, ...fields },
  });
const paymentsOf = (engagementId: number) =>
  t.db
    .query<{ n: number }, [number, number]>(
      `SELECT (SELECT count(*) FROM engagement_payments WHERE engagement_id = ?1)
            + (SELECT count(*) FROM ledger_entries WHERE engagement_id = ?2 AND kind = 'payment') AS n`,
    )
    .get(engagementId, engagementId)?.n;
const unmatched = async () =>
  (
    (await (await t.request(UNMATCHED, withCookie(admin))).json()) as {
      payments: { id: number; objectId: string }[];
    }
  ).payments;

describe("one Checkout Session, one payment", () => {
  test("sent under a second event id, then as async_payment_succeeded: recorded once, the others replays", async () => {
    const ref = { client_reference_id: dana.submission.reference };
    const outcomes = [
      await deliver(eventOf("evt_first", "cs_once", ref)),
      await deliver(eventOf("evt_second", "cs_once", ref)),
      await deliver(eventOf("evt_async", "cs_once", ref, "checkout.session.async_payment_succeeded")),
    ];
    expect(outcomes).toEqual([
      { status: 200, outcome: "recorded" },
      { status: 200, outcome: "replay" },
      { status: 200, outcome: "replay" },
    ]);
    // One receipt and one ledger entry: two rows in all.
    expect(paymentsOf(dana.engagementId)).toBe(2);
    expect(
      t.db.query("SELECT count(*) AS n FROM processor_payments WHERE object_id = 'cs_once'").get(),
    ).toEqual({ n: 1 });
  });

  test("the same PaymentIntent under another session id (an expanded intent) is the same payment", async () => {
    const expanded = eventOf("evt_expanded", "cs_other", {
      client_reference_id: dana.submission.reference,
      payment_intent: { id: "pi_cs_once", object: "payment_intent" },
    });
    expect(await deliver(expanded)).toEqual({ status: 200, outcome: "replay" });
    expect(paymentsOf(dana.engagementId)).toBe(2);
  });

  test("different events of one session delivered at once record one payment", async () => {
    const ref = { client_reference_id: lee.submission.reference, amount_total: 9_900 };
    const outcomes = await Promise.all([
      deliver(eventOf("evt_a", "cs_race", ref)),
      deliver(eventOf("evt_b", "cs_race", ref, "checkout.session.async_payment_succeeded")),
    ]);
    expect(outcomes.map((o) => o.outcome).toSorted()).toEqual(["recorded", "replay"]);
    expect(paymentsOf(lee.engagementId)).toBe(2);
  });

  test("a session naming no engagement, sent twice, waits for staff once", async () => {
    const none = { client_reference_id: null, amount_total: 4_000 };
    await deliver(eventOf("evt_none_1", "cs_none", none));
    await deliver(eventOf("evt_none_2", "cs_none", none, "checkout.session.async_payment_succeeded"));
    expect((await unmatched()).filter((p) => p.objectId === "cs_none")).toHaveLength(1);
  });

  test("two copies an earlier version stored: matching the second is refused, the payment stays one", async () => {
    // Stored before this version, one per event, both waiting for staff.
    for (const event of ["evt_old_1", "evt_old_2"])
      t.db.run(
        `INSERT INTO processor_payments (processor, event_id, object_id, payment_intent, reference, amount_cents,
           currency, paid_on, payer, state, received_at)
         VALUES ('stripe', ?, 'cs_copied', 'pi_copied', NULL, 25000, 'usd', '2026-11-17', NULL, 'unmatched', ?)`,
        [event, clock.at.toISOString()],
      );
    const copies = (await unmatched()).filter((p) => p.objectId === "cs_copied");
    expect(copies).toHaveLength(2);
    const before = paymentsOf(lee.engagementId) ?? 0;
    const match = (id: number) =>
      t.request(`${UNMATCHED}/${id}/match`, withCookie(admin, post({ reference: lee.submission.reference })));
    expect((await match(copies[0]?.id as number)).status).toBe(200);
    const second = await match(copies[1]?.id as number);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toContain("stripe:pi_copied");
    expect(paymentsOf(lee.engagementId)).toBe(before + 2);
    // Still listed, for staff to dismiss.
    expect((await unmatched()).map((p) => p.id)).toContain(copies[1]?.id as number);
  });

  test("the ledger itself refuses a second entry for a session or an intent", () => {
    const insert = (source: string, object: string | null, intent: string | null) =>
      t.db.run(
        `INSERT INTO ledger_entries (engagement_id, source, on_date, kind, description, amount_cents, created_at,
           processor_object, processor_intent)
         VALUES (?, ?, '2026-11-17', 'payment', 'x', -100, '2026-11-17T15:00:00.000Z', ?, ?)`,
        [dana.engagementId, source, object, intent],
      );
    expect(() => insert("raw:1", "stripe:cs_once", null)).toThrow(/UNIQUE/);
    expect(() => insert("raw:2", null, "stripe:pi_cs_once")).toThrow(/UNIQUE/);
  });
});
