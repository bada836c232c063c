import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { BOARD_COLUMN_LABELS, DESK_BOARD_API, type DeskBoard } from "../../../src/contracts/desk-views";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import { AWAITED_LABELS } from "../../../src/contracts/submissions";
import { getJson } from "../../lib/api";
import { serviceLabel } from "./desk-labels";

/**
 * The desk's board (issue 45, ADR 301): the open requests in columns by where they stand (New, Quoted, Awaiting
 * signature, Awaiting payment, In work, Delivered), as Clio Grow's pipeline. One card is in the Tab order at a
 * time; the arrow keys move between cards (left and right between columns, keeping the row where it can; up and
 * down in a column), Home and End to a column's first and last, Enter opens the request.
 */
export function DeskBoardView() {
  const [board, setBoard] = useState<DeskBoard | null | "failed">(null);
  const [at, setAt] = useState<[number, number]>([0, 0]);
  const cards = useRef(new Map<string, HTMLAnchorElement>());
  const moved = useRef(false);
  useEffect(() => {
    let live = true;
    getJson<DeskBoard>([DESK_BOARD_API]).then(
      (b) => {
        if (!live) return;
        setBoard(b);
        // Start on the first column that holds a card.
        const first = b.columns.findIndex((c) => c.cards.length > 0);
        setAt([Math.max(0, first), 0]);
      },
      () => live && setBoard("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!moved.current) return;
    cards.current.get(`${at[0]}:${at[1]}`)?.focus();
  }, [at]);

  if (board === null) return <p className="mt-4 text-ink-muted">Loading the board...</p>;
  if (board === "failed")
    return <p className="mt-4 text-danger">The board could not be loaded. Reload the page to try again.</p>;

  const lengths = board.columns.map((c) => c.cards.length);
  const onKey = (e: KeyboardEvent<HTMLAnchorElement>) => {
    const [col, row] = at;
    const across = (step: number) => {
      for (let c = col + step; c >= 0 && c < lengths.length; c += step) {
        const n = lengths[c] ?? 0;
        if (n > 0) return [c, Math.min(row, n - 1)] as [number, number];
      }
      return null;
    };
    const n = lengths[col] ?? 0;
    const next: [number, number] | null =
      e.key === "ArrowRight"
        ? across(1)
        : e.key === "ArrowLeft"
          ? across(-1)
          : e.key === "ArrowDown"
            ? [col, Math.min(row + 1, n - 1)]
            : e.key === "ArrowUp"
              ? [col, Math.max(row - 1, 0)]
              : e.key === "Home"
                ? [col, 0]
                : e.key === "End"
                  ? [col, n - 1]
                  : null;
    if (!next) return;
    e.preventDefault();
    moved.current = true;
    setAt(next);
  };

  return (
    <section aria-labelledby="board-title" className="mt-4">
      <h2 id="board-title" className="sr-only">
        Board by stage
      </h2>
      <p id="board-keys" className="mb-3 text-sm text-ink-muted">
        Arrow keys move between the cards; Enter opens a request.
      </p>
      <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
        {board.columns.map((column, c) => (
          <section
            key={column.column}
            aria-labelledby={`board-${column.column}`}
            className="min-w-0 rounded-xl border border-line bg-paper-deep p-3"
          >
            <h3
              id={`board-${column.column}`}
              className="flex items-baseline justify-between text-sm font-semibold"
            >
              <span className="text-navy">{BOARD_COLUMN_LABELS[column.column]}</span>
              <span className="text-ink-muted tabular-nums">
                {column.total}
                <span className="sr-only"> {column.total === 1 ? "request" : "requests"}</span>
              </span>
            </h3>
            {column.cards.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">None.</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {column.cards.map((card, r) => (
                  <li key={card.id}>
                    <Link
                      href={adminSubmissionPath(card.id)}
                      ref={(el: HTMLAnchorElement | null) => {
                        if (el) cards.current.set(`${c}:${r}`, el);
                        else cards.current.delete(`${c}:${r}`);
                      }}
                      tabIndex={at[0] === c && at[1] === r ? 0 : -1}
                      aria-describedby="board-keys"
                      onKeyDown={onKey}
                      onFocus={() => setAt([c, r])}
                      className="block rounded-lg border border-line bg-white p-2.5 text-sm no-underline shadow-sm hover:border-navy"
                    >
                      <span className="block break-words font-semibold text-navy underline">{card.name}</span>
                      <span className="block text-ink">{serviceLabel(card.desiredService)}</span>
                      {card.awaiting && (
                        <span className="block text-ink-muted">{AWAITED_LABELS[card.awaiting]}</span>
                      )}
                      <span className="block font-mono text-xs text-ink-muted">{card.reference}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {column.total > column.cards.length && (
              <p className="mt-2 text-xs text-ink-muted">
                The {column.cards.length} newest of {column.total}.
              </p>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
