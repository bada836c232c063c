import { Download } from "lucide-react";
import { useState } from "react";
import { SUBMISSION_STATUSES } from "../../../src/contracts/intake";
import { STATUS_LABELS } from "../../../src/contracts/submissions";
import { apiRequest } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { DESK_API, deskApi } from "./desk-labels";

/**
 * What can be done to the ticked requests at once: one status for all (each changed, audited and recorded as
 * a single change is), or a CSV of just them.
 */
export function BulkBar({
  selected,
  onChanged,
  onClear,
}: {
  selected: readonly number[];
  onChanged: () => void;
  onClear: () => void;
}) {
  const [status, setStatus] = useState("");
  const [pending, setPending] = useState(false);
  const n = selected.length;
  const noun = n === 1 ? "request" : "requests";

  const apply = async () => {
    if (!status) return;
    setPending(true);
    try {
      const res = await apiRequest("POST", `${DESK_API}/status`, { ids: selected, status });
      const { changed } = (await res.json()) as { changed: number; unchanged: number };
      toast({
        title: "Status Changed",
        description: `${changed} of ${n} ${noun} now ${STATUS_LABELS[status as keyof typeof STATUS_LABELS]}.`,
      });
      setStatus("");
      onChanged();
    } catch (error) {
      toast({
        title: "Could Not Change the Status",
        description: serverMessage(error, "Nothing was changed. Try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-label="Selected requests"
      className="mt-3 flex flex-wrap items-end gap-3 rounded-lg border border-navy bg-white p-3 shadow-md"
    >
      <p className="min-h-11 content-center text-sm font-semibold text-ink" aria-live="polite">
        {n} {noun} selected
      </p>
      <div>
        <label htmlFor="bulk-status" className="block text-xs font-semibold text-ink">
          Set status
        </label>
        <select
          id="bulk-status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className="mt-1 block min-h-11 rounded-md border border-ink-muted bg-white px-3 text-base text-ink"
        >
          <option value="">Choose...</option>
          {SUBMISSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        onClick={apply}
        disabled={!status || pending}
        className="btn-navy min-h-11 disabled:opacity-60"
      >
        {pending ? "Changing..." : `Change ${n} ${noun}`}
      </button>
      <a href={deskApi.export(`ids=${selected.join(",")}`)} download className="btn-outline min-h-11">
        <Download className="size-4" aria-hidden="true" />
        Export Selected
      </a>
      <button type="button" onClick={onClear} className="btn-base min-h-11 text-navy underline">
        Clear Selection
      </button>
    </section>
  );
}
