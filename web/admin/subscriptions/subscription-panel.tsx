import { useEffect, useState } from "react";
import type { SubscriptionView } from "../../../src/contracts/subscriptions";
import { type MonitoringAction, MonitoringCard } from "../../components/monitoring-card";
import { apiAnswer } from "../../lib/api";
import { useAcceptedChanges } from "../shared/use-accepted-changes";

const api = (id: number) => `/api/admin/submissions/${id}/subscription`;

/**
 * The request's Judgment Intel monitoring, as the client sees it, with staff's own Pause, Resume and Cancel
 * (audited under their name, the client told by e-mail). Nothing shows for a request without a subscription.
 */
export function SubscriptionPanel({ submissionId }: { submissionId: number }) {
  const [view, setView] = useState<SubscriptionView | null>(null);
  const [today, setToday] = useState<string | null>(null);
  // A payment recorded in the engagement's panel starts the subscription: read again after any change.
  const changes = useAcceptedChanges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read it again.
  useEffect(() => {
    let live = true;
    // Only a monthly engagement has a subscription: the engagement says so first, and its firm's today is what
    // the confirmations count from. Any other request is never asked for one (that answer is a 404).
    apiAnswer<{ engagement: { feeKind: string; firmToday: string } | null }>(
      "GET",
      `/api/admin/submissions/${submissionId}/engagement`,
    ).then(async (e) => {
      const engagement = e.ok ? e.data.engagement : null;
      if (!live || engagement?.feeKind !== "monthly") return;
      const a = await apiAnswer<SubscriptionView>("GET", api(submissionId));
      if (!live) return;
      setToday(engagement.firmToday);
      setView(a.ok ? a.data : null);
    });
    return () => {
      live = false;
    };
  }, [submissionId, changes]);
  if (!view || !today) return null;
  return (
    <MonitoringCard
      heading="Monitoring (Judgment Intel)"
      subscription={view}
      today={today}
      act={async (action: MonitoringAction) => {
        const a = await apiAnswer<SubscriptionView>("POST", `${api(submissionId)}/${action}`, {});
        return a.ok ? a : { ok: false, error: a.error };
      }}
    />
  );
}
