import { useEffect, useRef } from "react";

/**
 * A `<dialog>` that follows `open`: shown as a modal when it turns true, then `onOpen` (which puts focus where
 * the dialog starts, or clears what it showed last time), and closed when it turns false.
 *
 * Escape is the owner's to answer, at once, through `onDismiss` (its state turns false, and the dialog closes with
 * it): left to the browser, the dialog would close first and tell its owner later, by a `close` event queued as a
 * task, and a key pressed in between (Escape, then at once Ctrl-K) would find the state still open, change
 * nothing, and be undone by that late event. An owner that waits on something (a request under way) ignores
 * Escape in its `onDismiss`. Closed another way (a form's method=dialog), the `close` event is still the owner's.
 */
export function useModalDialog(open: boolean, onOpen?: () => void, onDismiss?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  const dismissed = useRef(onDismiss);
  dismissed.current = onDismiss;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      opened.current?.();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      if (!dismissed.current) return;
      e.preventDefault();
      dismissed.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);
  return ref;
}
