import { ArrowUpRight } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";

/**
 * Pages that are the intake itself or its answer, where a link to the intake leads nowhere new, and the client
 * portal, whose visitors already are clients (a call to request an intake there reads as a sales pitch).
 */
const WITHOUT = new Set<string>([PATHS.contact, PATHS.thanks, PATHS.portal]);

/**
 * "Request Intake", always in reach. Below the lg breakpoint: a full-width bar at the bottom (the footer's
 * padding keeps the page's end clear of it). From lg up: a tab standing upright on the right edge, in the gutter
 * the page's containers leave free (uno.config.ts `container`), so it never covers text at any scroll
 * position; a pill at the bottom right covered the right column of every page. Hidden while a dialog is open.
 */
export function StickyIntake() {
  const [location] = useLocation();
  if (WITHOUT.has(location)) return null;
  // A landmark of its own, so everything on the page sits in one (axe's "region" rule).
  return (
    <aside aria-label="Request intake" className="sticky-intake">
      <Link
        href={PATHS.contact}
        data-testid="sticky-intake"
        className="btn-gold focus-inset fixed inset-x-0 bottom-0 z-30 rounded-none py-4 shadow-[0_-4px_16px_rgba(0,0,0,0.18)] lg:inset-x-auto lg:bottom-10 lg:right-0 lg:min-h-0 lg:rounded-l-lg lg:rounded-r-none lg:px-3 lg:py-5 lg:text-sm lg:tracking-wide lg:shadow-xl lg:[writing-mode:vertical-rl]"
      >
        Request Intake
        <ArrowUpRight className="size-5 lg:size-4 lg:rotate-90" aria-hidden="true" />
      </Link>
    </aside>
  );
}
