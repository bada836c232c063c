import { useEffect, useState } from "react";
import { Link } from "wouter";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import type { SweepDueItem, SweepsDue } from "../../../src/contracts/subscriptions";
import { formatWeekdayDay } from "../../../src/contracts/time-format";
import { getJson } from "../../lib/api";
import { DashboardPanel } from "./morning-view";

export const SWEEPS_DUE_API = "/api/admin/subscriptions/sweeps";

/** "Fri 19 Feb 2027": a firm's calendar date as the delivery clock writes its due times (ADR 266). */
export const firmDay = (date: string): string => formatWeekdayDay(date);

const TONES: Record<SweepDueItem["standing"], string> = {
  overdue: "border-danger bg-danger-light text-danger",
  due: "border-gold bg-gold-light text-ink",
  "due-soon": "border-navy bg-white text-navy",
};
const standingWords = (w: SweepDueItem) =>
  w.standing === "overdue"
    ? `Overdue since ${firmDay(w.dueOn)}`
    : w.standing === "due"
      ? `Due today, ${firmDay(w.dueOn)}`
      : `Due soon, ${firmDay(w.dueOn)}`;

/**
 * Judgment Intel's sweeps owed, beside the delivery clock: overdue first, then due today, then due within the
 * server's window. It loads them itself and shows nothing at all when none is owed or coming (or they could
 * not be loaded), so a desk without monitoring never sees it.
 */
export function SweepsPanel() {
  const [due, setDue] = useState<SweepsDue | null>(null);
  useEffect(() => {
    let live = true;
    getJson<SweepsDue>([SWEEPS_DUE_API]).then(
      (a) => live && setDue(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!due || due.sweeps.length === 0) return null;
  const overdue = due.sweeps.filter((w) => w.standing === "overdue").length;
  return (
    <DashboardPanel id="sweeps-title" title="Sweeps due">
      <p className="mt-1 text-sm text-ink-muted">
        Judgment Intel: {due.sweeps.length} owed or due within {due.soonDays} days
        {overdue > 0 ? `, ${overdue} overdue` : ""}. Deliver each through the request's documents.
      </p>
      <ol className="mt-3 divide-y divide-line">
        {due.sweeps.map((w) => (
          <li
            key={`${w.submissionId}-${w.dueOn}`}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
          >
            <Link
              href={adminSubmissionPath(w.submissionId)}
              className="font-mono font-semibold text-navy underline"
            >
              {w.reference}
            </Link>
            <span
              className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[w.standing]}`}
            >
              {standingWords(w)}
            </span>
          </li>
        ))}
      </ol>
    </DashboardPanel>
  );
}
