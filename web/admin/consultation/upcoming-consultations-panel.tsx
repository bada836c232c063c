import { CalendarClock } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { UpcomingConsultation } from "../../../src/contracts/consultation";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import { getJson } from "../../lib/api";

export const UPCOMING_CONSULTATIONS_API = "/api/admin/consultations/upcoming";

/**
 * The consultations clients have booked, soonest first: who, when (in the firm's zone) and which request.
 * Self-contained: it loads the list itself.
 */
export function UpcomingConsultationsPanel() {
  const [items, setItems] = useState<UpcomingConsultation[] | null | "failed">(null);
  useEffect(() => {
    let live = true;
    getJson<{ consultations: UpcomingConsultation[] }>([UPCOMING_CONSULTATIONS_API]).then(
      (a) => live && setItems(a.consultations),
      () => live && setItems("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section
      aria-labelledby="upcoming-consultations-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <CalendarClock className="size-6 shrink-0 text-navy" aria-hidden="true" />
        <h2 id="upcoming-consultations-title" className="font-serif text-2xl font-bold text-navy">
          Upcoming Consultations
        </h2>
      </div>
      <div aria-live="polite">
        {items === null && <p className="mt-3 text-ink-muted">Loading consultations...</p>}
        {items === "failed" && <p className="mt-3 text-ink-muted">The consultations could not be loaded.</p>}
        {Array.isArray(items) && items.length === 0 && (
          <p className="mt-3 text-ink-muted">No consultations booked.</p>
        )}
      </div>
      {Array.isArray(items) && items.length > 0 && (
        <ul className="mt-4 divide-y divide-line">
          {items.map((c) => (
            <li key={c.start} className="py-2.5">
              <time dateTime={c.start} className="block font-semibold text-ink">
                {c.label}
              </time>
              <span className="text-ink-muted">
                {c.name} ·{" "}
                <Link href={adminSubmissionPath(c.submissionId)} className="text-navy underline">
                  {c.reference}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
