import { ArrowUpRight } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { useFloatingIntake, useInPageIntakeInView, WITHOUT_INTAKE_CALL } from "../lib/intake-cta";

/**
 * "Request Intake" in reach (SPEC.md: a full-width bottom bar on mobile, floating at bottom right on desktop). On a
 * phone the bar is there unless one of the page's own intake buttons is in view (the footer's padding keeps the
 * page's end clear of it). From 1024 px up it floats at bottom right once the page has moved under the header,
 * while no other call is in view and the footer is not; the header's "Start" is the call otherwise (ADR 268, ADR
 * 301). Not shown where the intake itself is, nor in the client's portal.
 */
export function StickyIntake() {
  const [location] = useLocation();
  const inPage = useInPageIntakeInView();
  const floating = useFloatingIntake(inPage);
  if (WITHOUT_INTAKE_CALL.has(location)) return null;
  // A landmark of its own, so everything on the page sits in one (axe's "region" rule).
  return (
    <aside aria-label="Request intake" className="sticky-intake">
      <Link
        href={PATHS.contact}
        data-testid="sticky-intake"
        data-stepped-aside={inPage ? "" : undefined}
        data-wide-aside={floating ? undefined : ""}
        className="btn-gold focus-inset fixed inset-x-0 bottom-0 z-30 rounded-none py-4 shadow-[0_-4px_16px_rgba(0,0,0,0.18)] transition-[transform,visibility] duration-200 data-[stepped-aside]:invisible data-[stepped-aside]:translate-y-full lg:inset-x-auto lg:right-6 lg:bottom-6 lg:rounded-full lg:px-6 lg:py-3 lg:shadow-lg lg:data-[wide-aside]:invisible lg:data-[wide-aside]:translate-y-[calc(100%+1.5rem)]"
      >
        Request Intake
        <ArrowUpRight className="size-5" aria-hidden="true" />
      </Link>
    </aside>
  );
}
