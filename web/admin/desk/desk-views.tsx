import { useEffect, useState } from "react";
import { Link } from "wouter";
import {
  DESK_VIEW_HINTS,
  DESK_VIEW_LABELS,
  DESK_VIEWS,
  DESK_VIEWS_API,
  type DeskView,
  type DeskViewCounts,
} from "../../../src/contracts/desk-views";
import { PATHS } from "../../../src/contracts/paths";
import { getJson } from "../../lib/api";
import { type DeskQuery, deskQueryString } from "./desk-labels";

/** The desk's address with the board in place of the list. */
export const BOARD_QUERY = "layout=board";

/**
 * The desk's saved views (ADR 301): My queue, Overdue and the engagement's stages, each a link into the list with
 * how many open requests it holds now, the current one marked. A view keeps the search and filters chosen beside
 * it. Counts are asked again whenever the list is (`reloadKey`), so a change made on the list shows in them.
 */
export function DeskViews({
  query,
  reloadKey,
  board = false,
}: {
  query: DeskQuery;
  reloadKey: string;
  /** The board is open in place of the list (`?layout=board`). */
  board?: boolean;
}) {
  const [counts, setCounts] = useState<DeskViewCounts["counts"] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again each time the list is (reloadKey)
  useEffect(() => {
    let live = true;
    getJson<DeskViewCounts>([DESK_VIEWS_API]).then(
      (a) => live && setCounts(a.counts),
      // The views still lead to their lists; only the figures are missing.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [reloadKey]);
  const href = (view: DeskView | "") => {
    const qs = deskQueryString({ ...query, view, page: 1 });
    return `${PATHS.adminSubmissions}${qs ? `?${qs}` : ""}`;
  };
  const item =
    "inline-flex min-h-9 items-center gap-2 rounded-full border px-3 text-sm font-semibold no-underline border-line bg-white text-ink hover:border-navy aria-[current=page]:border-navy aria-[current=page]:bg-navy aria-[current=page]:text-white";
  return (
    <nav aria-label="Saved views" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            href={href("")}
            aria-current={!board && query.view === "" ? "page" : undefined}
            className={item}
          >
            All requests
          </Link>
        </li>
        {DESK_VIEWS.map((view) => (
          <li key={view}>
            <Link
              href={href(view)}
              title={DESK_VIEW_HINTS[view]}
              aria-current={!board && query.view === view ? "page" : undefined}
              className={item}
            >
              {DESK_VIEW_LABELS[view]}
              <span
                className={`min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums ${
                  query.view === view ? "bg-white/20" : "bg-paper-deep"
                } ${view === "overdue" && counts && counts.overdue > 0 ? "text-danger" : ""}`}
              >
                {counts ? counts[view] : "…"}
                <span className="sr-only"> {counts?.[view] === 1 ? "request" : "requests"}</span>
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link
            href={`${PATHS.adminSubmissions}?${BOARD_QUERY}`}
            aria-current={board ? "page" : undefined}
            className={item}
          >
            Board by stage
          </Link>
        </li>
      </ul>
      {!board && query.view && <p className="mt-2 text-sm text-ink-muted">{DESK_VIEW_HINTS[query.view]}.</p>}
    </nav>
  );
}
