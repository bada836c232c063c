import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { pdfText } from "../../helpers/pdf-text";
import { deliverSweepReport, freshSession, heldToken } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

setDefaultTimeout(60_000);

/**
 * Judgment Intel as an engagement (issue 29): the desk drafts a monthly engagement with its subjects and
 * cadence, the letter states its terms, only counsel is sent it, and the subscription follows the letter: pending
 * once sent, gone when withdrawn, started by the signature and the first month's payment, its sweeps delivered
 * as documents.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
const API = "/api/admin/submissions";
/** Names found nowhere else in the data folder, for the byte scan. */
const SUBJECTS = ["Vexhollow Andrithe Parnaby", "Quarrendel Estates Omicron LLC"];
const put = (body: unknown): RequestInit => ({ ...post(body), method: "PUT" });
const MONTHLY = {
  scope: "Quarterly public-records sweeps on the judgment debtors named below, reported to counsel.",
  feeCents: 75_000,
  feeKind: "monthly",
  turnaroundBusinessDays: 60,
  expedite: false,
  subjects: SUBJECTS,
};

let admin = "";
let adminAt = 0;
async function signedIn() {
  if (adminAt !== clock.at.getTime()) {
    admin = await signIn(t.request, OWNER, PASSWORD);
    adminAt = clock.at.getTime();
  }
  return admin;
}
const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) => {
  const r = await res;
  return {
    status: r.status,
    body: (await r.json()) as T & { error?: string; errors?: Record<string, string[]> },
  };
};
const request = (
  role = "attorney",
  email = `counsel-${Math.random().toString(36).slice(2)}@harborlaw.example`,
) => fileIntake(t, clock.at, { role, email, desiredService: "judgment-intel" });
const draft = async (id: number, body: unknown = MONTHLY) =>
  json<{ engagement: Record<string, unknown> }>(
    t.request(`${API}/${id}/engagement`, withCookie(await signedIn(), put(body))),
  );
const send = async (id: number) =>
  t.request(`${API}/${id}/engagement/send`, withCookie(await signedIn(), post()));
const subscriptionOf = async (id: number) =>
  json(t.request(`${API}/${id}/subscription`, withCookie(await signedIn())));
const engagementIdOf = (submissionId: number) =>
  (t.db.query("SELECT id FROM engagements WHERE submission_id = ?").get(submissionId) as { id: number }).id;

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

describe("the desk drafts a monthly engagement", () => {
  test("subjects are required, 1 to 20 names of 2 to 200 characters; cadence quarterly or monthly", async () => {
    const { id } = await request();
    const refused = async (body: unknown) => {
      const r = await draft(id, body);
      expect(r.status).toBe(422);
      return r.body.errors ?? {};
    };
    const { subjects: _, ...noSubjects } = MONTHLY;
    expect((await refused(noSubjects)).subjects).toEqual([
      "Name between 1 and 20 people or entities to monitor",
    ]);
    expect((await refused({ ...MONTHLY, subjects: [] })).subjects?.[0]).toContain("between 1 and 20");
    const many = Array.from({ length: 21 }, (_, i) => `Subject number ${i}`);
    expect((await refused({ ...MONTHLY, subjects: many })).subjects?.[0]).toContain("between 1 and 20");
    const short = await refused({ ...MONTHLY, subjects: ["Al", " X "] });
    expect(Object.values(short).flat()).toContain("Each subject's name must be 2 to 200 characters");
    expect(Object.values(await refused({ ...MONTHLY, subjects: ["x".repeat(201)] })).flat()).toContain(
      "Each subject's name must be 2 to 200 characters",
    );
    expect((await refused({ ...MONTHLY, cadence: "weekly" })).cadence).toEqual([
      'Cadence must be "quarterly" or "monthly"',
    ]);

    const saved = await draft(id, { ...MONTHLY, subjects: [" Vexhollow Andrithe Parnaby ", SUBJECTS[1]] });
    expect(saved.status).toBe(200);
    expect(saved.body.engagement).toMatchObject({
      feeKind: "monthly",
      feeCents: 75_000,
      monthly: { subjects: SUBJECTS, cadence: "quarterly", monthlyCents: 150_000 },
      subscription: null,
    });
    const monthlyCadence = await draft(id, { ...MONTHLY, cadence: "monthly" });
    expect(monthlyCadence.body.engagement.monthly).toMatchObject({ cadence: "monthly" });
    // A flat engagement carries no subjects, whatever was sent with it.
    const flat = await draft(id, { ...MONTHLY, feeKind: "flat" });
    expect(flat.body.engagement).toMatchObject({ feeKind: "flat", monthly: null });
    expect(t.db.query("SELECT subjects, cadence FROM engagements WHERE submission_id = ?").get(id)).toEqual({
      subjects: null,
      cadence: null,
    });
  });

  test("the desk's defaults for a Judgment Intel request are monthly, at the low end of its range", async () => {
    const { id } = await request();
    const got = await json<{ defaults: Record<string, unknown> }>(
      t.request(`${API}/${id}/engagement`, withCookie(await signedIn())),
    );
    expect(got.body.defaults).toMatchObject({
      feeKind: "monthly",
      feeCents: 75_000,
      cadence: "quarterly",
      subjects: [],
    });
  });
});

describe("counsel directs Judgment Intel", () => {
  test("a monthly engagement for a request whose role is not attorney is not sent: 422, nothing changes", async () => {
    for (const role of ["individual", "fiduciary"]) {
      const { id } = await request(role);
      expect((await draft(id)).status).toBe(200);
      const refused = await json(send(id));
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.feeKind?.[0]).toStartWith("Judgment Intel is directed by counsel");
      expect(t.db.query("SELECT status FROM engagements WHERE submission_id = ?").get(id)).toEqual({
        status: "draft",
      });
      expect((await subscriptionOf(id)).status).toBe(404);
    }
  });

  test("for an attorney's request the letter goes to that attorney, and the subscription waits pending", async () => {
    const email = "avery.counsel@harborlaw.example";
    const { id } = await request("attorney", email);
    await draft(id);
    expect((await send(id)).status).toBe(200);
    const sub = await subscriptionOf(id);
    expect(sub.body).toMatchObject({
      state: "pending",
      subjects: SUBJECTS,
      monthlyCents: 150_000,
      startedOn: null,
    });
    const outbox = t.db
      .query<{ kind: string }, [number]>("SELECT kind FROM mail_outbox WHERE submission_id = ? ORDER BY id")
      .all(id)
      .map((r) => r.kind);
    expect(outbox).toContain("portal-link");
    while ((await t.app.decorator.mailOutbox.runOnce()) > 0);
    const linkMail = await smtp.waitFor("the letter's link", (m) =>
      m.subject?.startsWith("Your engagement letter") ? m : null,
    );
    expect(linkMail.to).toMatchObject({ text: email });
  });
});

describe("the letter of a monthly engagement", () => {
  test("states the subjects, the month's total, the cadence, pause and resume, the notice and no refunds", async () => {
    const { id } = await request();
    await draft(id, { ...MONTHLY, cadence: "quarterly" });
    const pdf = new Uint8Array(
      await (await t.request(`${API}/${id}/engagement/letter.pdf`, withCookie(admin))).arrayBuffer(),
    );
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const name of SUBJECTS) expect(text).toContain(name);
    expect(text).toContain(
      "$750 per subject per month for the 2 subjects named in the scope statement, $1,500 a month in all",
    );
    expect(text).toContain("every three months (quarterly)");
    expect(text).toContain("directed by your counsel, who receives every sweep report");
    expect(text).toContain("pause monitoring at any time, without penalty");
    expect(text).toContain("the days it was paused are added to the month that was running");
    expect(text).toContain("cancel monitoring with 30 days' notice");
    expect(text).toContain("A month that begins before then is billed in full");
    expect(text).toContain("there are no refunds for partial months");
    expect(text).toContain("Monthly sweeps and real-time alerts cost extra");
    // Nothing of a flat fee's turnaround or refund is stated for monitoring.
    expect(text).not.toContain("flat fee");
    expect(text).not.toContain("Delivery is due");
  });
});

describe("the subscription follows the letter", () => {
  test("withdrawn before the signature: the pending subscription goes; sent again it waits on the new terms", async () => {
    const { id } = await request();
    await draft(id);
    await send(id);
    expect((await subscriptionOf(id)).body.state).toBe("pending");
    expect((await t.request(`${API}/${id}/engagement/withdraw`, withCookie(admin, post()))).status).toBe(200);
    expect((await subscriptionOf(id)).status).toBe(404);
    await draft(id, { ...MONTHLY, subjects: [SUBJECTS[0]], cadence: "monthly" });
    await send(id);
    expect((await subscriptionOf(id)).body).toMatchObject({
      state: "pending",
      subjects: [SUBJECTS[0]],
      cadence: "monthly",
      monthlyCents: 75_000,
    });
  });

  test("signed in the portal, then paid: it starts on the payment's day, later payments settle later months", async () => {
    clock.at = new Date("2026-11-16T15:00:00.000Z");
    const { id } = await request();
    await draft(id);
    await send(id);
    const engagementId = engagementIdOf(id);
    const cookie = cookieFrom(
      await t.request("/api/portal/session", post({ token: heldToken(t, engagementId) })),
    );
    const portalView = async (c = cookie) =>
      (
        await json<{ engagement: Record<string, unknown> & { subscription: Record<string, unknown> } }>(
          t.request("/api/portal", withCookie(c)),
        )
      ).body.engagement;
    expect((await portalView()).subscription).toMatchObject({ state: "pending", subjects: SUBJECTS });
    expect(await portalView()).toMatchObject({ outstandingCents: 150_000 });

    await t.request("/api/portal/consent", withCookie(cookie, post({ consent: true })));
    const letter = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", withCookie(cookie))).arrayBuffer(),
    );
    const signed = await t.request(
      "/api/portal/sign",
      withCookie(cookie, post({ fullName: "Dana Whitfield", agree: true, letterSha256: sha(letter) })),
    );
    expect(signed.status).toBe(200);
    expect((await subscriptionOf(id)).body).toMatchObject({ state: "pending", startedOn: null });

    // A part of the first month is not the month paid. A payment is dated a day that has come (ADR 281).
    clock.at = new Date("2026-11-18T15:00:00.000Z");
    const pay = async (amountCents: number, receivedOn: string) =>
      t.request(
        `${API}/${id}/engagement/payments`,
        withCookie(await signedIn(), post({ amountCents, receivedOn, method: "Wire" })),
      );
    expect((await pay(50_000, "2026-11-18")).status).toBe(201);
    expect((await subscriptionOf(id)).body.state).toBe("pending");
    clock.at = new Date("2026-11-19T15:00:00.000Z");
    expect((await pay(100_000, "2026-11-19")).status).toBe(201);
    const started = await subscriptionOf(id);
    expect(started.body).toMatchObject({
      state: "active",
      startedOn: "2026-11-19",
      paidThrough: "2026-12-18",
      nextChargeOn: "2026-12-19",
      // Inside the first month paid: ten business days on, Thanksgiving skipped (ADR 306).
      nextSweepDueOn: "2026-12-04",
      charges: [{ from: "2026-11-19", to: "2026-12-18", amountCents: 150_000 }],
    });
    // Engaged, with no delivery date: the sweeps are monitoring's clock.
    expect(
      t.db.query("SELECT status, delivery_due_at AS due FROM engagements WHERE id = ?").get(engagementId),
    ).toEqual({
      status: "engaged",
      due: null,
    });

    // A month on, the next month is raised and owed; the next payment settles it.
    clock.at = new Date("2026-12-21T15:00:00.000Z");
    const fresh = await freshSession(t, await signedIn(), { submission: { id }, engagementId });
    expect(await portalView(fresh)).toMatchObject({
      outstandingCents: 150_000,
      subscription: { state: "active", paidThrough: "2026-12-18", nextChargeOn: "2027-01-19" },
    });
    expect((await pay(150_000, "2026-12-21")).status).toBe(201);
    expect((await subscriptionOf(id)).body).toMatchObject({ paidThrough: "2027-01-18" });
    expect(await portalView(fresh)).toMatchObject({ outstandingCents: 0 });

    // The first sweep, due 4 December 2026, delivered late as the sweep report: counsel is told, the portal lists it.
    clock.at = new Date("2027-02-22T15:00:00.000Z");
    const dashboard = await json<{ sweeps: { reference: string; standing: string; dueOn: string }[] }>(
      t.request("/api/admin/subscriptions/sweeps", withCookie(await signedIn())),
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.sweeps).toContainEqual(
      expect.objectContaining({ dueOn: "2026-12-04", standing: "overdue" }),
    );
    const { res, id: docId } = await deliverSweepReport(t, admin, id, "Sweep February 2027.pdf");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { document: { sweepAt: string } }).document.sweepAt).toBe(
      "2027-02-22T15:00:00.000Z",
    );
    const after = await subscriptionOf(id);
    // Not yet downloaded: the sweep report has no receipt.
    expect((after.body as { sweeps: unknown[] }).sweeps).toEqual([
      {
        dueOn: "2026-12-04",
        deliveredAt: "2027-02-22T15:00:00.000Z",
        receivedAt: null,
        deliveredOn: "2027-02-22",
        receivedOn: null,
      },
    ]);
    // Counsel's first download is the receipt, in both views; a second download does not move it. At 9:30 PM in
    // New York it is already the 24th in UTC: the receipt's day is the firm's, the 23rd.
    clock.at = new Date("2027-02-24T02:30:00.000Z");
    const portal = await freshSession(t, await signedIn(), { submission: { id }, engagementId });
    expect((await t.request(`/api/portal/documents/${docId}`, withCookie(portal))).status).toBe(200);
    clock.at = new Date("2027-02-24T02:40:00.000Z");
    expect((await t.request(`/api/portal/documents/${docId}`, withCookie(portal))).status).toBe(200);
    const receipt = {
      dueOn: "2026-12-04",
      deliveredAt: "2027-02-22T15:00:00.000Z",
      receivedAt: "2027-02-24T02:30:00.000Z",
      deliveredOn: "2027-02-22",
      receivedOn: "2027-02-23",
    };
    expect((await subscriptionOf(id)).body.sweeps).toEqual([receipt]);
    expect((await portalView(portal)).subscription.sweeps).toEqual([receipt]);
    expect(after.body.nextSweepDueOn).toBe("2027-03-04");
    const dashboardAfter = await json<{ sweeps: { dueOn: string }[] }>(
      t.request("/api/admin/subscriptions/sweeps", withCookie(admin)),
    );
    expect(dashboardAfter.body.sweeps.find((w) => w.dueOn === "2026-12-04")).toBeUndefined();
    // The same file twice, or a sweep report when none is owed, is refused with the reason.
    const again = await json(
      t.request(
        `${API}/${id}/documents/${docId}/sweep-report`,
        withCookie(admin, { method: "POST", headers: { origin: "http://localhost:3000" } }),
      ),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This file was already delivered as a sweep report.");
    const none = await deliverSweepReport(t, admin, id, "Extra.pdf");
    expect(none.res.status).toBe(409);
    expect(((await none.res.json()) as { error: string }).error).toBe(
      "No sweep is owed: every sweep due so far has been delivered.",
    );
    const kinds = t.db
      .query<{ kind: string }, [number]>("SELECT kind FROM mail_outbox WHERE submission_id = ? ORDER BY id")
      .all(id)
      .map((r) => r.kind);
    expect(kinds.filter((k) => k === "documents-sweep-report")).toHaveLength(1);
  });

  test("no subject's name is readable anywhere in the data folder: engagements, subscriptions, the WAL", () => {
    expect(
      (t.db.query("SELECT count(*) AS n FROM engagements WHERE subjects IS NOT NULL").get() as { n: number })
        .n,
    ).toBeGreaterThan(0);
    expect(scanForMarkers([t.dataDir], SUBJECTS)).toEqual([]);
    t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(scanForMarkers([t.dataDir], SUBJECTS)).toEqual([]);
  });
});
