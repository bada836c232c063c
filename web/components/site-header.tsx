import { Phone } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { HEADER_LINKS, isCurrent } from "../content/navigation";
import { useBrand } from "../lib/brand-context";
import { telHref } from "../lib/tel";
import { LogoMark } from "./logo-mark";
import { MobileMenu } from "./mobile-menu";
import { ServicesMenu } from "./services-menu";

export function SiteHeader() {
  const brand = useBrand();
  const [location] = useLocation();
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
              className="rounded-md px-3 py-2 text-sm font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:text-gold aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
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
            {brand.phone}
          </a>
          <Link href={PATHS.contact} className="btn-gold px-4 py-2 text-sm">
            Start
            <span className="sr-only"> your intake request</span>
          </Link>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
