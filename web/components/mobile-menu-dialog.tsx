import { Phone, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";
import { useBrand } from "../lib/brand-context";
import { keepTabInside } from "../lib/keep-tab-inside";
import { telHref } from "../lib/tel";

/**
 * The small-screen menu itself: a modal dialog (the browser's own, so the page behind it is inert and out of
 * reach of assistive technology) over a dimmed backdrop, with every header link plus "Request Intake". Its first
 * row repeats the header, so "Close menu" sits where "Open menu" was. Tab and Shift+Tab go round inside it;
 * Escape, Close menu, the backdrop or a link close it and focus returns to the menu button. While it is open
 * the page does not scroll and the Request Intake bar is hidden (both in the stylesheet, uno.config.ts).
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

  /** Closes now, before a link's navigation moves focus into the new page (which an open modal would block). */
  const close = () => dialogRef.current?.close();

  const onClosed = () => {
    onClose();
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
    keepTabInside(e);
  };

  const linkClass =
    "block rounded-md px-3 py-3 text-base font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:bg-white/10 aria-[current=page]:text-gold";

  return (
    <dialog
      ref={dialogRef}
      id={id}
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
          {brandMark}
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
    </dialog>
  );
}
