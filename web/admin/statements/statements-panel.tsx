import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import {
  lastDayOfPreviousMonth,
  type StatementSummary,
  staffStatementsApi,
} from "../../../src/contracts/statements";
import { StatementList } from "../../components/statement-list";
import { apiAnswer } from "../../lib/api";
import { useAcceptedChanges } from "../shared/use-accepted-changes";

/**
 * The request's statements of account and the next one issued through a day (the client is told by mail), that
 * day first set to the last of the previous month on the firm's calendar. Nothing shows for a request without an
 * engagement.
 */
export function StatementsPanel({ submissionId }: { submissionId: number }) {
  const [statements, setStatements] = useState<StatementSummary[] | null>(null);
  const [through, setThrough] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const changes = useAcceptedChanges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read them again.
  const load = useCallback(async () => {
    const engagement = await apiAnswer<{ engagement: { firmToday: string } | null }>(
      "GET",
      `/api/admin/submissions/${submissionId}/engagement`,
    );
    if (!engagement.ok || !engagement.data.engagement) return setStatements(null);
    const { firmToday } = engagement.data.engagement;
    setThrough((typed) => typed || lastDayOfPreviousMonth(firmToday));
    const a = await apiAnswer<{ statements: StatementSummary[] }>("GET", staffStatementsApi(submissionId));
    setStatements(a.ok ? a.data.statements : []);
  }, [submissionId, changes]);
  useEffect(() => {
    void load();
  }, [load]);
  if (statements === null) return null;

  const issue = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const a = await apiAnswer("POST", staffStatementsApi(submissionId), { through });
    setBusy(false);
    setProblem(a.ok ? null : a.error);
    if (a.ok) await load();
  };
  return (
    <section
      aria-labelledby={`${fieldId}-title`}
      className="space-y-3 rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id={`${fieldId}-title`} className="font-serif text-xl font-bold text-navy">
        Statements
      </h2>
      <StatementList statements={statements} />
      <form onSubmit={issue} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fieldId} className="block text-sm font-semibold text-ink">
            Issue the next statement through
          </label>
          <input
            id={fieldId}
            type="date"
            required
            value={through}
            onChange={(e) => setThrough(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
            className="mt-1 block min-h-11 rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus:border-navy"
          />
        </div>
        <button type="submit" className="btn-navy" disabled={busy}>
          Issue statement
        </button>
        {problem && (
          <p id={`${fieldId}-problem`} role="alert" className="w-full text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
