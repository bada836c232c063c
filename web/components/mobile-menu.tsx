import { Menu, Phone, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { HEADER_LINKS, isCurrent } from "../content/navigation";
import { ATTORNEY_SERVICES } from "../content/services";
import { useBrand } from "../lib/brand-context";
import { PATHS } from "../lib/paths";
import { telHref } from "../lib/tel";

export const MOBILE_MENU_ID = "mobile-menu";

/** The small-screen menu: a toggle button and a panel with every header link plus "Request Intake". */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const brand = useBrand();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const linkClass =
    "block rounded-md px-3 py-3 text-base font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:bg-white/10 aria-[current=page]:text-gold";

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        onClick={() => setOpen((o) => !o)}
        className="flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/15 bg-navy px-4 pb-6 pt-2 shadow-xl"
      >
        <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wider text-mist">Services</p>
        <ul>
          {ATTORNEY_SERVICES.map((s) => (
            <li key={s.id}>
              <Link
                href={s.path}
                aria-current={location === s.path ? "page" : undefined}
                className={linkClass}
              >
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-2 border-t border-white/15 pt-2">
          {HEADER_LINKS.map((l) => (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={isCurrent(l.href, location) ? "page" : undefined}
                className={linkClass}
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col gap-3 border-t border-white/15 pt-4">
          <a
            href={telHref(brand.phone)}
            className="flex items-center gap-2 px-3 py-2 text-white no-underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {brand.phone}
          </a>
          <Link href={PATHS.contact} className="btn-gold w-full">
            Request Intake
          </Link>
        </div>
      </nav>
    </div>
  );
}
