import { useEffect, useState } from "react";
import type { DeskSources, SourceCount } from "../../../src/contracts/submissions";
import { getJson } from "../../lib/api";
import { deskApi, landingLabel } from "./desk-labels";

type State = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; sources: DeskSources };

/**
 * Where requests came from over the last 90 days: by the first page of the visit and by the referring site,
 * so the firm sees which articles and services bring work. Self-contained: it loads its own data.
 */
export function SourcesPanel() {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    getJson<DeskSources>([deskApi.sources]).then(
      (sources) => live && setState({ kind: "ready", sources }),
      () => live && setState({ kind: "failed" }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-labelledby="sources-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="sources-title" className="font-serif text-xl font-bold text-navy">
        Where requests come from
      </h2>
      {state.kind === "loading" && <p className="mt-3 text-ink-muted">Loading the last 90 days...</p>}
      {state.kind === "failed" && (
        <p className="mt-3 text-ink-muted">The sources could not be loaded. Reload the page to try again.</p>
      )}
      {state.kind === "ready" && <SourcesBody sources={state.sources} />}
    </section>
  );
}

function SourcesBody({ sources }: { sources: DeskSources }) {
  const { days, total, withLanding, withReferrer } = sources;
  if (total === 0) {
    return <p className="mt-3 text-ink-muted">No requests in the last {days} days.</p>;
  }
  return (
    <>
      <p className="mt-1 text-sm text-ink-muted">
        {total === 1 ? "One request" : `${total} requests`} in the last {days} days. The site learns the first
        page and the referring site only when the visitor's browser runs its script.
      </p>
      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <SourceList
          id="sources-landing"
          title="First page of the visit"
          counts={sources.landingPages}
          unknown={total - withLanding}
          unknownLabel="Not known"
          link
        />
        <SourceList
          id="sources-referrers"
          title="Referring site"
          counts={sources.referrers}
          unknown={total - withReferrer}
          unknownLabel="No other site, or not known"
        />
      </div>
    </>
  );
}

function SourceList({
  id,
  title,
  counts,
  unknown,
  unknownLabel,
  link,
}: {
  id: string;
  title: string;
  counts: SourceCount[];
  unknown: number;
  unknownLabel: string;
  link?: boolean;
}) {
  const rows = [
    ...counts.map((c) => ({ ...c, known: true })),
    { value: unknownLabel, count: unknown, known: false },
  ].filter((r) => r.count > 0);
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <div>
      <h3 id={id} className="font-semibold text-ink">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-2 grid gap-2">
        {rows.map((r) => (
          <li key={`${r.known}-${r.value}`} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              {r.known && link ? (
                <a href={r.value} className="inline-block min-h-6 min-w-0 break-words text-navy underline">
                  {landingLabel(r.value)}
                </a>
              ) : (
                <span className={`min-w-0 break-words ${r.known ? "text-ink" : "text-ink-muted"}`}>
                  {r.value}
                </span>
              )}
              <span className="shrink-0 font-semibold tabular-nums text-ink">{r.count}</span>
            </div>
            <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-paper-deep">
              <div
                className={`h-1.5 rounded-full ${r.known ? "bg-navy" : "bg-ink-muted"} ${barWidth(r.count, max)}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Classes, not style props (the CSP has no 'unsafe-inline' for styles): the bar in twelfths of the largest count.
const WIDTHS = [
  "w-1/12",
  "w-2/12",
  "w-3/12",
  "w-4/12",
  "w-5/12",
  "w-6/12",
  "w-7/12",
  "w-8/12",
  "w-9/12",
  "w-10/12",
  "w-11/12",
  "w-full",
] as const;
const barWidth = (count: number, max: number) =>
  WIDTHS[Math.max(0, Math.ceil((count / max) * 12) - 1)] ?? "w-full";
