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

/** A label's closing time of day ("5:00 PM EST"), which reads as one piece and is never broken. */
const TIME_OF_DAY = /(\d{1,2}:\d{2}\s[AP]M(?:\s\S+)?)$/;

/**
 * The label free to break between its words where the cell is narrow (the desk's table below 1280 px), but never
 * inside its time of day: how long a label is depends on the day ("due tomorrow 5:00 PM EST", "Delivery due Mon 28
 * Dec 2026, 4:00 PM EST"), and the table must fit on any of them.
 */
function Words({ text }: { text: string }) {
  const [phrase, time] = text.split(TIME_OF_DAY);
  if (time === undefined) return text;
  return (
    <>
      {phrase}
      <span className="whitespace-nowrap">{time}</span>
    </>
  );
}

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
      className={`inline-flex items-center gap-1 rounded-2xl border px-2.5 py-0.5 text-xs font-semibold ${TONES[due.state]} ${className}`}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span data-due-label>
        <Words text={what ? `${what} ${due.label}` : due.label} />
        {due.late && " (late)"}
      </span>
    </span>
  );
}
