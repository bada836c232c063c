import { useEffect, useRef } from "react";

/**
 * A modal confirmation on the native <dialog>: focus moves into it, Escape cancels, and focus returns to
 * the control that opened it. The confirm button names the action ("Delete Article").
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-navy/60"
    >
      <h2 id="confirm-title" className="font-serif text-2xl font-bold text-navy">
        {title}
      </h2>
      <p id="confirm-text" className="mt-3 text-ink-muted">
        {text}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-base bg-danger text-white hover:opacity-90 disabled:opacity-70"
          onClick={onConfirm}
          disabled={pending}
        >
          {pending ? "Deleting..." : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
