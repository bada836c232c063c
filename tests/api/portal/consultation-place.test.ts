import { afterAll, describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { deliverReport, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

/**
 * The consultation has a place (issue 44): until the firm says how it holds them, a booking says the firm calls
 * the client's number, in the portal, the confirmation and its invitation alike; once set, the firm's place.
 */
const [SMTP_PORT = 0] = freePorts(1);
const { username: USER, password: PASSWORD } = DESK_OWNER;
const DESK = "desk@tracewell.example";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const smtp = smtpServer(SMTP_PORT);
afterAll(() => smtp.close());
const t = makeTestApp(
  { ...NEW_YORK_DESK, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, INTAKE_NOTIFY_TO: DESK, HOLIDAYS: "US" },
  { now: () => clock.at },
);

function calendarOf(mail: ParsedMail | undefined) {
  const file = mail?.attachments.find((a) => a.filename?.endsWith(".ics"));
  if (!file) throw new Error(`no .ics in ${mail?.subject}`);
  const event = new ICAL.Component(ICAL.parse(file.content.toString("utf8"))).getFirstSubcomponent("vevent");
  return {
    location: event?.getFirstPropertyValue("location"),
    description: String(event?.getFirstPropertyValue("description") ?? ""),
  };
}
const sendAllMail = async () => {
  while ((await t.app.decorator.mailOutbox.runOnce()) > 0);
};
const mailTo = (address: string, subject: string) =>
  smtp.received
    .filter((m) => JSON.stringify(m.to).includes(address) && m.subject?.startsWith(subject))
    .at(-1);

describe("a consultation booked before the firm set how it holds them", () => {
  test("the portal, the confirmation and the .ics say the firm calls the client's number", async () => {
    await smtp.listen();
    const admin = await signIn(t.request, USER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, {
      email: "dana@whitfieldmoss.example",
      intake: { phone: "(312) 555-0188" },
    });
    await deliverReport(t, admin, c.submission.id);
    const before = (await (await t.request("/api/portal/consultation", withCookie(c.cookie))).json()) as {
      place: unknown;
      callsYouAt: string | null;
    };
    expect(before).toMatchObject({ place: null, callsYouAt: "(312) 555-0188" });
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(c.cookie))
    ).json()) as ConsultationSlots;
    const booked = await t.request(
      "/api/portal/consultation",
      withCookie(c.cookie, post({ start: slots.slots.at(-1)?.start })),
    );
    expect(booked.status).toBe(201);
    await sendAllMail();
    const mail = mailTo("dana@whitfieldmoss.example", "Consultation booked");
    expect(mail?.text).toContain("By phone: at the time booked, Tracewell calls you at (312) 555-0188.");
    const invite = calendarOf(mail);
    expect(invite.location).toBe("Phone: the firm calls you at (312) 555-0188");
    expect(invite.description).toContain("calls you at (312) 555-0188");
    const desk = mailTo(DESK, "Consultation booked");
    expect(desk?.text).toContain("the firm calls the client at (312) 555-0188");

    // Set on the firm's screen: the next change says the firm's number, and the portal no longer the client's.
    const placed = await t.request(
      "/api/admin/firm/consultation-place",
      withCookie(admin, { ...post({ kind: "phone", value: "(212) 555-0147" }), method: "PUT" }),
    );
    expect(placed.status).toBe(200);
    const after = (await (await t.request("/api/portal/consultation", withCookie(c.cookie))).json()) as {
      callsYouAt: string | null;
    };
    expect(after.callsYouAt).toBeNull();
    const moved = await t.request(
      "/api/portal/consultation",
      withCookie(c.cookie, { ...post({ start: slots.slots.at(-2)?.start }), method: "PATCH" }),
    );
    expect(moved.status).toBe(200);
    await sendAllMail();
    const movedMail = mailTo("dana@whitfieldmoss.example", "Consultation moved");
    expect(movedMail?.text).toContain("call Tracewell at (212) 555-0147");
    expect(calendarOf(movedMail).location).toBe("Phone: (212) 555-0147");
  });
});
