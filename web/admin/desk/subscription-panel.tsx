import { useEffect, useState } from "react";
import type { SubscriptionView } from "../../../src/contracts/subscriptions";
import { type MonitoringAction, MonitoringCard } from "../../components/monitoring-card";
import { apiAnswer } from "../../lib/api";

const api = (id: number) => `/api/admin/submissions/${id}/subscription`;

/**
 * The request's Judgment Intel monitoring, as the client sees it, with staff's own Pause, Resume and Cancel
 * (audited under their name, the client told by e-mail). Nothing shows for a request without a subscription.
 */
export function SubscriptionPanel({ submissionId }: { submissionId: number }) {
  const [view, setView] = useState<SubscriptionView | null>(null);
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    apiAnswer<SubscriptionView>("GET", api(submissionId)).then((a) => setView(a.ok ? a.data : null));
    // The firm's today, which the confirmations count from, as the engagement states it.
    apiAnswer<{ engagement: { firmToday: string } | null }>(
      "GET",
      `/api/admin/submissions/${submissionId}/engagement`,
    ).then((a) => setToday(a.ok ? (a.data.engagement?.firmToday ?? null) : null));
  }, [submissionId]);
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
