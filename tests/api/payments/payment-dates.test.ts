import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { DRAFT, portalClient } from "../../helpers/portal-client";
import { checkoutSessionEvent, stripeSignature } from "../../helpers/stripe";

setDefaultTimeout(60_000);

/**
 * Payments that are what they say (ADR 281): no payment is dated after the firm's today, whatever brings it (the
 * desk's form, a processor payment matched by staff, Stripe's webhook), and a Stripe event's `created` dates a
 * payment only within the signature's tolerance of its arrival; an impossible one is a 400, never a 500.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const SECRET = "whsec_tracewellTestSigningSecret0123456789";
const WEBHOOK = "/api/payments/stripe";
const UNMATCHED = "/api/admin/payments/unmatched";
const API = "/api/admin/submissions";
// 9:30 PM in New York on Tuesday 17 November 2026: already the 18th in UTC.
const clock = { at: new Date("2026-11-18T02:30:00.000Z") };
const TODAY = "2026-11-17";
const MONTHLY = {
  ...DRAFT,
  feeKind: "monthly",
  feeCents: 75_000,
  turnaroundBusinessDays: 60,
  subjects: ["Vexhollow Andrithe Parnaby"],
};

const t = makeTestApp({ ...NEW_YORK_DESK, STRIPE_WEBHOOK_SECRET: SECRET }, { now: () => clock.at });

let admin = "";
let flat = { submission: { id: 0, reference: "" }, engagementId: 0 };
let monthly = { submission: { id: 0, reference: "" }, engagementId: 0 };
beforeAll(async () => {
  admin = await signIn(t.request, OWNER, PASSWORD);
  flat = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
  monthly = await portalClient(t, clock.at, admin, {
    email: "counsel@harborlaw.example",
    draft: MONTHLY,
    intake: { role: "attorney", desiredService: "judgment-intel" },
  });
});

const pay = async (submissionId: number, receivedOn: string, amountCents = 350_000) => {
  const res = await t.request(
    `${API}/${submissionId}/engagement/payments`,
    withCookie(admin, post({ amountCents, receivedOn, method: "Wire" })),
  );
  return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]> } };
};
const engagementOf = (engagementId: number) =>
  t.db
    .query<{ status: string; workStartedAt: string | null }, [number]>(
      "SELECT status, work_started_at AS workStartedAt FROM engagements WHERE id = ?",
    )
    .get(engagementId);
const counts = () =>
  t.db
    .query(
      `SELECT (SELECT count(*) FROM engagement_payments) AS payments,
              (SELECT count(*) FROM ledger_entries WHERE kind = 'payment') AS entries,
              (SELECT count(*) FROM subscriptions WHERE state <> 'pending') AS started`,
    )
    .get();
const ledgerPayments = (engagementId: number) =>
  t.db
    .query<{ on: string; amountCents: number }, [number]>(
      `SELECT on_date AS "on", -amount_cents AS amountCents FROM ledger_entries
       WHERE engagement_id = ? AND kind = 'payment' ORDER BY id`,
    )
    .all(engagementId);

async function deliver(body: string) {
  const header = await stripeSignature(body, SECRET, clock.at);
  const res = await t.request(WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: string } };
}
/** A paid session's event with `created` set as given (Stripe signs the body, `created` included). */
const eventCreated = (id: string, created: unknown, session: Record<string, unknown>) => {
  const event = JSON.parse(checkoutSessionEvent(id, { at: clock.at, session })) as Record<string, unknown>;
  return JSON.stringify({ ...event, created });
};

describe("the desk's payment form", () => {
  test("a payment dated after the firm's today is 422 naming the date, and nothing follows from it", async () => {
    const before = counts();
    for (const day of ["2099-06-15", "2026-11-18"]) {
      // The 18th has begun in UTC, not in New York: the firm's today is the 17th.
      const refused = await pay(flat.submission.id, day);
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.receivedOn?.[0]).toContain(day);
      expect(refused.body.errors?.receivedOn?.[0]).toContain(TODAY);
    }
    // The whole first month, dated 2099: the subscription does not start, "2099-06-15" or otherwise.
    const month = await pay(monthly.submission.id, "2099-06-15", 75_000);
    expect(month.status).toBe(422);
    expect(counts()).toEqual(before);
    expect(engagementOf(flat.engagementId)).toEqual({ status: "signed", workStartedAt: null });
    expect(engagementOf(monthly.engagementId)?.workStartedAt).toBeNull();
  });

  test("a payment dated the firm's today goes through, and engages", async () => {
    expect((await pay(flat.submission.id, TODAY)).status).toBe(201);
    expect(engagementOf(flat.engagementId)?.status).toBe("engaged");
    expect(ledgerPayments(flat.engagementId)).toEqual([{ on: TODAY, amountCents: 350_000 }]);
  });
});

describe("Stripe's webhook", () => {
  test("a `created` in 2099, signed now, dates the payment the day it arrived, not 2099", async () => {
    const res = await deliver(
      eventCreated("evt_future", 4_085_000_000, { client_reference_id: monthly.submission.reference }),
    );
    expect(res).toEqual({ status: 200, body: { outcome: "recorded", received: true } as never });
    expect(ledgerPayments(monthly.engagementId)).toEqual([{ on: TODAY, amountCents: 350_000 }]);
    const started = t.db
      .query<{ startedOn: string }, [number]>(
        "SELECT started_on AS startedOn FROM subscriptions WHERE engagement_id = ?",
      )
      .get(monthly.engagementId);
    expect(started?.startedOn).toBe(TODAY);
  });

  test("a `created` long before the delivery (1970) is not trusted either: dated the day it arrived", async () => {
    const res = await deliver(eventCreated("evt_old", 1, { client_reference_id: flat.submission.reference }));
    expect(res.body.outcome).toBe("recorded");
    expect(ledgerPayments(flat.engagementId).at(-1)).toEqual({ on: TODAY, amountCents: 350_000 });
    expect(
      t.db.query("SELECT paid_on AS paidOn FROM processor_payments WHERE event_id = 'evt_old'").get(),
    ).toEqual({ paidOn: TODAY });
  });

  test("an impossible `created` (1e15, negative, not whole, not a number) is 400, stores nothing, never 1969", async () => {
    const before = counts();
    const stored = () => t.db.query("SELECT count(*) AS n FROM processor_payments").get();
    const storedBefore = stored();
    for (const [i, created] of [1e15, -86_400, -1, 1_700_000_000.5, 1e300, "1700000000", null].entries()) {
      const res = await deliver(
        eventCreated(`evt_impossible_${i}`, created, { client_reference_id: flat.submission.reference }),
      );
      expect({ created, status: res.status }).toEqual({ created, status: 400 });
      expect(res.body.error).toMatch(/created time|not a Stripe event/);
    }
    expect(counts()).toEqual(before);
    expect(stored()).toEqual(storedBefore);
    expect(t.db.query("SELECT count(*) AS n FROM ledger_entries WHERE on_date < '2000-01-01'").get()).toEqual(
      {
        n: 0,
      },
    );
  });

  test("matching a stored processor payment dated after today is 422 naming the date; it stays listed", async () => {
    // A payment an earlier version stored with the date its event claimed.
    t.db.run(
      `INSERT INTO processor_payments (processor, event_id, object_id, payment_intent, reference, amount_cents,
         currency, paid_on, payer, state, received_at)
       VALUES ('stripe', 'evt_stored_2099', 'cs_stored_2099', 'pi_stored_2099', NULL, 12000, 'usd', '2099-06-15',
         NULL, 'unmatched', ?)`,
      [clock.at.toISOString()],
    );
    const before = counts();
    const list = (await (await t.request(UNMATCHED, withCookie(admin))).json()) as {
      payments: { id: number; paidOn: string }[];
    };
    const row = list.payments.find((p) => p.paidOn === "2099-06-15");
    const res = await t.request(
      `${UNMATCHED}/${row?.id}/match`,
      withCookie(admin, post({ reference: flat.submission.reference })),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.receivedOn?.[0]).toContain("2099-06-15");
    expect(counts()).toEqual(before);
    const after = (await (await t.request(UNMATCHED, withCookie(admin))).json()) as {
      payments: { id: number }[];
    };
    expect(after.payments.map((p) => p.id)).toContain(row?.id as number);
  });
});
