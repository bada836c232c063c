import { X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, type RefObject, useRef } from "react";
import { keepTabInside } from "../lib/keep-tab-inside";
import { useModalDialog } from "../lib/use-modal-dialog";

/**
 * A menu in a modal dialog: the browser's own, so the page behind it is inert and out of reach of assistive
 * technology, over a dimmed backdrop (the `mobile-menu` rule in uno.config.ts, which also stops the page
 * scrolling). Its first row holds `head` and "Close menu". Tab and Shift+Tab go round inside it; Escape, Close
 * menu, the backdrop or a link (through the `close` handed to `children`) close it, and focus returns to the menu
 * button. The public site's phone menu and the admin's below 1024 px are both this.
 */
export function MenuDialog({
  id,
  label,
  open,
  onClose,
  toggleRef,
  head,
  headClassName,
  className,
  children,
}: {
  /** The id the menu button names in aria-controls. */
  id: string;
  label: string;
  open: boolean;
  /** Told when the dialog has closed, by any way. */
  onClose: () => void;
  /** The menu button, which gets focus back on close. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** The first row's left side. */
  head: (close: () => void) => ReactNode;
  /** The first row's spacing. */
  headClassName: string;
  /** The dialog's place and size. */
  className: string;
  children: (close: () => void) => ReactNode;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  // The dialog follows the state. Closing it by any way tells the owner at once (close(), Escape), and again by
  // the `close` event, which is queued: a press of the menu button in between must find the state closed.
  const dialogRef = useModalDialog(
    open,
    () => closeRef.current?.focus(),
    () => close(),
  );

  /** Closes now, before a link's navigation moves focus into the new page (which an open modal would block). */
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

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

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-label={label}
      aria-modal="true"
      onClose={onClosed}
      onKeyDown={onKeyDown}
      // A click on the backdrop lands on the dialog itself; its content covers the rest of it.
      onClick={(e) => e.target === e.currentTarget && close()}
      className={`mobile-menu m-0 max-h-dvh max-w-none overflow-y-auto bg-navy p-0 text-white shadow-2xl ${className}`}
    >
      <div className={`flex h-16 items-center justify-between gap-4 ${headClassName}`}>
        {head(close)}
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
      {children(close)}
    </dialog>
  );
}
