import { CornerDownLeft, FileText, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import { can, type Role } from "../../../src/contracts/roles";
import {
  STATUS_LABELS,
  SUBMISSIONS_API,
  type SubmissionList,
  type SubmissionSummary,
} from "../../../src/contracts/submissions";
import { getJson } from "../../lib/api";
import { useModalDialog } from "../../lib/use-modal-dialog";
import { navFor } from "./admin-nav";

/** Requests asked of the desk's search per query; the menu is for jumping, the list is for browsing. */
const REQUESTS_SHOWN = 6;
/** The pause after a keystroke before the desk is searched. */
const SEARCH_DELAY_MS = 150;

type Result = { key: string; href: string; label: string; detail: string; kind: "request" | "screen" };

/** Ctrl-K on Windows and Linux, Cmd-K on a Mac: anywhere in the admin, even inside a field. */
export const isCommandKey = (e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";

/** The admin screens the role may open whose name holds every word typed, in the navigation's order. */
export function matchScreens(query: string, role?: Role): Result[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return navFor(role)
    .filter(({ label }) => words.every((w) => label.toLowerCase().includes(w)))
    .map(({ href, label }) => ({ key: `screen:${href}`, href, label, detail: "Screen", kind: "screen" }));
}

const requestResult = (s: SubmissionSummary): Result => ({
  key: `request:${s.id}`,
  href: adminSubmissionPath(s.id),
  label: s.name,
  detail: `${s.reference} · ${STATUS_LABELS[s.status]}${s.firm ? ` · ${s.firm}` : ""}`,
  kind: "request",
});

/**
 * The command menu: Ctrl/Cmd-K (or the bar's Go To button) opens a modal native <dialog> with one combobox that
 * finds requests by reference or name through the desk's own search, and admin screens by name. Arrow keys move
 * the active option, Enter goes there; Escape closes and the browser gives focus back to where it was.
 */
export function CommandMenu({ role }: { role?: Role } = {}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [requests, setRequests] = useState<{ query: string; items: SubmissionSummary[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const [goWhenFound, setGoWhenFound] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Each opening starts afresh: an empty query, no requests, the first row active.
  const ref = useModalDialog(
    open,
    () => {
      setQuery("");
      setRequests(null);
      setActive(0);
      setGoWhenFound(false);
      inputRef.current?.focus();
    },
    () => setOpen(false),
  );
  const [, navigate] = useLocation();
  const id = useId();
  // The server renders "Ctrl K"; a Mac's browser shows its own key once mounted.
  const [mac, setMac] = useState(false);
  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform)), []);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isCommandKey(e)) return;
      e.preventDefault();
      setOpen(true);
      inputRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const trimmed = query.trim();
  // Requests are searched only for a role that works the desk; an editor's menu finds screens.
  const searching = trimmed.length >= 2 && (role == null || can(role, "desk"));
  useEffect(() => {
    if (!open || !searching) return;
    let live = true;
    const timer = setTimeout(() => {
      const qs = new URLSearchParams({ q: trimmed, pageSize: String(REQUESTS_SHOWN) }).toString();
      getJson<SubmissionList>([`${SUBMISSIONS_API}?${qs}`]).then(
        (list) => {
          if (!live) return;
          setFailed(false);
          setRequests({ query: trimmed, items: list.items });
        },
        () => {
          if (!live) return;
          setFailed(true);
          setRequests({ query: trimmed, items: [] });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, searching, trimmed]);

  const pending = searching && requests?.query !== trimmed;
  // Screens first: they are found at once, so the active option never moves when the requests arrive.
  const found = searching && !pending && requests ? requests.items.map(requestResult) : [];
  const results = [...matchScreens(trimmed, role), ...found];
  const at = Math.min(active, Math.max(0, results.length - 1));
  const optionId = (i: number) => `${id}-option-${i}`;

  const go = (r: Result | undefined) => {
    if (!r) return;
    setOpen(false);
    ref.current?.close();
    navigate(r.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (results.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((at + step + results.length) % results.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      // Enter before the search has answered (a pasted reference) goes to the first request it finds.
      if (results.length === 0 && pending) setGoWhenFound(true);
      else go(results[at]);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once the search answers
  useEffect(() => {
    if (!goWhenFound || pending) return;
    setGoWhenFound(false);
    go(results[0]);
  }, [goWhenFound, pending]);

  // Scroll the active option into view as the arrows move it.
  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(at))?.scrollIntoView({ block: "nearest" });
  });

  const status = pending
    ? "Searching requests..."
    : failed
      ? "The requests could not be searched; screens are still listed."
      : results.length === 0
        ? "No request or screen matches."
        : `${results.length} ${results.length === 1 ? "result" : "results"}. Arrow keys choose, Enter goes.`;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="btn-outline-light min-h-10 px-3 py-1.5 text-sm lg:w-full"
      >
        <Search className="size-4" aria-hidden="true" />
        Go To
        <span className="hidden font-mono text-xs text-mist sm:inline">{mac ? "⌘ K" : "Ctrl K"}</span>
      </button>
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        className="mx-auto mt-[10vh] mb-auto w-[min(36rem,calc(100vw-1.5rem))] rounded-xl border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-navy/50"
      >
        <div className="p-4 sm:p-5">
          <h2 id={`${id}-title`} className="font-serif text-xl font-bold text-navy">
            Go to a request or screen
          </h2>
          <label htmlFor={`${id}-input`} className="mt-3 block text-sm font-semibold text-ink">
            Reference, name or screen
          </label>
          <div className="relative mt-1.5">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
              aria-hidden="true"
            />
            <input
              ref={inputRef}
              id={`${id}-input`}
              type="text"
              role="combobox"
              aria-expanded={results.length > 0}
              aria-controls={`${id}-results`}
              aria-autocomplete="list"
              aria-activedescendant={results.length > 0 ? optionId(at) : undefined}
              aria-describedby={`${id}-status`}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
                setGoWhenFound(false);
              }}
              onKeyDown={onKeyDown}
              className="block min-h-11 w-full rounded-md border border-ink-muted bg-white py-2 pr-3 pl-10 text-base text-ink focus:border-navy"
            />
          </div>
          <p id={`${id}-status`} aria-live="polite" className="mt-2 text-sm text-ink-muted">
            {status}
          </p>
        </div>
        <div
          id={`${id}-results`}
          role="listbox"
          aria-label="Requests and screens"
          className="max-h-[min(22rem,50vh)] overflow-y-auto border-t border-line p-2 empty:hidden"
        >
          {results.map((r, i) => (
            // The combobox keeps focus and moves the active option with the arrows; a click or tap goes too.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys for its options
            <div
              key={r.key}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === at}
              onClick={() => go(r)}
              onMouseMove={() => i !== at && setActive(i)}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 py-2 aria-[selected=true]:bg-navy aria-[selected=true]:text-white aria-[selected=true]:ring-3 aria-[selected=true]:ring-gold"
            >
              {r.kind === "request" ? (
                <FileText className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <CornerDownLeft className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{r.label}</span>
                <span className="block truncate text-xs opacity-90">{r.detail}</span>
              </span>
            </div>
          ))}
        </div>
        <p className="border-t border-line px-4 py-2 text-xs text-ink-muted sm:px-5">
          <kbd className="font-mono">↑</kbd> <kbd className="font-mono">↓</kbd> to choose,{" "}
          <kbd className="font-mono">Enter</kbd> to go, <kbd className="font-mono">Esc</kbd> to close.
        </p>
      </dialog>
    </>
  );
}
