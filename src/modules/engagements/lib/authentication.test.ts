import { expect, test } from "bun:test";
import { certificateAuthentication } from "./authentication";

const NY = "America/New_York";
const sent = (at: string) => ({ kind: "sent", at, ip: null });
const opened = (at: string, ip: string) => ({ kind: "opened", at, ip });

test("one single-use link: when it was emailed, and when and from where it opened the portal, once", () => {
  const events = [sent("2026-11-16T15:00:00.000Z"), opened("2026-11-16T15:05:00.000Z", "203.0.113.7")];
  const used = [{ createdAt: "2026-11-16T15:00:00.000Z", usedAt: "2026-11-16T15:05:00.000Z" }];
  expect(certificateAuthentication(events, used, NY)).toBe(
    "The single-use link emailed to the client's address on 16 Nov 2026, 10:00:00 AM EST, opened once, on 16 Nov 2026, 10:05:00 AM EST from 203.0.113.7; it opened a portal session bound to this engagement only.",
  );
});

test("a link emailed before links were single-use and opened three times over 14 days is not called single-use", () => {
  // The engagement: one link, three sessions; then, after the upgrade, a single-use link to sign with.
  const events = [
    sent("2026-11-02T15:00:00.000Z"),
    opened("2026-11-02T16:00:00.000Z", "203.0.113.7"),
    opened("2026-11-09T16:00:00.000Z", "203.0.113.8"),
    opened("2026-11-15T16:00:00.000Z", "203.0.113.9"),
    sent("2026-11-16T15:00:00.000Z"),
    opened("2026-11-16T15:05:00.000Z", "192.0.2.44"),
  ];
  const used = [
    // The old link, marked used at the upgrade: no opening is its single use.
    { createdAt: "2026-11-02T15:00:00.000Z", usedAt: "2026-11-15T20:00:00.000Z" },
    { createdAt: "2026-11-16T15:00:00.000Z", usedAt: "2026-11-16T15:05:00.000Z" },
  ];
  const text = certificateAuthentication(events, used, NY);
  expect(text).toStartWith(
    "Links emailed to the client's address, each opening portal sessions bound to this engagement only:",
  );
  expect(text).not.toStartWith("The single-use");
  expect(text).toContain(
    "the link emailed 2 Nov 2026, 10:00:00 AM EST, opened 3 times (on 2 Nov 2026, 11:00:00 AM EST from 203.0.113.7; on 9 Nov 2026, 11:00:00 AM EST from 203.0.113.8; on 15 Nov 2026, 11:00:00 AM EST from 203.0.113.9), emailed before links were single-use",
  );
  expect(text).toContain(
    "the single-use link emailed 16 Nov 2026, 10:00:00 AM EST, opened once, on 16 Nov 2026, 10:05:00 AM EST from 192.0.2.44.",
  );
});

test("openings by replaced links before the upgrade are told under the link each followed", () => {
  const events = [
    sent("2026-11-02T15:00:00.000Z"),
    opened("2026-11-02T16:00:00.000Z", "203.0.113.7"),
    sent("2026-11-05T15:00:00.000Z"),
    opened("2026-11-05T16:00:00.000Z", "203.0.113.8"),
  ];
  const text = certificateAuthentication(events, [], NY);
  expect(text).toContain(
    "the link emailed 2 Nov 2026, 10:00:00 AM EST, opened once (on 2 Nov 2026, 11:00:00 AM EST from 203.0.113.7)",
  );
  expect(text).toContain(
    "the link emailed 5 Nov 2026, 10:00:00 AM EST, opened once (on 5 Nov 2026, 11:00:00 AM EST from 203.0.113.8)",
  );
});

test("sessions opened on a kept device or with a passkey are told after the link that began them (ADR 299)", () => {
  const events = [
    sent("2026-11-16T15:00:00.000Z"),
    opened("2026-11-16T15:05:00.000Z", "203.0.113.7"),
    { kind: "device-kept", at: "2026-11-16T15:05:00.000Z", ip: "203.0.113.7" },
    { kind: "device-opened", at: "2026-11-18T15:05:00.000Z", ip: "203.0.113.7" },
    { kind: "device-opened", at: "2026-11-19T15:05:00.000Z", ip: "203.0.113.7" },
    { kind: "passkey-opened", at: "2026-11-20T15:05:00.000Z", ip: "198.51.100.2" },
  ];
  const used = [{ createdAt: "2026-11-16T15:00:00.000Z", usedAt: "2026-11-16T15:05:00.000Z" }];
  expect(certificateAuthentication(events, used, NY)).toEndWith(
    "it opened a portal session bound to this engagement only. The portal was also opened without a new link, each time bound to this engagement only: 2 times on a browser the client chose to keep signed in for 30 days after such a link opened it; once with a passkey the client added in a session such a link opened.",
  );
});
