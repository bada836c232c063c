import { type ReactNode, useId, useRef } from "react";
import { useModalDialog } from "../../lib/use-modal-dialog";

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels, and focus returns to
 * the control that opened it. Cancel is focused first, so Enter never destroys anything by accident; while
 * the action runs, neither button nor Escape can fire again. The confirm button names the action
 * ("Delete Article"). A `tone` of "navy" is for an action that sends rather than destroys. Its ids are its own,
 * so a page may hold more than one.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  pendingLabel = "Deleting...",
  pending,
  tone = "danger",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  tone?: "danger" | "navy";
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(
    open,
    () => cancelRef.current?.focus(),
    () => {
      if (!pending) onCancel();
    },
  );
  const id = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-navy/60"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-navy">
        {title}
      </h2>
      <div id={`${id}-text`} className="mt-3 text-ink">
        {text}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button ref={cancelRef} type="button" onClick={onCancel} disabled={pending} className="btn-outline">
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={`${tone === "navy" ? "btn-navy" : "btn-base bg-danger text-white hover:bg-danger/90"} disabled:opacity-70`}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
