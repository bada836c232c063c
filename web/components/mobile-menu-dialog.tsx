import { Phone } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link } from "wouter";
import { PATHS } from "../../src/contracts/paths";
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
  lists,
  open,
  onClose,
  toggleRef,
}: {
  /** The id the menu button names in aria-controls. */
  id: string;
  /** The header's brand mark, repeated in the first row. */
  brandMark: ReactNode;
  /** The services and the header's links, as the header lists them (closing the menu when one is followed). */
  lists: (close: () => void) => ReactNode;
  open: boolean;
  /** Told when the dialog has closed, by any way. */
  onClose: () => void;
  /** The menu button, which gets focus back on close. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const brand = useBrand();

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
          {lists(close)}
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
