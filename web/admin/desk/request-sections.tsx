import { ArrowRight } from "lucide-react";
import { useEffect } from "react";
import {
  nextAction,
  REQUEST_SECTION_LABELS,
  REQUEST_SECTIONS,
  sectionAnchor,
} from "../../../src/contracts/next-action";
import { engagementStageLabel, type SubmissionDetail } from "../../../src/contracts/submissions";

/**
 * The request page's sections, each one step away from anywhere on the page (issue 45, ADR 301): a bar that stays
 * at the top as the page scrolls, with the status first (on a phone it is one tap from the top, not below the
 * whole history). The panels keep their own places and headings; the bar only leads to them, so a feature adding
 * a panel to a section needs nothing here.
 */
export function RequestSectionsNav() {
  // One listener for every link to a section (the bar's and the next step's), left to the browser to follow.
  useEffect(() => {
    const onClick = (event: globalThis.MouseEvent) => {
      const a = event.target instanceof Element ? event.target.closest("a") : null;
      const id = a?.getAttribute("href")?.slice(1);
      if (id && a?.getAttribute("href")?.startsWith("#") && SECTION_TARGETS.has(id)) landOnSection(id);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  // While the bar stays at the top, the page's scroll padding is its height: a control reached by Tab, or a
  // section jumped to, is scrolled clear of the bar instead of under it (focus not obscured, WCAG 2.4.11).
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>("nav[data-sticky-top]");
    const root = document.documentElement;
    if (!bar || typeof ResizeObserver === "undefined") return;
    const pad = () => {
      root.style.scrollPaddingTop = `${bar.offsetHeight + 8}px`;
    };
    const observer = new ResizeObserver(pad);
    observer.observe(bar);
    pad();
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = "";
    };
  }, []);
  const link =
    "inline-flex min-h-10 shrink-0 items-center whitespace-nowrap rounded-md px-2.5 text-sm font-semibold text-navy no-underline hover:bg-paper-deep sm:px-3";
  return (
    <nav
      aria-label="On this request"
      data-sticky-top
      className="sticky top-0 z-20 -mx-1 mt-4 border-b border-line bg-paper px-1 py-1"
    >
      {/*
       * It wraps on a phone rather than scrolling sideways: a scroller clips the focus ring of a link it has scrolled
       * part-way out, and two short rows keep every section in view.
       */}
      <ul className="flex flex-wrap gap-1">
        <li>
          <a href="#status-title" className={link}>
            Status
          </a>
        </li>
        {REQUEST_SECTIONS.map((section) => (
          <li key={section}>
            <a href={`#${sectionAnchor(section)}`} className={link}>
              {REQUEST_SECTION_LABELS[section]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How long a section just jumped to is kept in place while the panels around it finish loading. */
const SETTLE_MS = 8000;

/**
 * A section link lands on its section even while panels are still loading. The browser jumps once; the panels
 * that answer after it grow above the section and push it down. In two columns the browser's own scroll
 * anchoring does not help: it anchors on the first element in view, in the left column, which does not move
 * while the right one grows. So after the jump the section's ancestors are watched, and when one changes size the
 * section is put back under the bar, until the person scrolls, presses a key or clicks, or a few seconds pass.
 */
function landOnSection(id: string) {
  const target = document.getElementById(id);
  if (!target || typeof ResizeObserver === "undefined") return;
  // Where the jump puts it: below the page's scroll padding (the bar's height) and the section's own margin.
  const margin = () =>
    (Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0) +
    (Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
  const place = () => {
    if (Math.abs(target.getBoundingClientRect().top - margin()) > 1)
      target.scrollIntoView({ block: "start" });
  };
  const observer = new ResizeObserver(place);
  for (let at = target.parentElement; at && at !== document.documentElement; at = at.parentElement)
    observer.observe(at);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of PERSON_MOVES) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  // Registered after this click has run its course, so the click that jumped does not end the watch at once.
  requestAnimationFrame(() => {
    for (const type of PERSON_MOVES) window.addEventListener(type, stop, { capture: true, passive: true });
  });
}

/** The elements the page's section links lead to. */
const SECTION_TARGETS = new Set(["status-title", ...REQUEST_SECTIONS.map(sectionAnchor)]);

/** What a person does to move the page themselves, which ends the watch over a section just jumped to. */
const PERSON_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Where the request stands and what is done next, under its name: the engagement's stage as the desk's list shows
 * it, and the next action with a link to the section where it is done.
 */
export function RequestStanding({ detail }: { detail: SubmissionDetail }) {
  const s = detail.submission;
  const stage = detail.stage?.stage ?? null;
  const next = nextAction(s.status, stage, s.firstResponseAt !== null);
  return (
    <section
      aria-label="Stage and next step"
      className="mt-4 grid gap-1 rounded-xl border border-line bg-white px-4 py-3 shadow-sm sm:flex sm:flex-wrap sm:items-center sm:gap-x-4 sm:gap-y-2"
    >
      <p className="text-sm">
        <span className="text-ink-muted">Stage: </span>
        <span className="font-semibold text-ink">
          {detail.stage ? engagementStageLabel(detail.stage) : "No engagement yet"}
        </span>
      </p>
      <p className="min-w-0 text-sm sm:flex-1">
        <span className="text-ink-muted">Next: </span>
        <span className="font-semibold text-ink">{next.text}</span>{" "}
        <a
          href={`#${sectionAnchor(next.section)}`}
          className="inline-flex min-h-8 items-center gap-1 align-middle font-semibold text-navy underline"
        >
          {REQUEST_SECTION_LABELS[next.section]}
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      </p>
    </section>
  );
}
