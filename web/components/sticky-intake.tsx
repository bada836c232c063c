import { Link, useLocation } from "wouter";
import { PATHS } from "../lib/paths";

/**
 * "Request Intake", always in reach: a full-width bar on phones, a floating button bottom right from the sm
 * breakpoint up. Not shown on the intake page itself.
 */
export function StickyIntake() {
  const [location] = useLocation();
  if (location === PATHS.contact) return null;
  // A landmark of its own, so everything on the page sits in one (axe's "region" rule).
  return (
    <aside aria-label="Request intake">
      <Link
        href={PATHS.contact}
        data-testid="sticky-intake"
        className="btn-gold fixed inset-x-0 bottom-0 z-30 rounded-none py-4 shadow-[0_-4px_16px_rgba(0,0,0,0.18)] sm:inset-x-auto sm:bottom-6 sm:right-6 sm:rounded-full sm:px-6 sm:shadow-xl"
      >
        Request Intake
      </Link>
    </aside>
  );
}
