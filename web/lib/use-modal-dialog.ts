import { useEffect, useRef } from "react";

/**
 * A `<dialog>` that follows `open`: shown as a modal when it turns true, then `onOpen` (which puts focus where
 * the dialog starts, or clears what it showed last time), and closed when it turns false. Closed another way
 * (Escape, its own button), the dialog fires `close`, which its owner turns back into its state.
 */
export function useModalDialog(open: boolean, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      opened.current?.();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
