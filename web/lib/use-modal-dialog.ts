import { useEffect, useRef } from "react";

/**
 * A `<dialog>` that follows `open`: shown as a modal when it turns true, then `onOpen` (which puts focus where
 * the dialog starts, or clears what it showed last time), and closed when it turns false.
 *
 * Closing it any other way is the owner's to answer, through `onDismiss`, which turns its state false:
 * - Escape, at once, from the dialog's `cancel` event. Left to the browser, the dialog would close first and tell
 *   its owner later, by a `close` event queued as a task, and a key pressed in between (Escape, then at once
 *   Ctrl-K) would find the state still open, change nothing, and be undone by that late event. An owner that
 *   waits on something (a request under way) ignores Escape in its `onDismiss`, and the dialog stays.
 * - Anything else that closes it while the state is still open (the browser may skip `cancel` for a second Escape
 *   without a click between), from the `close` event; a close the state asked for is not reported back.
 */
export function useModalDialog(open: boolean, onOpen?: () => void, onDismiss?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  const dismissed = useRef(onDismiss);
  dismissed.current = onDismiss;
  const wanted = useRef(open);
  wanted.current = open;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Listened for while the dialog is mounted, whichever render mounted it.
    const onCancel = (e: Event) => {
      if (!dismissed.current) return;
      e.preventDefault();
      dismissed.current();
    };
    const onClose = () => {
      if (wanted.current) dismissed.current?.();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    if (open && !dialog.open) {
      dialog.showModal();
      opened.current?.();
    } else if (!open && dialog.open) dialog.close();
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
    };
  }, [open]);
  return ref;
}
