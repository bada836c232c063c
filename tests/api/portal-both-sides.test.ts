import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { signIn, withCookie } from "../helpers/admin";
import { makeTestApp } from "../helpers/app";
import { portalClient } from "../helpers/portal-client";

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
  test("opening, consent and signature are each recorded with the client as the actor, never as no one", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const res = await t.request("/api/admin/audit?area=desk", withCookie(admin));
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as { entries: Entry[] };
    const ours = entries.filter(
      (e) => e.detail?.submissionId === c.submission.id && e.event.startsWith("engagement."),
    );
    const byClient = ours.filter((e) =>
      ["engagement.opened", "engagement.consented", "engagement.signed"].includes(e.event),
    );
    expect(byClient.map((e) => e.event).sort()).toEqual([
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
