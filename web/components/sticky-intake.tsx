import { ArrowUpRight } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { useInPageIntakeInView, WITHOUT_INTAKE_CALL } from "../lib/intake-cta";

/**
 * "Request Intake" in reach on a phone: a full-width bar at the bottom (the footer's padding keeps the page's
 * end clear of it). From lg up the sticky header's "Start" is always in reach, so no second button floats there.
 * The bar steps aside while one of the page's own intake buttons is in view, so one call to the intake is in
 * view at a time (ADR 268); it is not shown where the intake itself is, nor in the client's portal.
 */
export function StickyIntake() {
  const [location] = useLocation();
  const inPage = useInPageIntakeInView();
  if (WITHOUT_INTAKE_CALL.has(location)) return null;
  // A landmark of its own, so everything on the page sits in one (axe's "region" rule).
  return (
    <aside aria-label="Request intake" className="sticky-intake lg:hidden">
      <Link
        href={PATHS.contact}
        data-testid="sticky-intake"
        data-stepped-aside={inPage ? "" : undefined}
        className="btn-gold focus-inset fixed inset-x-0 bottom-0 z-30 rounded-none py-4 shadow-[0_-4px_16px_rgba(0,0,0,0.18)] transition-[transform,visibility] duration-200 data-[stepped-aside]:invisible data-[stepped-aside]:translate-y-full"
      >
        Request Intake
        <ArrowUpRight className="size-5" aria-hidden="true" />
      </Link>
    </aside>
  );
}
