import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { invitation } from "./mail";

const change = {
  id: 1,
  kind: "booked" as const,
  startsAt: "2026-11-30T14:00:00.000Z",
  previousStartsAt: null,
  sequence: 0,
  at: "2026-11-26T12:00:00.000Z",
  uid: "abc123",
  submissionId: 1,
  label: "Monday, November 30, 9:00 AM EST",
  previousLabel: null,
};

describe("the consultation's calendar invitation", () => {
  test("a name with quotes, a semicolon and a comma stays one attendee parameter a parser reads back", () => {
    const ics = invitation(
      change,
      {
        host: "tracewell.example",
        firm: 'Tracewell "Forensics", LLC',
        firmEmail: "desk@tracewell.example",
        client: { name: 'Dana "DW" O\'Brien; Esq.', email: "dana+case@example.com" },
      },
      { summary: "Consultation, with; punctuation", description: "Line one\nLine two" },
    );
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
    const attendee = event?.getFirstProperty("attendee");
    expect(attendee?.getParameter("cn")).toBe("Dana 'DW' O'Brien; Esq.");
    expect(attendee?.getFirstValue()).toBe("mailto:dana+case@example.com");
    expect(event?.getFirstProperty("organizer")?.getParameter("cn")).toBe("Tracewell 'Forensics', LLC");
    expect(event?.getFirstPropertyValue("summary")).toBe("Consultation, with; punctuation");
    expect(event?.getFirstPropertyValue("description")).toBe("Line one\nLine two");
    expect(event?.getFirstPropertyValue("uid")).toBe("abc123@tracewell.example");
    expect(event?.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-26T12:00:00Z");
  });
});
