import { X } from "lucide-react";
import { useState } from "react";
import { useModalDialog } from "../../lib/use-modal-dialog";
import { SHORTCUTS, useShortcuts } from "./keyboard";

/**
 * `?` lists the keys in a modal native <dialog>: the browser traps focus and Escape closes it, giving focus
 * back to where it was.
 */
export function ShortcutsDialog() {
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open, undefined, () => setOpen(false));
  useShortcuts({ "?": () => setOpen(true) });

  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-line bg-white p-5 text-ink shadow-xl backdrop:bg-navy/40"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="shortcuts-title" className="text-lg font-semibold text-navy">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          onClick={() => setOpen(false)}
          aria-label="Close"
          className="inline-flex size-11 items-center justify-center rounded-md hover:bg-paper-deep"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Keys and what they do</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Key</th>
            <th scope="col">What it does</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys} className="border-b border-line last:border-0">
              <td className="py-2 pr-3">
                <kbd className="rounded border border-line bg-paper-deep px-1.5 py-0.5 font-mono text-xs">
                  {s.keys}
                </kbd>
              </td>
              <td className="py-2 pr-3">{s.what}</td>
              <td className="py-2 text-ink-muted">{s.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </dialog>
  );
}
