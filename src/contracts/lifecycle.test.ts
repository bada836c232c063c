import { describe, expect, test } from "bun:test";
import { SUBMISSION_STATUSES } from "./intake";
import {
  allowed,
  ENGAGEMENT_STAGES,
  engagementStage,
  LIFECYCLE_ACTIONS,
  lifecycleRefusal,
  reportedStatus,
  requestPhase,
} from "./lifecycle";
import { SUBSCRIPTION_STATES } from "./subscriptions";

describe("the lifecycle table", () => {
  test("every refusal, in every state, is a whole sentence for the person who tried", () => {
    for (const request of SUBMISSION_STATUSES)
      for (const engagement of ENGAGEMENT_STAGES)
        for (const subscription of [null, ...SUBSCRIPTION_STATES])
          for (const action of LIFECYCLE_ACTIONS) {
            const why = lifecycleRefusal({ request, engagement, subscription }, action);
            if (why !== null)
              expect({ action, why }).toEqual({ action, why: expect.stringMatching(/^[A-Z].{20,}\.$/) });
          }
  });

  test("a closed or declined request takes no consent, signature, file, booking, month or sweep, whatever its stage", () => {
    for (const request of ["closed", "declined"] as const)
      for (const engagement of ENGAGEMENT_STAGES)
        for (const action of [
          "open",
          "consent",
          "sign",
          "upload",
          "book",
          "charge",
          "sweep",
          "send",
        ] as const)
          expect(lifecycleRefusal({ request, engagement, subscription: "active" }, action)).toStartWith(
            request === "closed" ? "This request is closed, so " : "This request was declined, so ",
          );
    expect(lifecycleRefusal({ request: "closed", engagement: "consented", subscription: null }, "sign")).toBe(
      "This request is closed, so its letter can no longer be signed.",
    );
  });

  test("closing is always allowed, and money owed on a signed letter is still recorded and stated", () => {
    for (const request of SUBMISSION_STATUSES)
      for (const engagement of ENGAGEMENT_STAGES) {
        expect(lifecycleRefusal({ request, engagement, subscription: null }, "close")).toBeNull();
        expect(lifecycleRefusal({ request, engagement, subscription: null }, "statement")).toBeNull();
      }
    expect(
      lifecycleRefusal({ request: "closed", engagement: "signed", subscription: null }, "record-payment"),
    ).toBeNull();
    expect(
      lifecycleRefusal({ request: "closed", engagement: "sent", subscription: null }, "record-payment"),
    ).toContain("never signed");
  });

  test("an open request's engagement: consent before the signature, the signature once, files after it", () => {
    const open = (engagement: (typeof ENGAGEMENT_STAGES)[number]) => ({
      request: "in-review" as const,
      engagement,
      subscription: null,
    });
    expect(lifecycleRefusal(open("sent"), "sign")).toBe(
      "Please read and accept the consumer disclosure before signing.",
    );
    expect(lifecycleRefusal(open("consented"), "sign")).toBeNull();
    expect(lifecycleRefusal(open("signed"), "sign")).toBe("This letter is already signed.");
    expect(lifecycleRefusal(open("consented"), "upload")).not.toBeNull();
    expect(lifecycleRefusal(open("signed"), "upload")).toBeNull();
    expect(requestPhase("engaged")).toBe("open");
  });

  test("the stage is read from the stored row: consent, delivery", () => {
    const row = { consentedAt: null, deliveredAt: null };
    expect(engagementStage({ ...row, status: "sent" })).toBe("sent");
    expect(engagementStage({ ...row, status: "sent", consentedAt: "2026-11-16T15:00:00.000Z" })).toBe(
      "consented",
    );
    expect(engagementStage({ ...row, status: "engaged", deliveredAt: "2026-11-20T15:00:00.000Z" })).toBe(
      "delivered",
    );
    expect(engagementStage({ ...row, status: "signed", deliveredAt: "2026-11-20T15:00:00.000Z" })).toBe(
      "delivered",
    );
    expect(engagementStage({ ...row, status: "draft" })).toBe("draft");
  });
});

describe("the status an engagement's answers report (ADR 305)", () => {
  const sent = { status: "sent" as const, consentedAt: "2026-11-18T15:00:00.000Z", deliveredAt: null };
  test("a letter every party signed that waits on the firm says so, and allows nothing a signed letter does", () => {
    const waiting = { ...sent, roundState: "awaiting-countersignature" as const };
    expect(reportedStatus(waiting)).toBe("awaiting-countersignature");
    const state = { request: "engaged" as const, engagement: engagementStage(waiting), subscription: null };
    for (const action of ["deliver", "upload", "charge", "request-documents"] as const)
      expect(allowed(state, action)).toBe(false);
    expect(allowed(state, "countersign")).toBe(true);
  });
  test("every other state reports the status stored", () => {
    expect(reportedStatus(sent)).toBe("sent");
    expect(reportedStatus({ ...sent, roundState: "declined" })).toBe("sent");
    expect(reportedStatus({ ...sent, status: "signed" })).toBe("signed");
    expect(reportedStatus({ ...sent, status: "draft", consentedAt: null })).toBe("draft");
  });
});
