import { useEffect, useState } from "react";
import { PORTAL_STATEMENTS_API, type StatementSummary } from "../../src/contracts/statements";
import { StatementList } from "../components/statement-list";
import { apiAnswer } from "../lib/api";

/**
 * The firm's statements of account, newest first, each with its period, its balance and its PDF: named apart from
 * the documents the client sends (their own bank and account statements among them), which are listed below.
 */
export function StatementsSection() {
  const [statements, setStatements] = useState<StatementSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    apiAnswer<{ statements: StatementSummary[] }>("GET", PORTAL_STATEMENTS_API).then((a) => {
      if (live) setStatements(a.ok ? a.data.statements : []);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby="statements-title" className="space-y-3">
      <h2 id="statements-title" className="font-serif text-2xl font-bold text-navy">
        Statements of account
      </h2>
      <p className="text-ink">
        What we billed and what you paid, period by period, as our ledger records it. Records you send us are
        under Documents.
      </p>
      {statements === null ? (
        <p className="text-ink-muted">Loading your statements…</p>
      ) : (
        <StatementList statements={statements} />
      )}
    </section>
  );
}
