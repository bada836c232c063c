import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { deliverReport, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

// A sealed signature, a report, a statement and a booking, each with its mail: slow on a busy machine.
setDefaultTimeout(90_000);

const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const CLIENT = "quilla.marchbanks@harborlaw.example";
const [SMTP_PORT = 0] = freePorts(1);
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
const t = makeTestApp(
  {
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    INTAKE_NOTIFY_TO: "desk@tracewell.example",
    FIRM_TIMEZONE: "America/New_York",
    BUSINESS_HOURS: "Mon-Fri 09:00-17:00",
  },
  { now: () => clock.at },
);
const sendAllMail = async () => {
  while ((await t.app.decorator.mailOutbox.runOnce()) > 0);
};
/** The portal link the newest client mail whose subject matches carries, and what it opens on. */
const linkOf = (subject: RegExp) => {
  const mail = smtp.received
    .filter((m) => JSON.stringify(m.to).includes(CLIENT) && subject.test(m.subject ?? ""))
    .at(-1);
  const found = mail?.text?.match(/http:\/\/localhost:3000\/portal#token=([A-Za-z0-9_-]{43})&focus=([a-z]+)/);
  if (!found) throw new Error(`no portal link of its own in the mail "${mail?.subject}": ${mail?.text}`);
  return { token: found[1] as string, focus: found[2], text: mail?.text ?? "" };
};
const open = (token: string) => t.request("/api/portal/session", post({ token }));

describe("each mail into the portal carries its own single-use link", () => {
  let admin = "";
  let c: Awaited<ReturnType<typeof portalClient>>;

  test("the signed letter, report, statement, consultation and payment mails each open a session on what they are about, once", async () => {
    await smtp.listen();
    admin = await signIn(t.request, OWNER, PASSWORD);
    c = await portalClient(t, clock.at, admin, { email: CLIENT, intake: { name: "Quilla Marchbanks" } });
    await deliverReport(t, admin, c.submission.id);
    const issued = await t.request(
      `/api/admin/submissions/${c.submission.id}/statements`,
      withCookie(admin, post({ through: "2026-11-16" })),
    );
    expect(issued.status).toBe(201);
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(c.cookie))
    ).json()) as ConsultationSlots;
    const booked = await t.request(
      "/api/portal/consultation",
      withCookie(c.cookie, post({ start: slots.slots[0]?.start })),
    );
    expect(booked.status).toBe(201);
    const paid = await t.request(
      `/api/admin/submissions/${c.submission.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 350_000, receivedOn: "2026-11-16", method: "Wire" })),
    );
    expect(paid.status).toBe(201);
    await sendAllMail();

    const mails = [
      { subject: /^Signed engagement letter/, focus: "letter" },
      { subject: /^Your report is ready/, focus: "report" },
      { subject: /^Statement/, focus: "statement" },
      { subject: /^Consultation booked/, focus: "consultation" },
      { subject: /^Payment received/, focus: "payment" },
    ];
    for (const { subject, focus } of mails) {
      const link = linkOf(subject);
      expect({ subject: String(subject), focus: link.focus }).toEqual({ subject: String(subject), focus });
      expect(link.text).not.toContain("ask for a fresh link there");
      const first = await open(link.token);
      expect({ focus, status: first.status }).toEqual({ focus, status: 200 });
      // The session it opened is the engagement's.
      const view = await t.request("/api/portal", withCookie(cookieFrom(first)));
      expect(((await view.json()) as { engagement: { reference: string } }).engagement.reference).toBe(
        c.submission.reference,
      );
      // Used once, it opens nothing more.
      expect({ focus, again: (await open(link.token)).status }).toEqual({ focus, again: 401 });
    }
    // Only its hash is kept: no link's token is readable in the table.
    const held = t.db
      .query<{ n: number }, []>(
        "SELECT count(*) AS n FROM portal_links WHERE token IS NOT NULL AND used_at IS NULL",
      )
      .get();
    expect(held?.n).toBe(0);
  });

  test("a mail's link not yet used expires as the letter's links do, and opens nothing once the request is closed", async () => {
    // The clock moves by days: the desk signs in again each time, as staff would.
    const statement = async (through: string) => {
      admin = await signIn(t.request, OWNER, PASSWORD);
      // Something to state since the last statement: a payment received that day.
      const paid = await t.request(
        `/api/admin/submissions/${c.submission.id}/engagement/payments`,
        withCookie(admin, post({ amountCents: 10_000, receivedOn: through, method: "Check" })),
      );
      expect(paid.status).toBe(201);
      const res = await t.request(
        `/api/admin/submissions/${c.submission.id}/statements`,
        withCookie(admin, post({ through })),
      );
      expect({ status: res.status, body: await res.text() }).toMatchObject({ status: 201 });
      await sendAllMail();
      return linkOf(/^Statement/).token;
    };
    clock.at = new Date("2026-11-18T15:00:00.000Z");
    const expiring = await statement("2026-11-17");
    // Fifteen days on: past the fourteen a portal link works.
    clock.at = new Date("2026-12-03T15:00:00.000Z");
    expect((await open(expiring)).status).toBe(401);

    const unused = await statement("2026-12-02");
    const closed = await t.request(
      `/api/admin/submissions/${c.submission.id}`,
      withCookie(admin, { ...post({ status: "closed" }), method: "PATCH" }),
    );
    expect(closed.status).toBe(200);
    const res = await open(unused);
    expect(res.status).toBe(409);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
