import { useEffect, useState } from "react";
import { Link } from "wouter";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import { type FailedStatement, STATEMENT_FAILURES_API } from "../../../src/contracts/statements";
import { formatWeekdayDay } from "../../../src/contracts/time-format";
import { getJson } from "../../lib/api";

/**
 * Engagements the monthly statement run could not state (ADR 282): each with its request, the day the statement
 * was to cover and why it failed. The run tries each again every day; this says which clients are waiting. It
 * loads them itself and shows nothing at all while there are none.
 */
export function FailedStatementsPanel() {
  const [failed, setFailed] = useState<FailedStatement[] | null>(null);
  useEffect(() => {
    getJson<{ failed: FailedStatement[] }>([STATEMENT_FAILURES_API]).then(
      (a) => setFailed(a.failed),
      () => undefined,
    );
  }, []);
  if (!failed || failed.length === 0) return null;
  return (
    <section
      aria-labelledby="failed-statements-title"
      className="rounded-xl border border-danger bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
    >
      <h2 id="failed-statements-title" className="font-serif text-xl font-bold text-navy">
        Statements not issued
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        The monthly run could not make these statements. It tries again each day; staff can issue one from the
        request once the cause is fixed.
      </p>
      <ul className="mt-3 divide-y divide-line">
        {failed.map((f) => (
          <li key={f.submissionId} className="py-2 text-sm">
            <Link href={adminSubmissionPath(f.submissionId)} className="font-semibold text-navy underline">
              {f.reference || `Request ${f.submissionId}`}
            </Link>{" "}
            through {formatWeekdayDay(f.throughOn)}: last tried {formatWeekdayDay(f.failedOn)} ({f.attempts}{" "}
            {f.attempts === 1 ? "try" : "tries"}).
            <span className="block break-words text-ink-muted">{f.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
