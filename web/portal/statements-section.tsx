import { useEffect, useState } from "react";
import { PORTAL_STATEMENTS_API, type StatementSummary } from "../../src/contracts/statements";
import { StatementList } from "../components/statement-list";
import { apiAnswer } from "../lib/api";

/** The client's statements of account, newest first, each a PDF to download. */
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
        Statements
      </h2>
      {statements === null ? (
        <p className="text-ink-muted">Loading your statements…</p>
      ) : (
        <StatementList statements={statements} />
      )}
    </section>
  );
}
