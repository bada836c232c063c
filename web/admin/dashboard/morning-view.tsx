import { AlertTriangle, ArrowRight } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { type DeskOverview, FAILED_MAIL_MAX } from "../../../src/contracts/desk";
import { SERVICE_LABELS } from "../../../src/contracts/intake-labels";
import { adminSubmissionPath, PATHS } from "../../../src/contracts/paths";
import { getJson } from "../../lib/api";
import { deliveryText, mailKindLabel } from "../desk";
import { DueBadge } from "../shared/due-badge";

export const DESK_OVERVIEW_API = "/api/admin/desk/overview";
/** The labels age ("due in 3 h"): the view asks again every minute while it is open. */
const REFRESH_MS = 60_000;

const serviceLabel = (s: string) => SERVICE_LABELS[s as keyof typeof SERVICE_LABELS] ?? s;
const waitingLink = `${PATHS.adminSubmissions}?sort=due`;
const overdueLink = `${PATHS.adminSubmissions}?sort=due&overdue=1`;

/** The desk's figures for the morning view, refreshed every minute; null until loaded, "failed" on error. */
export function useDeskOverview(enabled = true): DeskOverview | null | "failed" {
  const [overview, setOverview] = useState<DeskOverview | null | "failed">(null);
  useEffect(() => {
    // A role without the desk is not asked to load its figures (the server would refuse them).
    if (!enabled) return;
    let live = true;
    const load = () =>
      getJson<DeskOverview>([DESK_OVERVIEW_API]).then(
        (o) => live && setOverview(o),
        () => live && setOverview((prev) => (prev && prev !== "failed" ? prev : "failed")),
      );
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [enabled]);
  return overview;
}

/** One panel of the dashboard's grid; panels from other features use it too. */
export function DashboardPanel({
  id,
  title,
  wide,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-line bg-white p-5 shadow-sm sm:p-6 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={id} className="font-serif text-xl font-bold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** New today, waiting, overdue: three figures, each a way into the list. */
export function DeskCounts({ overview }: { overview: DeskOverview }) {
  const { newToday, waiting, overdue } = overview.counts;
  const tile =
    "flex h-full flex-col rounded-xl border bg-white p-3 text-sm no-underline shadow-sm hover:shadow-md sm:p-5 sm:text-base";
  return (
    <ul aria-label="Today at the desk" className="grid grid-cols-3 gap-2 sm:gap-4">
      <li>
        <Link href={PATHS.adminSubmissions} className={`${tile} border-line text-ink`}>
          <span className="text-3xl font-bold text-navy">{newToday}</span>
          <span className="font-semibold">New today</span>
        </Link>
      </li>
      <li>
        <Link href={waitingLink} className={`${tile} border-line text-ink`}>
          <span className="text-3xl font-bold text-navy">{waiting}</span>
          <span className="font-semibold">
            Waiting<span className="sr-only sm:not-sr-only"> for a first response</span>
          </span>
        </Link>
      </li>
      <li>
        <Link
          href={overdueLink}
          className={`${tile} ${overdue > 0 ? "border-danger bg-danger-light text-danger" : "border-line text-ink"}`}
        >
          <span className={`text-3xl font-bold ${overdue > 0 ? "text-danger" : "text-navy"}`}>{overdue}</span>
          <span className="font-semibold">Overdue</span>
        </Link>
      </li>
    </ul>
  );
}

export function WaitingPanel({ overview }: { overview: DeskOverview }) {
  const { waiting, counts } = overview;
  return (
    <DashboardPanel id="waiting-title" title="Waiting for a first response" wide>
      {waiting.length === 0 ? (
        <p className="mt-3 text-ink-muted">Nothing is waiting: every request has had its first response.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">Soonest due first.</p>
          <ol className="mt-3 divide-y divide-line">
            {waiting.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
                <span className="min-w-0">
                  <Link href={adminSubmissionPath(w.id)} className="font-semibold text-navy underline">
                    {w.name}
                  </Link>
                  <span className="ml-2 text-ink">{serviceLabel(w.desiredService)}</span>
                  <span className="ml-2 font-mono text-xs text-ink-muted">{w.reference}</span>
                </span>
                <DueBadge due={w.due} />
              </li>
            ))}
          </ol>
          {counts.waiting > waiting.length && (
            <Link
              href={waitingLink}
              className="mt-3 inline-flex items-center gap-1.5 font-semibold text-navy underline"
            >
              All {counts.waiting} waiting requests
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          )}
        </>
      )}
    </DashboardPanel>
  );
}

/** Deliveries owed on engaged requests, soonest due first, on the same business clock as first responses. */
export function DeliveriesPanel({ overview }: { overview: DeskOverview }) {
  const { deliveries, counts } = overview;
  return (
    <DashboardPanel id="deliveries-title" title="Deliveries due" wide>
      {deliveries.length === 0 ? (
        <p className="mt-3 text-ink-muted">
          No delivery is owed: no engaged request is waiting for its report.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {counts.deliveriesDue} owed
            {counts.deliveriesOverdue > 0 ? `, ${counts.deliveriesOverdue} overdue` : ""}; soonest due first.
          </p>
          <ol className="mt-3 divide-y divide-line">
            {deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
                <span className="min-w-0">
                  <Link href={adminSubmissionPath(d.id)} className="font-semibold text-navy underline">
                    {d.name}
                  </Link>
                  <span className="ml-2 text-ink">{serviceLabel(d.desiredService)}</span>
                  <span className="ml-2 font-mono text-xs text-ink-muted">{d.reference}</span>
                </span>
                <DueBadge due={d.due} what="Delivery" />
              </li>
            ))}
          </ol>
        </>
      )}
    </DashboardPanel>
  );
}

export function FirstResponsePanel({ overview }: { overview: DeskOverview }) {
  const f = overview.firstResponse;
  return (
    <DashboardPanel id="first-response-title" title={`First response, last ${f.days} days`}>
      {f.answered === 0 || !f.medianLabel || !f.p90Label ? (
        <p className="mt-3 text-ink-muted">
          No request received in the last {f.days} days has had its first response yet.
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm font-semibold text-ink-muted">Median</dt>
              <dd className="text-2xl font-bold text-navy">{f.medianLabel}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-muted">90th percentile</dt>
              <dd className="text-2xl font-bold text-navy">{f.p90Label}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-ink-muted">
            In business hours from arrival, over {f.answered} answered{" "}
            {f.answered === 1 ? "request" : "requests"}. The promise is {overview.settings.slaHours} business
            hours.
          </p>
        </>
      )}
    </DashboardPanel>
  );
}

/** The panel lists the newest few; the rest are counted (each request's page shows and retries its own). */
const FAILED_SHOWN = 5;

export function FailedMailPanel({ overview }: { overview: DeskOverview }) {
  const mail = overview.failedMail.slice(0, FAILED_SHOWN);
  const more = overview.failedMail.length - mail.length;
  return (
    <DashboardPanel id="failed-mail-title" title="Mail that failed">
      {!overview.mailConfigured && (
        <p className="mt-3 rounded-md border border-gold bg-gold-light p-3 text-sm text-ink">
          Mail is not configured on this server (SMTP_URL is not set): nothing is sent. Queued email waits and
          goes out once it is set.
        </p>
      )}
      {mail.length === 0 ? (
        overview.mailConfigured && (
          <p className="mt-3 text-ink-muted">
            No failed email: everything queued has gone out or is on its way.
          </p>
        )
      ) : (
        <ul className="mt-3 grid gap-3">
          {mail.map((m) => (
            <li key={m.id} className="flex gap-2.5">
              <AlertTriangle className="mt-1 size-4 shrink-0 text-danger" aria-hidden="true" />
              <span className="min-w-0">
                <span className="font-semibold text-ink">{mailKindLabel(m.kind)}</span>
                {m.reference && m.submissionId !== null && (
                  <>
                    {" for "}
                    <Link
                      href={adminSubmissionPath(m.submissionId)}
                      className="font-mono text-navy underline"
                    >
                      {m.reference}
                    </Link>
                  </>
                )}
                <span className="block text-sm text-ink-muted">{deliveryText(m)}</span>
                {m.lastError && (
                  <span className="block break-words text-sm text-ink-muted">{m.lastError}</span>
                )}
              </span>
            </li>
          ))}
          {more > 0 && (
            <li className="text-sm text-ink-muted">
              And {more}
              {overview.failedMail.length >= FAILED_MAIL_MAX ? "+" : ""} more: each request's page shows its
              email and can send it again.
            </li>
          )}
        </ul>
      )}
    </DashboardPanel>
  );
}
