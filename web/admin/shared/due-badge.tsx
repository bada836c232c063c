import { AlarmClock, CheckCircle2, Clock } from "lucide-react";
import type { DueStatus } from "../../../src/contracts/desk";

/**
 * Where a request stands against the one-business-day promise, in the server's words ("due in 3 h",
 * "overdue by 2 business hours", "answered in 1 h 40 m"). The words carry the meaning; the colours (AA
 * contrast) and the icon repeat it. Shared by the desk and the dashboard.
 */
const TONES: Record<DueStatus["state"], string> = {
  waiting: "border-navy bg-white text-navy",
  overdue: "border-danger bg-danger-light text-danger",
  answered: "border-emerald-800 bg-emerald-50 text-emerald-900",
};
const ICONS = { waiting: Clock, overdue: AlarmClock, answered: CheckCircle2 };

export function DueBadge({
  due,
  what,
  className = "",
}: {
  due: DueStatus;
  /** What is due, when it is not the first response: "Delivery" reads "Delivery due in 3 h". */
  what?: string;
  className?: string;
}) {
  const Icon = ICONS[due.state];
  return (
    <span
      title={`${what ?? ""} Due ${due.dueText}`.trim()}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[due.state]} ${className}`}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {what ? `${what} ${due.label}` : due.label}
      {due.late && <span> (late)</span>}
    </span>
  );
}
