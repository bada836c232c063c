import { useEffect, useState } from "react";
import type { ConsultationBooking } from "../../../src/contracts/consultation";
import { getJson } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { useAcceptedChanges } from "../shared/use-accepted-changes";

/** The request's consultation in the desk: when it is, when it was booked, or that none is booked. */
export function ConsultationPanel({ submissionId }: { submissionId: number }) {
  const [state, setState] = useState<ConsultationBooking | null | undefined | "failed">(undefined);
  const changes = useAcceptedChanges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read it again.
  useEffect(() => {
    let live = true;
    getJson<{ consultation: ConsultationBooking | null }>([
      `/api/admin/submissions/${submissionId}/consultation`,
    ]).then(
      (a) => live && setState(a.consultation),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [submissionId, changes]);
  return (
    <section
      aria-labelledby="consultation-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="consultation-title" className="font-serif text-xl font-bold text-navy">
        Consultation
      </h2>
      <div aria-live="polite" className="mt-3 text-sm">
        {state === undefined && <p className="text-ink-muted">Loading the consultation...</p>}
        {state === "failed" && <p className="text-ink-muted">The consultation could not be loaded.</p>}
        {state === null && (
          <p className="text-ink-muted">
            No consultation booked. The client can book one in the portal once the report is delivered.
          </p>
        )}
        {state && typeof state === "object" && (
          <>
            <p className="font-semibold text-ink">
              <time dateTime={state.start}>{state.label}</time>
            </p>
            <p className="text-ink-muted">
              Booked {formatDateTime(state.bookedAt)}.{" "}
              {state.changeable
                ? `The client can move or cancel it until ${formatDateTime(state.changeableUntil)}.`
                : "It can no longer be moved or cancelled in the portal."}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
