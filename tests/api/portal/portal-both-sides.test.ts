import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { pdf } from "../../helpers/files";
import { deliverReport, portalClient, tus } from "../../helpers/portal-client";

// A sealed signature: slow on a busy machine.
setDefaultTimeout(60_000);

const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  { ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);

type Entry = {
  event: string;
  name: string | null;
  username: string | null;
  detail: { submissionId?: number };
};

describe("the client's steps in the audit log", () => {
  test("opening, consent, signature, an upload and a booking are each recorded with the client as the actor, never as no one", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    // A file sent, then the report delivered and a consultation booked on it.
    const sent = await tus(t.request, c.cookie).upload(pdf(20_000), "Whitfield ledger.pdf");
    expect(sent.response.status).toBe(204);
    await deliverReport(t, admin, c.submission.id);
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(c.cookie))
    ).json()) as ConsultationSlots;
    const booked = await t.request(
      "/api/portal/consultation",
      withCookie(c.cookie, post({ start: slots.slots[0]?.start })),
    );
    expect(booked.status).toBe(201);
    const res = await t.request("/api/admin/audit?area=desk&limit=100", withCookie(admin));
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as { entries: Entry[] };
    const ours = entries.filter(
      (e) =>
        e.detail?.submissionId === c.submission.id && /^(engagement|document|consultation)\./.test(e.event),
    );
    const byClient = ours.filter((e) => e.username === "client (portal)");
    expect(byClient.map((e) => e.event).sort()).toEqual([
      "consultation.booked",
      "document.uploaded",
      "engagement.consented",
      "engagement.opened",
      "engagement.signed",
    ]);
    for (const e of byClient)
      expect({ event: e.event, name: e.name }).toEqual({ event: e.event, name: "Dana Whitfield" });
    // The client's name is sealed at rest, as every name of an intake is: the row holds only the username.
    const rows = t.db
      .query<{ username: string | null; detail: string | null }, []>(
        "SELECT username, detail FROM audit_log WHERE event = 'engagement.signed'",
      )
      .all();
    expect(rows.map((r) => r.username)).toEqual(["client (portal)"]);
    expect(rows.some((r) => (r.detail ?? "").includes("Dana"))).toBe(false);
  });
});
