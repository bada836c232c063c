import { Phone } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { HEADER_LINKS, isCurrent } from "../content/navigation";
import { useBrand } from "../lib/brand-context";
import { useFloatingIntake, useInPageIntakeInView, WITHOUT_INTAKE_CALL } from "../lib/intake-cta";
import { telHref } from "../lib/tel";
import { LogoMark } from "./logo-mark";
import { MobileMenu } from "./mobile-menu";
import { ServicesMenu } from "./services-menu";

export function SiteHeader() {
  const brand = useBrand();
  const [location] = useLocation();
  // One call to the intake in view at a time: "Start" steps aside for the page's own (ADR 268), and for the
  // floating "Request Intake" once the page has moved under the header (ADR 301).
  const inPage = useInPageIntakeInView();
  const floating = useFloatingIntake(inPage);
  const stepAside = inPage || floating || WITHOUT_INTAKE_CALL.has(location);
  return (
    <header className="sticky top-0 z-40 bg-navy text-white shadow-md">
      <div className="container relative flex h-16 items-center justify-between gap-4">
        <Link
          href={PATHS.home}
          className="flex items-center gap-2.5 text-xl font-serif font-bold text-white no-underline"
        >
          <LogoMark className="size-8" />
          {brand.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <ServicesMenu />
          {HEADER_LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              aria-current={isCurrent(l.href, location) ? "page" : undefined}
              className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:text-gold aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="hidden items-center gap-4 lg:flex">
          <a
            href={telHref(brand.phone)}
            className="flex items-center gap-1.5 text-sm font-medium text-white no-underline hover:underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {/* Between 1024 and 1280 px the number would wrap the header to two rows: the icon stands for it. */}
            <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">{brand.phone}</span>
          </a>
          <Link
            href={PATHS.contact}
            data-testid="header-start"
            data-stepped-aside={stepAside ? "" : undefined}
            className="btn-gold px-4 py-2 text-sm transition-opacity duration-150 data-[stepped-aside]:invisible data-[stepped-aside]:opacity-0"
          >
            Start
            <span className="sr-only"> your intake request</span>
          </Link>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
