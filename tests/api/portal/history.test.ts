import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ConsultationSlots } from "../../../src/contracts/consultation";
import type { SubmissionDetail } from "../../../src/contracts/submissions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { pdf } from "../../helpers/files";
import { deliverReport, heldToken, portalClient, tus } from "../../helpers/portal-client";

// A sealed signature: slow on a busy machine.
setDefaultTimeout(60_000);

/**
 * The request's history on the desk lists every step of its portal (issue 44), read from the audit log where each
 * is recorded: the client's under their name, the desk's under the colleague's, in the order they happened.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
const API = "/api/admin/submissions";
const tick = () => {
  clock.at = new Date(clock.at.getTime() + 60_000);
};
const MONTHLY = {
  scope: "Quarterly public-records sweeps on the judgment debtors named below, reported to counsel.",
  feeCents: 75_000,
  feeKind: "monthly",
  turnaroundBusinessDays: 60,
  expedite: false,
  subjects: ["Quarrendel Estates Omicron LLC"],
};

const history = async (admin: string, id: number) => {
  const detail = (await (await t.request(`${API}/${id}`, withCookie(admin))).json()) as SubmissionDetail;
  return detail.timeline.flatMap((e) =>
    e.kind === "portal" ? [`${e.step.event} by ${e.step.by}${e.step.byClient ? " (client)" : ""}`] : [],
  );
};

describe("the request's history lists every portal action", () => {
  test("opening, consent, signature, an upload, a booking, payments and the ways back, each under who took it", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    tick();
    expect((await tus(t.request, c.cookie).upload(pdf(20_000), "Ledger.pdf")).response.status).toBe(204);
    tick();
    const paid = await t.request(
      `${API}/${c.submission.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 350_000, receivedOn: "2026-11-16", method: "Wire" })),
    );
    expect(paid.status).toBe(201);
    tick();
    await deliverReport(t, admin, c.submission.id);
    tick();
    const slots = (await (
      await t.request("/api/portal/consultation/slots", withCookie(c.cookie))
    ).json()) as ConsultationSlots;
    expect(
      (
        await t.request(
          "/api/portal/consultation",
          withCookie(c.cookie, post({ start: slots.slots[0]?.start })),
        )
      ).status,
    ).toBe(201);
    tick();
    // A fresh link opened with "Keep me signed in on this device".
    await t.request(`${API}/${c.submission.id}/engagement/send`, withCookie(admin, post()));
    tick();
    const kept = await t.request(
      "/api/portal/session",
      post({ token: heldToken(t, c.engagementId), remember: true }),
    );
    expect(kept.status).toBe(200);

    expect(await history(admin, c.submission.id)).toEqual([
      "engagement.sent by morgan",
      "engagement.opened by Dana Whitfield (client)",
      "engagement.consented by Dana Whitfield (client)",
      "engagement.signed by Dana Whitfield (client)",
      "document.uploaded by Dana Whitfield (client)",
      "engagement.payment by morgan",
      "document.report by morgan",
      "consultation.booked by Dana Whitfield (client)",
      "engagement.sent by morgan",
      "engagement.opened by Dana Whitfield (client)",
      "engagement.device_kept by Dana Whitfield (client)",
    ]);
    // Another request's history holds none of it.
    const other = await portalClient(t, clock.at, admin, {
      email: "lee@elsewhere.example",
      intake: { name: "Lee Oduya" },
    });
    const theirs = await history(admin, other.submission.id);
    expect(theirs).toContain("engagement.signed by Lee Oduya (client)");
    expect(theirs.filter((s) => s.includes("Dana"))).toEqual([]);
  });

  test("monitoring paused, resumed and cancelled by the client are in the history too", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, {
      email: "counsel@harborlaw.example",
      intake: { role: "attorney", desiredService: "judgment-intel", name: "Avery Holt" },
      draft: MONTHLY,
    });
    const paid = await t.request(
      `${API}/${c.submission.id}/engagement/payments`,
      withCookie(admin, post({ amountCents: 75_000, receivedOn: "2026-11-16", method: "Wire" })),
    );
    expect(paid.status).toBe(201);
    for (const action of ["pause", "resume", "cancel"]) {
      tick();
      const res = await t.request(`/api/portal/subscription/${action}`, withCookie(c.cookie, post({})));
      expect(res.status).toBe(200);
    }
    const steps = await history(admin, c.submission.id);
    expect(steps.slice(-3)).toEqual([
      "subscription.paused by Avery Holt (client)",
      "subscription.resumed by Avery Holt (client)",
      "subscription.cancelled by Avery Holt (client)",
    ]);
  });
});
