import { History } from "lucide-react";
import { formatDateTime } from "../../lib/dates";

/**
 * The offer of a draft this browser kept when the page was left without saving (a crash, a reload): staff
 * restore it into the form or discard it. It sits above the form, so nothing in the form moves under a press.
 */
export function DraftOffer({
  offer,
  onRestore,
  onDiscard,
}: {
  offer: { savedAt: number } | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  if (!offer) return null;
  return (
    <section
      aria-label="Unsaved draft"
      className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-gold bg-gold-light p-4 text-ink"
    >
      <History className="size-5 shrink-0 text-navy" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-60 font-medium">
        Restore unsaved draft from {formatDateTime(new Date(offer.savedAt).toISOString())}?
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onRestore} className="btn-navy min-h-11">
          Restore Draft
        </button>
        <button type="button" onClick={onDiscard} className="btn-outline min-h-11">
          Discard
        </button>
      </div>
    </section>
  );
}
