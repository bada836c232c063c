import type { SubmissionStatus } from "../../../src/contracts/intake";
import { statusLabel } from "./desk-labels";

/** Colours with AA contrast for their text; the label, not the colour, carries the meaning. */
const TONES: Record<SubmissionStatus, string> = {
  new: "border-navy bg-navy text-white",
  "in-review": "border-gold-dark bg-gold-light text-ink",
  quoted: "border-gold-dark bg-white text-gold-dark",
  engaged: "border-emerald-800 bg-emerald-50 text-emerald-900",
  declined: "border-danger bg-danger-light text-danger",
  closed: "border-ink-muted bg-paper-deep text-ink-muted",
};

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {statusLabel(status)}
    </span>
  );
}
