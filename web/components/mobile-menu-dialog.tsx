import { Phone } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";
import { useBrand } from "../lib/brand-context";
import { telHref } from "../lib/tel";
import { MenuDialog } from "./menu-dialog";

/**
 * The small-screen menu itself: the shared modal menu (menu-dialog.tsx) with every header link plus "Request
 * Intake". Its first row repeats the header, so "Close menu" sits where "Open menu" was. While it is open the
 * Request Intake bar is hidden (in the stylesheet, uno.config.ts).
 *
 * Its own chunk, loaded when the menu button is first pressed or focused (mobile-menu.tsx).
 */
export function MobileMenuDialog({
  id,
  brandMark,
  links,
  open,
  onClose,
  toggleRef,
}: {
  /** The id the menu button names in aria-controls. */
  id: string;
  /** The header's brand mark, repeated in the first row. */
  brandMark: ReactNode;
  /** The header's links, each with whether it is the current page's. */
  links: readonly { label: string; href: string; current: boolean }[];
  open: boolean;
  /** Told when the dialog has closed, by any way. */
  onClose: () => void;
  /** The menu button, which gets focus back on close. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const [location] = useLocation();
  const brand = useBrand();

  const linkClass =
    "block rounded-md px-3 py-3 text-base font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:bg-white/10 aria-[current=page]:text-gold";

  return (
    <MenuDialog
      id={id}
      label="Menu"
      open={open}
      onClose={onClose}
      toggleRef={toggleRef}
      className="w-full"
      headClassName="container"
      head={(close) => (
        <Link
          href={PATHS.home}
          onClick={close}
          className="flex items-center gap-2.5 font-serif text-xl font-bold text-white no-underline"
        >
          {brandMark}
          {brand.name}
        </Link>
      )}
    >
      {(close) => (
        <nav aria-label="Main" className="container border-t border-white/15 pb-6 pt-2">
          <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wider text-mist">Services</p>
          <ul>
            {ATTORNEY_SERVICES.map((s) => (
              <li key={s.id}>
                <Link
                  href={s.path}
                  onClick={close}
                  aria-current={location === s.path ? "page" : undefined}
                  className={linkClass}
                >
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="mt-2 border-t border-white/15 pt-2">
            {links.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  onClick={close}
                  aria-current={l.current ? "page" : undefined}
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
              className="flex items-center gap-2 rounded-md px-3 py-2 text-white no-underline"
            >
              <Phone className="size-4" aria-hidden="true" />
              {brand.phone}
            </a>
            <Link href={PATHS.contact} onClick={close} className="btn-gold w-full">
              Request Intake
            </Link>
          </div>
        </nav>
      )}
    </MenuDialog>
  );
}
