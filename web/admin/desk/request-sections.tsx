import { ArrowRight } from "lucide-react";
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
