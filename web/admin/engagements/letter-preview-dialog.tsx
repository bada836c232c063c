import { FileText, Send } from "lucide-react";
import { useRef } from "react";
import type { LetterPreview } from "../../../src/contracts/portal";
import { formatDateTime } from "../../lib/dates";
import { useModalDialog } from "../../lib/use-modal-dialog";
import { LetterText } from "../../portal/letter-text";

/**
 * "A look before sending" (issue 44): the letter the client will receive, word for word, with the exact PDF that
 * goes (laid out at the preview's instant, named by its SHA-256) one press away; Send sends those very bytes, or
 * the server refuses because something changed since. Cancel is focused first, as in every confirmation.
 */
export function LetterPreviewDialog({
  preview,
  pdfHref,
  clientName,
  pending,
  onSend,
  onCancel,
}: {
  preview: LetterPreview | null;
  pdfHref: string;
  clientName: string;
  pending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(
    preview !== null,
    () => cancelRef.current?.focus(),
    () => {
      if (!pending) onCancel();
    },
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby="letter-preview-title"
      aria-describedby="letter-preview-text"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-navy/60"
    >
      {preview && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="border-b border-line p-5 sm:p-6">
            <h2 id="letter-preview-title" className="font-serif text-2xl font-bold text-navy">
              Look before sending
            </h2>
            <p id="letter-preview-text" className="mt-2 text-ink">
              This is the letter {clientName || "the client"} will receive, as it stands at{" "}
              <time dateTime={preview.dated}>{formatDateTime(preview.dated)}</time>. Sending freezes it: its
              terms then change only by withdrawing it.
            </p>
            <a href={pdfHref} download className="btn-outline mt-3 w-full sm:w-auto">
              <FileText className="size-4" aria-hidden="true" />
              Open the PDF That Will Be Sent
            </a>
            <details className="mt-2 text-sm text-ink-muted">
              <summary className="min-h-11 cursor-pointer py-2">Technical details</summary>
              <p>
                Its SHA-256, which the client's signature will name:{" "}
                <code className="break-all font-mono">{preview.sha256}</code>
              </p>
            </details>
          </div>
          {/* Scrolled by the keyboard too: it takes focus as one stop, named for what it holds. */}
          <section
            aria-label="The letter, to scroll"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by the keyboard
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto bg-paper p-5 focus-visible:outline-2 focus-visible:outline-navy sm:p-6"
          >
            {preview.letter ? (
              <article
                aria-label="The letter that will be sent"
                className="rounded-lg bg-white p-5 shadow-sm"
              >
                <LetterText letter={preview.letter} />
              </article>
            ) : (
              <p>Read the letter in its PDF above.</p>
            )}
          </section>
          <div className="flex flex-wrap justify-end gap-3 border-t border-line p-4 sm:px-6">
            <button
              ref={cancelRef}
              type="button"
              onClick={onCancel}
              disabled={pending}
              className="btn-outline"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onSend}
              disabled={pending}
              className="btn-navy disabled:opacity-70"
            >
              <Send className="size-4" aria-hidden="true" />
              {pending ? "Sending..." : "Send This Letter"}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
