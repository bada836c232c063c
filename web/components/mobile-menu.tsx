import { Menu, Phone, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";
import { HEADER_LINKS, isCurrent } from "../content/navigation";
import { useBrand } from "../lib/brand-context";
import { telHref } from "../lib/tel";
import { LogoMark } from "./logo-mark";

export const MOBILE_MENU_ID = "mobile-menu";

/** Where the header's links move into the menu (the header shows them itself from here up). */
const WIDE = "(min-width: 64rem)";

/**
 * The small-screen menu: a modal dialog (the browser's own, so the page behind it is inert and out of reach of
 * assistive technology) over a dimmed backdrop, with every header link plus "Request Intake". Its first row
 * repeats the header, so "Close menu" sits where "Open menu" was. Tab and Shift+Tab go round inside it;
 * Escape, Close menu, the backdrop or a link close it and focus returns to the menu button. While it is open
 * the page does not scroll and the Request Intake bar is hidden (both in the stylesheet, uno.config.ts).
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const brand = useBrand();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // The dialog follows the state; closing it by any way (close(), Escape) reports back through onClose.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => setOpen(false), [location]);
  // Widened past the breakpoint, the menu button is gone: so is the menu.
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  /** Closes now, before a link's navigation moves focus into the new page (which an open modal would block). */
  const close = () => dialogRef.current?.close();

  const onClosed = () => {
    setOpen(false);
    // Back to the menu button, unless something else (the new page after a link) has taken focus already.
    const active = document.activeElement;
    if (!active || active === document.body || dialogRef.current?.contains(active))
      toggleRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== "Tab") return;
    const stops = [...e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const linkClass =
    "block rounded-md px-3 py-3 text-base font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:bg-white/10 aria-[current=page]:text-gold";

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Open menu</span>
      </button>
      <dialog
        ref={dialogRef}
        id={MOBILE_MENU_ID}
        aria-label="Menu"
        aria-modal="true"
        onClose={onClosed}
        onKeyDown={onKeyDown}
        // A click on the backdrop lands on the dialog itself; its content covers the rest of it.
        onClick={(e) => e.target === e.currentTarget && close()}
        className="mobile-menu m-0 max-h-dvh w-full max-w-none overflow-y-auto bg-navy p-0 text-white shadow-2xl"
      >
        <div className="container flex h-16 items-center justify-between gap-4">
          <Link
            href={PATHS.home}
            onClick={close}
            className="flex items-center gap-2.5 font-serif text-xl font-bold text-white no-underline"
          >
            <LogoMark className="size-8" />
            {brand.name}
          </Link>
          <button
            ref={closeRef}
            type="button"
            onClick={close}
            className="flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
          >
            <X className="size-6" aria-hidden="true" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
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
            {HEADER_LINKS.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  onClick={close}
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
      </dialog>
    </div>
  );
}
