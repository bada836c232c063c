import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const [SMTP_PORT = 0] = freePorts(1);
// Intakes, a sealed signature and the digest's mail: slow on a busy machine.
setDefaultTimeout(30_000);

const ny = (local: string) => new Date(`${local.replace(" ", "T")}:00-05:00`);
const clock = { at: ny("2026-11-16 09:30") };
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const smtp = smtpServer(SMTP_PORT);
const t = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
  },
  { now: () => clock.at },
);
afterAll(() => smtp.close());
const portal = t.app.decorator.portal;
const visitor = { ip: "203.0.113.7", userAgent: "DeliveryTest/1.0" };

type Due = { state: string; label: string; dueText: string };
type Summary = { id: number; reference: string; delivery: Due | null };

describe("deliveries due and overdue, on the firm's business clock", () => {
  let admin = "";
  let engaged = { id: 0, reference: "" };
  let waiting = { id: 0, reference: "" };

  const list = async () =>
    ((await (await t.request(API, withCookie(admin))).json()) as { items: Summary[] }).items;
  const detail = async (id: number) =>
    ((await (await t.request(`${API}/${id}`, withCookie(admin))).json()) as { submission: Summary })
      .submission;
  const overview = async () =>
    (await (await t.request("/api/admin/desk/overview", withCookie(admin))).json()) as {
      counts: { deliveriesDue: number; deliveriesOverdue: number };
      deliveries: (Summary & { name: string; deliveryDueAt: string; due: Due })[];
    };
  const digests = () => smtp.received.filter((m) => m.subject?.startsWith("Intake desk"));

  test("a request whose letter is signed and paid on Monday 10:00 is due for delivery a business day later", async () => {
    await smtp.listen();
    engaged = await fileIntake(t, clock.at, { email: "dana@whitfieldmoss.example" });
    waiting = await fileIntake(t, clock.at, { email: "lee@elsewhere.example", name: "Lee Other" });
    admin = await signIn(t.request, USER, PASSWORD);
    const draft = {
      scope: "A sourced map of real property and entities in Cook County for the March deposition.",
      feeCents: 350_000,
      feeKind: "flat",
      turnaroundBusinessDays: 1,
      expedite: false,
    };
    const put = { ...post(draft), method: "PUT" };
    for (const r of [engaged, waiting]) {
      expect((await t.request(`${API}/${r.id}/engagement`, withCookie(admin, put))).status).toBe(200);
      expect((await t.request(`${API}/${r.id}/engagement/send`, withCookie(admin, post()))).status).toBe(200);
    }
    const engagementId = portal.repo.bySubmission(engaged.id)?.id ?? 0;
    clock.at = ny("2026-11-16 10:00");
    // Consent and signature through the service: each answers what it recorded (a refusal would throw).
    expect(portal.portal.consent(engagementId, { consent: true }, visitor).consentedAt).toBe(
      clock.at.toISOString(),
    );
    // The signature names the letter read: the one the portal gives the client.
    const letterSha256 = sha(await portal.portal.letter(engagementId, visitor));
    expect(
      (
        await portal.portal.sign(
          engagementId,
          { fullName: "Dana Whitfield", agree: true, letterSha256 },
          visitor,
        )
      ).signedAt,
    ).toBe(clock.at.toISOString());
    admin = await signIn(t.request, USER, PASSWORD);
    const paid = await t.request(
      `${API}/${engaged.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 350_000, receivedOn: "2026-11-16", method: "wire" })),
    );
    expect(paid.status).toBe(201);
    expect(((await paid.json()) as { engagement: { deliveryDueAt: string } }).engagement.deliveryDueAt).toBe(
      ny("2026-11-17 10:00").toISOString(),
    );
  });

  test("the list and the detail show the delivery due; a request not yet engaged shows none", async () => {
    clock.at = ny("2026-11-17 08:00");
    admin = await signIn(t.request, USER, PASSWORD);
    const items = await list();
    const row = items.find((i) => i.id === engaged.id);
    expect(row?.delivery).toMatchObject({
      state: "waiting",
      label: "due in 2 h",
      dueText: "Tue 17 Nov 2026, 10:00 AM EST",
    });
    expect(items.find((i) => i.id === waiting.id)?.delivery).toBeNull();
    expect((await detail(engaged.id)).delivery).toMatchObject({ state: "waiting", label: "due in 2 h" });
    expect((await detail(waiting.id)).delivery).toBeNull();
  });

  test("the dashboard lists deliveries soonest first and counts the due and the overdue", async () => {
    clock.at = ny("2026-11-17 08:00");
    const before = await overview();
    expect(before.counts).toMatchObject({ deliveriesDue: 1, deliveriesOverdue: 0 });
    expect(before.deliveries.map((d) => [d.reference, d.name, d.due.state])).toEqual([
      [engaged.reference, "Dana Whitfield", "waiting"],
    ]);
    clock.at = ny("2026-11-17 12:30");
    admin = await signIn(t.request, USER, PASSWORD);
    const after = await overview();
    expect(after.counts).toMatchObject({ deliveriesDue: 1, deliveriesOverdue: 1 });
    expect(after.deliveries[0]?.due).toMatchObject({
      state: "overdue",
      label: "overdue by 2 business hours",
    });
    expect((await detail(engaged.id)).delivery?.label).toBe("overdue by 2 business hours");
  });

  test("the morning digest lists the delivery due today, then overdue the next morning", async () => {
    clock.at = ny("2026-11-17 08:00");
    expect(t.app.decorator.deskDigest.runIfDue()).toMatchObject({ sent: true });
    await t.app.decorator.mailOutbox.runOnce();
    const first = digests().at(-1);
    expect(first?.text).toContain("Deliveries due today (1)");
    expect(first?.text).toContain(`- ${engaged.reference}`);
    expect(first?.text).toContain("Delivery due Tue 17 Nov 2026, 10:00 AM EST (due in 2 h)");

    clock.at = ny("2026-11-18 08:00");
    expect(t.app.decorator.deskDigest.runIfDue()).toMatchObject({ sent: true });
    await t.app.decorator.mailOutbox.runOnce();
    const next = digests().at(-1);
    expect(next?.text).toContain("Deliveries overdue (1)");
    expect(next?.text).toContain("(overdue by 7 business hours)");
    expect(next?.text).not.toContain("Deliveries due today");
  });
});
