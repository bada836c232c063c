import { describe, expect, test } from "bun:test";
import type { EngagementProgress } from "../repo/facts";
import { engagementStage } from "./engagement-stage";

const base: EngagementProgress = {
  id: 1,
  submissionId: 7,
  status: "draft",
  feeKind: "flat",
  sentAt: null,
  signedAt: null,
  workStartedAt: null,
  deliveredAt: null,
};

describe("where an engagement stands on the desk's list", () => {
  test("each step of the letter, furthest first, with the time it was taken", () => {
    expect(engagementStage(base, null)).toEqual({ stage: "drafted", at: null, endsOn: null });
    const sent = { ...base, status: "sent" as const, sentAt: "2026-03-02T15:00:00.000Z" };
    expect(engagementStage(sent, null)).toEqual({ stage: "sent", at: sent.sentAt, endsOn: null });
    const signed = { ...sent, status: "signed" as const, signedAt: "2026-03-03T16:00:00.000Z" };
    expect(engagementStage(signed, null).stage).toBe("signed");
    const paid = { ...signed, status: "engaged" as const, workStartedAt: "2026-03-04T14:00:00.000Z" };
    expect(engagementStage(paid, null)).toEqual({ stage: "paid", at: paid.workStartedAt, endsOn: null });
    const delivered = { ...paid, deliveredAt: "2026-04-10T18:00:00.000Z" };
    expect(engagementStage(delivered, null)).toEqual({
      stage: "delivered",
      at: delivered.deliveredAt,
      endsOn: null,
    });
  });

  test("a monthly engagement under way reads as its monitoring: running, ending on its day, ended", () => {
    const monthly = {
      ...base,
      feeKind: "monthly" as const,
      status: "engaged" as const,
      workStartedAt: "2026-03-04T14:00:00.000Z",
      // A sweep report delivered does not end the monitoring.
      deliveredAt: "2026-04-01T14:00:00.000Z",
    };
    expect(engagementStage(monthly, { state: "active", endsOn: null }).stage).toBe("monitoring");
    expect(engagementStage(monthly, { state: "paused", endsOn: null }).stage).toBe("monitoring");
    expect(engagementStage(monthly, { state: "cancelling", endsOn: "2026-05-03" })).toEqual({
      stage: "monitoring-ending",
      at: null,
      endsOn: "2026-05-03",
    });
    expect(engagementStage(monthly, { state: "ended", endsOn: "2026-05-03" }).stage).toBe("monitoring-ended");
    // Signed but its subscription not started yet: the payment is what it waits for.
    const signed = { ...monthly, status: "signed" as const, workStartedAt: null, deliveredAt: null };
    expect(engagementStage(signed, { state: "pending", endsOn: null }).stage).toBe("signed");
  });
});

describe("who a letter several sign waits on (ADR 305)", () => {
  const sent = { ...base, status: "sent" as const, sentAt: "2026-03-02T15:00:00.000Z" };
  test("the first party who has not signed, then the firm; one signer's letter is sent", () => {
    const parties = [
      { role: "counsel" as const, signed: true },
      { role: "client" as const, signed: false },
    ];
    expect(engagementStage({ ...sent, parties }, null)).toEqual({
      stage: "sent",
      at: sent.sentAt,
      endsOn: null,
      awaiting: "client",
    });
    expect(
      engagementStage({ ...sent, parties, roundState: "awaiting-countersignature" }, null).awaiting,
    ).toBe("countersignature");
    expect(
      engagementStage({ ...sent, parties: [parties[1] as (typeof parties)[1]] }, null).awaiting,
    ).toBeUndefined();
    expect(engagementStage({ ...sent, parties, roundState: "declined" }, null).awaiting).toBeUndefined();
  });
});
