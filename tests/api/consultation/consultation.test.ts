import { afterAll, describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import type {
  ConsultationBooking,
  ConsultationSlots,
  UpcomingConsultation,
} from "../../../src/contracts/consultation";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { deliverReport, freshSession, portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

const [SMTP_PORT = 0] = freePorts(1);
const { username: USER, password: PASSWORD } = DESK_OWNER;
const API = "/api/admin/submissions";
const SLOTS = "/api/portal/consultation/slots";
const BOOKING = "/api/portal/consultation";
const DESK = "desk@tracewell.example";
const ORIGIN = { origin: "http://localhost:3000" };

/** The calendar in an e-mail's .ics attachment, parsed by a real iCalendar parser. */
function calendarOf(mail: ParsedMail | undefined) {
  const file = mail?.attachments.find((a) => a.filename?.endsWith(".ics"));
  if (!file) throw new Error(`no .ics in ${mail?.subject}`);
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString("utf8")));
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return {
    contentType: file.contentType,
    method: calendar.getFirstPropertyValue("method"),
    dtstart: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    duration: String(event.getFirstPropertyValue("duration")),
    location: event.getFirstPropertyValue("location"),
  };
}

describe("the consultation: slots on the firm's business clock, booking, moving and cancelling, and the mail", () => {
  // Monday 2026-11-16, 10:00 in New York.
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const smtp = smtpServer(SMTP_PORT);
  afterAll(() => smtp.close());
  const t = makeTestApp(
    {
      ...NEW_YORK_DESK,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      INTAKE_NOTIFY_TO: DESK,
      HOLIDAYS: "US",
    },
    { now: () => clock.at },
  );
  let admin = "";
  type Client = Awaited<ReturnType<typeof portalClient>>;
  let dana: Client;
  let lee: Client;
  let sam: Client;
  const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
  const slots = (c: Client, tz = "") =>
    t.request(`${SLOTS}${tz ? `?tz=${encodeURIComponent(tz)}` : ""}`, withCookie(c.cookie));
  const book = (c: Client, start: string) => t.request(BOOKING, withCookie(c.cookie, post({ start })));
  const move = (c: Client, start: string) =>
    t.request(BOOKING, withCookie(c.cookie, { ...post({ start }), method: "PATCH" }));
  const cancel = (c: Client) =>
    t.request(BOOKING, withCookie(c.cookie, { method: "DELETE", headers: ORIGIN }));
  const current = async (c: Client) =>
    (await json<{ consultation: ConsultationBooking | null }>(t.request(BOOKING, withCookie(c.cookie))))
      .consultation;
  /**
   * The clock moves on by days: sessions end after 30 idle minutes, so staff sign in again and each client
   * opens the portal again with a fresh link (each link opens it once).
   */
  async function at(iso: string) {
    clock.at = new Date(iso);
    admin = await signIn(t.request, USER, PASSWORD);
    for (const c of [dana, lee, sam]) c.cookie = await freshSession(t, admin, c);
  }
  /** Runs the outbox until nothing is left to send: the fresh links of each day's sessions queue mail too. */
  const sendAllMail = async () => {
    while ((await t.app.decorator.mailOutbox.runOnce()) > 0);
  };
  const mailsTo = (address: string, subject: string) =>
    smtp.received.filter((m) => JSON.stringify(m.to).includes(address) && m.subject?.startsWith(subject));

  test("before the report is delivered there is nothing to book: 409 with a message", async () => {
    await smtp.listen();
    admin = await signIn(t.request, USER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    sam = await portalClient(t, clock.at, admin, { email: "sam@thirdparty.example" });

    const early = await slots(dana);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toContain("once your report is delivered");
    expect((await book(dana, "2026-11-23T16:00:00.000Z")).status).toBe(409);
    expect(await current(dana)).toBeNull();
    expect((await t.request(SLOTS)).status).toBe(401);

    await deliverReport(t, admin, dana.submission.id);
    await deliverReport(t, admin, lee.submission.id);
    expect((await slots(dana)).status).toBe(200);
    expect((await slots(sam)).status).toBe(409);
  }, 60_000);

  test("Friday evening lists Monday morning; weekends, a public holiday and a closure are skipped, ten business days", async () => {
    const closed = await t.request(
      "/api/admin/desk/closures",
      withCookie(admin, post({ date: "2026-11-25", note: "Office move" })),
    );
    expect(closed.status).toBe(201);
    // Friday 2026-11-20, 18:00 in New York: two business hours on is Monday 11:00.
    await at("2026-11-20T23:00:00.000Z");
    const list = await json<ConsultationSlots>(slots(dana));
    expect(list.timeZone).toBe("America/New_York");
    expect(list.slots[0]).toMatchObject({
      start: "2026-11-23T16:00:00.000Z",
      end: "2026-11-23T16:15:00.000Z",
      date: "2026-11-23",
      dayLabel: "Monday, 23 Nov 2026",
      label: "11:00 AM EST",
      clientLabel: null,
    });
    const days = [...new Set(list.slots.map((s) => s.date))];
    // The 25th is closed, Thanksgiving (the 26th) is a public holiday, the 28th and 29th a weekend.
    expect(days).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-07",
      "2026-12-08",
    ]);
    // Monday from 11:00, the other days 09:00 to 16:45, every quarter hour.
    expect(list.slots.filter((s) => s.date === "2026-11-23")).toHaveLength(24);
    const tuesday = list.slots.filter((s) => s.date === "2026-11-24");
    expect(tuesday).toHaveLength(32);
    expect(tuesday[0]?.label).toBe("9:00 AM EST");
    expect(tuesday[31]?.label).toBe("4:45 PM EST");

    const london = await json<ConsultationSlots>(slots(dana, "Europe/London"));
    expect(london.clientTimeZone).toBe("Europe/London");
    expect(london.slots[0]?.clientLabel).toBe("Mon 23 Nov, 4:00 PM GMT");
    for (const tz of ["Mars/Olympus_Mons", "../etc/passwd", "x".repeat(100)]) {
      const bad = await slots(dana, tz);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain("time zone");
    }
  });

  test("staff say how consultations happen: a bad number or link is refused at its field; the portal shows it", async () => {
    const PLACE = "/api/admin/firm/consultation-place";
    const put = (body: unknown) => t.request(PLACE, withCookie(admin, { ...post(body), method: "PUT" }));
    const before = await json<{ place: unknown }>(t.request(BOOKING, withCookie(dana.cookie)));
    expect(before.place).toBeNull();
    for (const [body, message] of [
      [{ kind: "phone", value: "call us" }, "Enter a phone number with its area code, like (212) 555-0147"],
      [{ kind: "phone", value: "" }, "Enter a phone number with its area code, like (212) 555-0147"],
      [
        { kind: "video", value: "meet.example.com/tracewell" },
        "Enter the video link as a full address starting with https://",
      ],
      [{ kind: "fax", value: "(212) 555-0147" }, "Choose phone or video"],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(422);
      expect(
        Object.values(((await res.json()) as { errors: Record<string, string[]> }).errors).flat(),
      ).toEqual([message]);
    }
    const saved = await put({ kind: "video", value: " https://meet.example.com/tracewell " });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      place: { kind: "video", value: "https://meet.example.com/tracewell" },
    });
    expect((await put({ kind: "phone", value: "(212) 555-0147" })).status).toBe(200);
    const shown = await json<{ place: unknown }>(t.request(BOOKING, withCookie(dana.cookie)));
    expect(shown.place).toEqual({ kind: "phone", value: "(212) 555-0147" });
  });

  test("a slot booked is gone from every list; the same slot from two engagements at once gives the second 409", async () => {
    const start = "2026-11-23T19:00:00.000Z"; // Monday 14:00
    const [first, second] = await Promise.all([book(dana, start), book(lee, start)]);
    expect([first.status, second.status]).toEqual([201, 409]);
    expect(((await second.json()) as { error: string }).error).toContain("That time was just taken");
    // Whatever checked before, the database itself refuses a second live booking of a start.
    expect(() =>
      t.db.run(
        `INSERT INTO consultations (engagement_id, uid, starts_at, created_at, updated_at)
         VALUES (?, 'race', ?, '', '')`,
        [lee.engagementId, start],
      ),
    ).toThrow(/UNIQUE constraint failed: consultations.starts_at/);
    const booked = ((await first.json()) as { consultation: ConsultationBooking }).consultation;
    expect(booked).toMatchObject({ start, label: "Monday, 23 Nov 2026, 2:00 PM EST", changeable: true });

    const forLee = await json<ConsultationSlots>(slots(lee));
    expect(forLee.slots.some((s) => s.start === start)).toBe(false);
    expect(forLee.slots.some((s) => s.start === "2026-11-23T18:45:00.000Z")).toBe(true);

    // Not a slot: off the quarter hours, a Saturday, before the lead time, nonsense.
    for (const bad of [
      "2026-11-24T15:07:00.000Z",
      "2026-11-28T15:00:00.000Z",
      "2026-11-23T14:00:00.000Z",
      "soon",
    ]) {
      const res = await book(lee, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/open times/);
    }
    // One live booking per engagement.
    const again = await book(dana, "2026-11-24T15:00:00.000Z");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain("already have a consultation");

    expect((await book(lee, "2026-11-24T15:00:00.000Z")).status).toBe(201);
  });

  test("both sides get the invitation: a parseable .ics with the slot's DTSTART", async () => {
    await sendAllMail();
    const [client] = mailsTo("dana@whitfieldmoss.example", "Consultation booked");
    expect(client?.subject).toContain("Monday, 23 Nov 2026, 2:00 PM EST");
    expect(client?.text).toContain("http://localhost:3000/portal");
    const invite = calendarOf(client);
    expect(invite).toMatchObject({
      method: "REQUEST",
      dtstart: "2026-11-23T19:00:00.000Z",
      sequence: 0,
      status: "CONFIRMED",
      duration: "PT15M",
      // How it happens, the firm's setting: a calendar shows it as the event's place.
      location: "Phone: (212) 555-0147",
    });
    expect(invite.contentType).toStartWith("text/calendar");
    const desk = mailsTo(DESK, "Consultation booked").find((m) =>
      m.text?.includes(dana.submission.reference),
    );
    expect(calendarOf(desk)).toMatchObject({ dtstart: "2026-11-23T19:00:00.000Z", uid: invite.uid });
  }, 30_000);

  test("another engagement's session neither sees nor changes the booking", async () => {
    expect((await current(lee))?.start).toBe("2026-11-24T15:00:00.000Z");
    expect(await current(sam)).toBeNull();
    // Lee's move and cancel reach only Lee's own booking.
    expect((await move(lee, "2026-11-24T15:15:00.000Z")).status).toBe(200);
    expect((await cancel(lee)).status).toBe(200);
    expect(await current(lee)).toBeNull();
    expect((await current(dana))?.start).toBe("2026-11-23T19:00:00.000Z");
    // Sam has none to change.
    expect((await cancel(sam)).status).toBe(404);
    expect((await move(sam, "2026-11-24T15:30:00.000Z")).status).toBe(404);
    expect((await current(dana))?.start).toBe("2026-11-23T19:00:00.000Z");
    expect((await t.request(BOOKING, { method: "DELETE", headers: ORIGIN })).status).toBe(401);
  });

  test("a move and a cancel mail both sides: the same event, a higher SEQUENCE, a new DTSTART, then METHOD:CANCEL", async () => {
    const moved = await move(dana, "2026-11-27T15:00:00.000Z"); // Friday 10:00
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { consultation: ConsultationBooking }).consultation.start).toBe(
      "2026-11-27T15:00:00.000Z",
    );
    // The old slot is free again.
    const list = await json<ConsultationSlots>(slots(lee));
    expect(list.slots.some((s) => s.start === "2026-11-23T19:00:00.000Z")).toBe(true);
    expect(list.slots.some((s) => s.start === "2026-11-27T15:00:00.000Z")).toBe(false);

    await sendAllMail();
    const booked = calendarOf(mailsTo("dana@whitfieldmoss.example", "Consultation booked")[0]);
    const [movedMail] = mailsTo("dana@whitfieldmoss.example", "Consultation moved");
    expect(movedMail?.text).toContain(
      "from Monday, 23 Nov 2026, 2:00 PM EST to Friday, 27 Nov 2026, 10:00 AM EST",
    );
    expect(calendarOf(movedMail)).toMatchObject({
      method: "REQUEST",
      uid: booked.uid,
      sequence: 1,
      dtstart: "2026-11-27T15:00:00.000Z",
    });
    expect(mailsTo(DESK, "Consultation moved")).toHaveLength(2);
    const leeCancel = mailsTo("lee@elsewhere.example", "Consultation cancelled");
    expect(calendarOf(leeCancel[0])).toMatchObject({
      method: "CANCEL",
      status: "CANCELLED",
      dtstart: "2026-11-24T15:15:00.000Z",
      sequence: 2,
    });
  }, 30_000);

  test("staff see upcoming consultations (who, when, which request) and the booking in the request", async () => {
    expect((await t.request("/api/admin/consultations/upcoming")).status).toBe(401);
    const { consultations } = await json<{ consultations: UpcomingConsultation[] }>(
      t.request("/api/admin/consultations/upcoming", withCookie(admin)),
    );
    expect(consultations).toEqual([
      expect.objectContaining({
        submissionId: dana.submission.id,
        reference: dana.submission.reference,
        name: "Dana Whitfield",
        start: "2026-11-27T15:00:00.000Z",
        label: "Friday, 27 Nov 2026, 10:00 AM EST",
      }),
    ]);
    const detail = await json<{ consultation: ConsultationBooking | null }>(
      t.request(`${API}/${dana.submission.id}/consultation`, withCookie(admin)),
    );
    expect(detail.consultation?.start).toBe("2026-11-27T15:00:00.000Z");
    const none = await json<{ consultation: null }>(
      t.request(`${API}/${lee.submission.id}/consultation`, withCookie(admin)),
    );
    expect(none.consultation).toBeNull();
    expect((await t.request(`${API}/abc/consultation`, withCookie(admin))).status).toBe(404);
    // A well-formed id that names no request is the desk's 404 too, not "no booking".
    const unknown = await t.request(`${API}/999999/consultation`, withCookie(admin));
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({
      status: 404,
      body: { error: "Not found" },
    });
  });

  test("within 24 hours of the start it can no longer be moved or cancelled in the portal", async () => {
    // Thursday 2026-11-26 11:00 in New York: 23 hours before Friday 10:00.
    await at("2026-11-26T16:00:00.000Z");
    const view = await current(dana);
    expect(view?.changeable).toBe(false);
    expect(view?.changeableUntil).toBe("2026-11-26T15:00:00.000Z");
    for (const res of [await move(dana, "2026-11-30T15:00:00.000Z"), await cancel(dana)]) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toContain("less than 24 hours");
    }
    expect((await current(dana))?.start).toBe("2026-11-27T15:00:00.000Z");
    // An hour earlier it could.
    await at("2026-11-26T15:00:00.000Z");
    expect((await cancel(dana)).status).toBe(200);
    expect(await current(dana)).toBeNull();
  });

  test("a request's deletion (retention, erasure, the desk) takes its consultations and their changes with it", async () => {
    expect((await book(dana, "2026-11-30T15:00:00.000Z")).status).toBe(201);
    const count = (sql: string) => t.db.query<{ n: number }, []>(sql).get()?.n;
    expect(count("SELECT count(*) AS n FROM consultations")).toBe(3);
    for (const c of [dana, lee]) {
      const removed = await t.request(
        `${API}/${c.submission.id}`,
        withCookie(admin, { method: "DELETE", headers: ORIGIN }),
      );
      expect(removed.status).toBe(200);
    }
    expect(count("SELECT count(*) AS n FROM consultations")).toBe(0);
    expect(count("SELECT count(*) AS n FROM consultation_changes")).toBe(0);
    const { consultations } = await json<{ consultations: UpcomingConsultation[] }>(
      t.request("/api/admin/consultations/upcoming", withCookie(admin)),
    );
    expect(consultations).toEqual([]);
  });
});
