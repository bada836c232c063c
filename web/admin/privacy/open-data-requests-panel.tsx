import { ArrowRight, FileLock, TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { PATHS } from "../../../src/contracts/paths";
import { DATA_REQUEST_KIND_LABELS } from "../../../src/contracts/privacy";
import { formatLongDate } from "../../lib/dates";
import { daysLeftText, useDataRequests } from "./privacy-api";

/**
 * The open data-rights requests, for the dashboard: soonest due first, overdue ones marked, or a plain
 * sentence that there are none. Self-contained: it loads the list itself.
 */
export function OpenDataRequestsPanel() {
  const { items } = useDataRequests();
  const open = Array.isArray(items) ? items.filter((i) => i.status === "open") : [];
  const overdue = open.filter((i) => (i.daysLeft ?? 0) < 0).length;
  return (
    <section
      aria-labelledby="open-data-requests-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <FileLock className="size-6 shrink-0 text-navy" aria-hidden="true" />
        <h2 id="open-data-requests-title" className="font-serif text-2xl font-bold text-navy">
          Open Data Requests
        </h2>
      </div>
      <div aria-live="polite">
        {items === null && <p className="mt-3 text-ink-muted">Loading data requests...</p>}
        {items === "failed" && <p className="mt-3 text-ink-muted">The data requests could not be loaded.</p>}
        {Array.isArray(items) && open.length === 0 && (
          <p className="mt-3 text-ink-muted">No open data requests: every request has been answered.</p>
        )}
        {open.length > 0 && (
          <p className="mt-3 text-ink">
            {open.length} open {open.length === 1 ? "request" : "requests"}
            {overdue > 0 ? `, ${overdue} overdue` : ""}. Each must be answered by its due date.
          </p>
        )}
      </div>
      {open.length > 0 && (
        <ul className="mt-4 divide-y divide-line">
          {open.map((r) => {
            const late = (r.daysLeft ?? 0) < 0;
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
                <span className="font-semibold text-ink">
                  {DATA_REQUEST_KIND_LABELS[r.kind]} request #{r.id}
                  <span className="font-normal text-ink-muted"> · due {formatLongDate(r.dueAt)}</span>
                </span>
                <span
                  className={`inline-flex items-center gap-1.5 text-sm font-semibold ${late ? "text-danger" : "text-ink"}`}
                >
                  {late && <TriangleAlert className="size-4" aria-hidden="true" />}
                  {daysLeftText(r.daysLeft ?? 0)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        href={PATHS.adminDataRequests}
        className="mt-4 inline-flex items-center gap-1.5 font-semibold text-navy underline-offset-4 hover:underline"
      >
        Open Data Requests screen
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
