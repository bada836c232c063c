import { Menu, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { keepTabInside } from "../../lib/keep-tab-inside";

export const ADMIN_MENU_ID = "admin-menu";

/** From here up the sidebar shows the navigation itself, and the menu button is gone. */
const WIDE = "(min-width: 64rem)";

/**
 * The admin's navigation below 1024 px: a button that opens it in a modal dialog (the browser's own, so the page
 * behind is inert), as the public site's phone menu does. Tab and Shift+Tab go round inside it; Escape, Close
 * menu, the backdrop or a link close it, and focus returns to the button.
 */
export function AdminMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

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
    setOpen(false);
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

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={ADMIN_MENU_ID}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Open menu</span>
      </button>
      <dialog
        ref={dialogRef}
        id={ADMIN_MENU_ID}
        aria-label="Admin menu"
        onClose={onClosed}
        onKeyDown={onKeyDown}
        // A click on the backdrop lands on the dialog itself; its content covers the rest of it.
        onClick={(e) => e.target === e.currentTarget && close()}
        className="mobile-menu m-0 ml-auto h-dvh max-h-dvh w-[min(20rem,100vw)] max-w-none overflow-y-auto bg-navy p-0 text-white shadow-2xl"
      >
        <div className="flex h-16 items-center justify-between gap-4 border-b border-white/15 px-4">
          <p className="font-serif text-lg font-bold">Menu</p>
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
        <div className="px-3 py-4">{open && children(close)}</div>
      </dialog>
    </div>
  );
}
