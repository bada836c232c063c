import { PORTAL_FOCUS } from "../../src/contracts/portal";
import type { SubscriptionView } from "../../src/contracts/subscriptions";
import { type MonitoringAction, MonitoringCard } from "../components/monitoring-card";
import { type PortalEngagement, portalCall } from "./portal-api";

/** The portal's Monitoring card: the client pauses, resumes or cancels through the session's own engagement. */
export function MonitoringSection({
  engagement,
  onChanged,
}: {
  engagement: PortalEngagement;
  /** After a move the server accepted: the page reads the engagement again (its steps say the new state). */
  onChanged?: () => void;
}) {
  if (!engagement.subscription) return null;
  return (
    <MonitoringCard
      subscription={engagement.subscription}
      today={engagement.firmToday}
      titleId={PORTAL_FOCUS.monitoring}
      act={async (action: MonitoringAction) => {
        const answer = await portalCall<SubscriptionView>(`/subscription/${action}`, {});
        if (answer.ok) onChanged?.();
        return answer.ok ? answer : { ok: false, error: answer.error };
      }}
    />
  );
}
