import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { DRAFT, freshSession, heldToken, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(60_000);

/**
 * The money tells one story (ADR 285): the ledger is the only record, so the desk's engagement, the payment
 * form's default, the portal's card and a subscription's paid-through say what the ledger says, on every day of
 * an injected clock; the work clock starts only once what the letter asks up front is paid in full.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
const API = "/api/admin/submissions";
const MONTHLY = {
  scope: "Monthly public-records sweeps on the judgment debtors named below, reported to counsel.",
  feeCents: 75_000,
  feeKind: "monthly",
  turnaroundBusinessDays: 60,
  expedite: false,
  cadence: "monthly",
  subjects: ["Harrowgate Pellucid Trust", "Orlemont Vasquez-Reyne"],
};

const t = makeTestApp(
  {
    ...NEW_YORK_DESK,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    HOLIDAYS: "US",
  },
  { now: () => clock.at },
);
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

let admin = "";
let adminAt = 0;
async function signedIn() {
  if (adminAt !== clock.at.getTime()) {
    admin = await signIn(t.request, OWNER, PASSWORD);
    adminAt = clock.at.getTime();
  }
  return admin;
}
const json = async <T>(res: Response | Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: (await r.json()) as T };
};
type Money = {
  balanceCents: number;
  paidCents: number;
  retainer: { heldCents: number; drawnCents: number; remainingCents: number } | null;
  lastPayment: { on: string; amountCents: number } | null;
};
type Engagement = {
  status: string;
  paidCents: number;
  outstandingCents: number;
  workStartedAt: string | null;
  money: Money;
  subscription: { state: string; paidThrough: string | null; nextChargeOn: string | null } | null;
  payment?: { amountDueCents: number; dueOn: string | null } | null;
};
const deskEngagement = async (id: number) =>
  (await json<{ engagement: Engagement }>(t.request(`${API}/${id}/engagement`, withCookie(await signedIn()))))
    .body.engagement;
const ledgerBalance = async (id: number) =>
  (await json<{ balanceCents: number }>(t.request(`${API}/${id}/ledger`, withCookie(await signedIn())))).body
    .balanceCents;
const portalEngagement = async (cookie: string) =>
  (await json<{ engagement: Engagement }>(t.request("/api/portal", withCookie(cookie)))).body.engagement;
const pay = async (id: number, amountCents: number, receivedOn: string) =>
  t.request(
    `${API}/${id}/engagement/payments`,
    withCookie(await signedIn(), post({ amountCents, receivedOn, method: "Wire" })),
  );

describe("one record", () => {
  test("two months of Judgment Intel paid up front: the ledger, the desk and the portal all say nothing is owed", async () => {
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const { id } = await fileIntake(t, clock.at, {
      role: "attorney",
      name: "Avery Counsel",
      email: "counsel-upfront@harborlaw.example",
      desiredService: "judgment-intel",
    });
    const put = { ...post(MONTHLY), method: "PUT" };
    expect((await t.request(`${API}/${id}/engagement`, withCookie(await signedIn(), put))).status).toBe(200);
    expect((await t.request(`${API}/${id}/engagement/send`, withCookie(admin, post()))).status).toBe(200);
    const engagementId = (
      t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(id) as { id: number }
    ).id;
    const cookie = cookieFrom(
      await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) })),
    );
    await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })));
    const letter = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", withCookie(cookie))).arrayBuffer(),
    );
    const signed = await t.request(
      "/api/portal/sign",
      withCookie(cookie, post({ fullName: "Avery Counsel", agree: true, letterSha256: sha(letter) })),
    );
    expect(signed.status).toBe(200);

    // Two months, $3,000, in one wire on the day of the signature.
    expect((await pay(id, 300_000, "2026-11-16")).status).toBe(201);
    expect(await deskEngagement(id)).toMatchObject({
      status: "engaged",
      paidCents: 300_000,
      outstandingCents: 0,
    });

    // A month on, the second month is raised: the payment already covers it.
    clock.at = new Date("2026-12-21T15:00:00.000Z");
    t.app.decorator.subscriptionJobs.runFor("2026-12-21");
    expect(await ledgerBalance(id)).toBe(0);
    const desk = await deskEngagement(id);
    expect(desk).toMatchObject({
      paidCents: 300_000,
      outstandingCents: 0,
      money: { balanceCents: 0, paidCents: 300_000, lastPayment: { on: "2026-11-16", amountCents: 300_000 } },
      subscription: { state: "active", paidThrough: "2027-01-15", nextChargeOn: "2027-01-16" },
    });
    const fresh = await freshSession(t, await signedIn(), { submission: { id }, engagementId });
    expect(await portalEngagement(fresh)).toMatchObject({
      outstandingCents: 0,
      payment: { amountDueCents: 0 },
      subscription: { paidThrough: "2027-01-15" },
    });

    // The third month, raised on 16 January, is owed: every side says the month's $1,500, and no more.
    clock.at = new Date("2027-01-19T15:00:00.000Z");
    t.app.decorator.subscriptionJobs.runFor("2027-01-19");
    expect(await ledgerBalance(id)).toBe(150_000);
    expect(await deskEngagement(id)).toMatchObject({
      outstandingCents: 150_000,
      subscription: { paidThrough: "2027-01-15" },
    });
    const later = await freshSession(t, await signedIn(), { submission: { id }, engagementId });
    expect(await portalEngagement(later)).toMatchObject({
      outstandingCents: 150_000,
      payment: { amountDueCents: 150_000, dueOn: "2027-01-16" },
    });
  });
});

describe("the work clock starts on what the letter asks up front, paid in full", () => {
  test("one cent on a $5,000 retainer is recorded and starts nothing; the desk and the portal say what remains", async () => {
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const c = await portalClient(t, clock.at, await signedIn(), {
      email: "retainer-part@harborlaw.example",
      draft: { ...DRAFT, feeKind: "retainer", feeCents: 500_000 },
    });
    expect((await pay(c.submission.id, 1, "2026-11-16")).status).toBe(201);
    expect(await deskEngagement(c.submission.id)).toMatchObject({
      status: "signed",
      workStartedAt: null,
      paidCents: 1,
      outstandingCents: 499_999,
      money: { retainer: { heldCents: 1, drawnCents: 0, remainingCents: 1 } },
    });
    expect(await portalEngagement(c.cookie)).toMatchObject({
      workStartedAt: null,
      outstandingCents: 499_999,
      payment: { amountDueCents: 499_999, dueOn: "2026-11-16" },
    });
    expect(
      t.db.query("SELECT status FROM contact_submissions WHERE id = ?").get(c.submission.id),
    ).not.toEqual({
      status: "engaged",
    });

    // The rest of the deposit completes it: the clock starts with this payment.
    clock.at = new Date("2026-11-17T15:00:00.000Z");
    expect((await pay(c.submission.id, 499_999, "2026-11-17")).status).toBe(201);
    expect(await deskEngagement(c.submission.id)).toMatchObject({
      status: "engaged",
      workStartedAt: clock.at.toISOString(),
      outstandingCents: 0,
      money: { retainer: { heldCents: 500_000, drawnCents: 0, remainingCents: 500_000 } },
    });
  });

  test("part of a flat fee is recorded and starts nothing; the rest starts it", async () => {
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const c = await portalClient(t, clock.at, await signedIn(), { email: "flat-part@harborlaw.example" });
    expect((await pay(c.submission.id, 100_000, "2026-11-16")).status).toBe(201);
    expect(await deskEngagement(c.submission.id)).toMatchObject({
      workStartedAt: null,
      paidCents: 100_000,
      outstandingCents: 250_000,
    });
    expect(await portalEngagement(c.cookie)).toMatchObject({ payment: { amountDueCents: 250_000 } });
    expect((await pay(c.submission.id, 250_000, "2026-11-16")).status).toBe(201);
    expect(await deskEngagement(c.submission.id)).toMatchObject({
      workStartedAt: clock.at.toISOString(),
      outstandingCents: 0,
    });
  });

  test("before the signature the payment form's default is what the letter will ask, less what was paid", async () => {
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const c = await portalClient(t, clock.at, await signedIn(), {
      email: "unsigned-part@harborlaw.example",
      sign: false,
      draft: { ...DRAFT, feeKind: "retainer", feeCents: 500_000 },
    });
    expect(await deskEngagement(c.submission.id)).toMatchObject({ outstandingCents: 500_000 });
    expect((await pay(c.submission.id, 200_000, "2026-11-16")).status).toBe(201);
    expect(await deskEngagement(c.submission.id)).toMatchObject({
      status: "sent",
      outstandingCents: 300_000,
      workStartedAt: null,
    });
  });
});
