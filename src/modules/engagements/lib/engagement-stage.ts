import type { EngagementStage } from "../../../contracts/submissions";
import type { SubscriptionState } from "../../../contracts/subscriptions";
import type { EngagementProgress } from "../repo/facts";

/** What the stage needs of a monthly engagement's subscription: its state and the day it ends on. */
export type MonitoringStanding = { state: SubscriptionState; endsOn: string | null };

/**
 * Where an engagement stands, furthest step first: a monthly engagement under way reads as its monitoring
 * (running, ending on a day, ended); any other delivered report as delivered; then paid (the work clock runs),
 * signed, sent, drafted. Read from the engagement's own times, so the list and the detail say the same.
 */
export function engagementStage(
  e: EngagementProgress,
  monitoring: MonitoringStanding | null,
): EngagementStage {
  const at = (stage: EngagementStage["stage"], time: string | null): EngagementStage => ({
    stage,
    at: time,
    endsOn: null,
  });
  if (e.status === "engaged" && monitoring && monitoring.state !== "pending") {
    if (monitoring.state === "ended")
      return { stage: "monitoring-ended", at: null, endsOn: monitoring.endsOn };
    if (monitoring.state === "cancelling")
      return { stage: "monitoring-ending", at: null, endsOn: monitoring.endsOn };
    return at("monitoring", e.workStartedAt);
  }
  if (e.deliveredAt) return at("delivered", e.deliveredAt);
  if (e.status === "engaged") return at("paid", e.workStartedAt);
  if (e.status === "signed") return at("signed", e.signedAt);
  if (e.status === "sent") {
    // A letter that binds several (or waits on the firm) says who is awaited now (ADR 305); one signer's, sent.
    if (e.roundState === "awaiting-countersignature")
      return { ...at("sent", e.sentAt), awaiting: "countersignature" };
    const parties = e.parties ?? [];
    const next = parties.find((p) => !p.signed);
    if (!e.roundState && parties.length > 1 && next) return { ...at("sent", e.sentAt), awaiting: next.role };
    return at("sent", e.sentAt);
  }
  return at("drafted", null);
}
