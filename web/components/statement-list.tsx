import { Download } from "lucide-react";
import { balanceWords } from "../../src/contracts/ledger";
import { type StatementSummary, statementTitle } from "../../src/contracts/statements";
import { longDate } from "../../src/contracts/subscriptions";

const period = (s: StatementSummary) =>
  s.fromOn ? `${longDate(s.fromOn)} to ${longDate(s.throughOn)}` : `Through ${longDate(s.throughOn)}`;

/**
 * The engagement's statements, newest first, each with its period, its balance in words (owed, or in credit: never
 * a bare negative) and its PDF: both sides read this.
 */
export function StatementList({ statements }: { statements: readonly StatementSummary[] }) {
  if (statements.length === 0) return <p className="text-ink-muted">No statement has been issued yet.</p>;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-white">
      {statements.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-semibold text-navy">{statementTitle(s.number)}</p>
            <p className="text-sm text-ink-muted">{period(s)}</p>
            <p className="text-sm text-ink">
              {balanceWords(s.balanceCents).label} {balanceWords(s.balanceCents).amount}
              {s.replenish && <span className="font-semibold"> · asks to replenish the retainer</span>}
            </p>
          </div>
          <a className="btn-navy" href={s.pdfPath} download>
            <Download className="size-4" aria-hidden="true" />
            Download<span className="sr-only"> {statementTitle(s.number)} (PDF)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
