import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { checkoutSessionEvent, stripeSignature } from "../../helpers/stripe";
import { readZip } from "../../helpers/zip";

setDefaultTimeout(60_000);

/**
 * Data rights reach payments (ADR 285): an access export lists the person's payments as the processor reported
 * them, recorded on their request or waiting for staff; an erasure takes their address off the ones no request
 * holds (unmatched, dismissed), and the address is then in no byte of the data folder.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const SECRET = "whsec_tracewellRightsSigningSecret0123456789";
const ADDRESS = "wrenfield.ostrander@palisademarrow.example";
const clock = { at: new Date("2026-11-17T15:00:00.000Z") };
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
const API = "/api/admin/data-requests";

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

async function deliver(body: string) {
  const res = await t.request("/api/payments/stripe", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": await stripeSignature(body, SECRET, clock.at),
      "user-agent": "Stripe/1.0",
    },
    body,
  });
  return ((await res.json()) as { outcome: string }).outcome;
}
const paid = (id: string, session: Record<string, unknown>) =>
  deliver(
    checkoutSessionEvent(id, {
      at: clock.at,
      session: { customer_details: { email: ADDRESS, name: "Wrenfield Ostrander" }, ...session },
    }),
  );

let admin = "";
let client = { submission: { id: 0, reference: "" }, engagementId: 0, cookie: "" };
beforeAll(async () => {
  await smtp.listen();
  admin = await signIn(t.request, OWNER, PASSWORD);
  client = await portalClient(t, clock.at, admin, { email: ADDRESS });
  // One recorded on their request, one with no reference (unmatched), one dismissed by staff.
  expect(await paid("evt_rights_recorded", { client_reference_id: client.submission.reference })).toBe(
    "recorded",
  );
  expect(await paid("evt_rights_unmatched", { client_reference_id: null, amount_total: 12_500 })).toBe(
    "unmatched",
  );
  expect(
    await paid("evt_rights_dismissed", { client_reference_id: "IR-000000-NONE", amount_total: 2_000 }),
  ).toBe("unmatched");
  const list = (await (await t.request("/api/admin/payments/unmatched", withCookie(admin))).json()) as {
    payments: { id: number; amountCents: number }[];
  };
  const dismissed = list.payments.find((p) => p.amountCents === 2_000);
  expect(
    (await t.request(`/api/admin/payments/unmatched/${dismissed?.id}/dismiss`, withCookie(admin, post())))
      .status,
  ).toBe(200);
});
afterAll(() => smtp.close());

const requestFor = async (kind: string) => {
  const res = await t.request(API, withCookie(admin, post({ email: ADDRESS, kind })));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};

describe("data rights reach payments", () => {
  test("an access export lists the person's payments, recorded on their request and waiting for staff", async () => {
    const id = await requestFor("access");
    const res = await t.request(`${API}/${id}/export`, withCookie(admin));
    expect(res.status).toBe(200);
    const archive = readZip(new Uint8Array(await res.arrayBuffer()));
    const name = [...archive.keys()].find((k) => k.endsWith(".json")) as string;
    const doc = JSON.parse(new TextDecoder().decode(archive.get(name))) as {
      payments: { amountCents: number; state: string; payer: string | null; submissionId: number | null }[];
    };
    expect(doc.payments.map((p) => [p.amountCents, p.state, p.payer, p.submissionId])).toEqual([
      [350_000, "recorded", ADDRESS, client.submission.id],
      [12_500, "unmatched", ADDRESS, null],
      [2_000, "dismissed", ADDRESS, null],
    ]);
  });

  test("an erasure takes the address off the payments no request holds; no byte of the data folder has it", async () => {
    const id = await requestFor("deletion");
    const res = await t.request(`${API}/${id}/erase`, withCookie(admin, post()));
    expect(res.status).toBe(200);
    expect(
      t.db
        .query("SELECT amount_cents AS amountCents, state, payer FROM processor_payments ORDER BY id")
        .all(),
    ).toEqual([
      { amountCents: 12_500, state: "unmatched", payer: null },
      { amountCents: 2_000, state: "dismissed", payer: null },
    ]);
    // The address completed requests keep nothing of either, and no page of the file or its log holds it.
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], [ADDRESS])).toEqual([]);
    // The unmatched payment still waits for staff, without its payer.
    const list = (await (await t.request("/api/admin/payments/unmatched", withCookie(admin))).json()) as {
      payments: { amountCents: number; payer: string | null }[];
    };
    expect(list.payments).toEqual([expect.objectContaining({ amountCents: 12_500, payer: null })]);
  });
});
