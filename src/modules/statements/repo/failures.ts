import type { DataStore } from "../../../store";

/** An engagement whose last statement could not be made, as the dashboard lists it. */
export type StatementFailure = {
  engagementId: number;
  /** The last day the statement was to cover. */
  throughOn: string;
  reason: string;
  /** The firm's day of the last attempt: the run tries again on a later day. */
  failedOn: string;
  failedAt: string;
  attempts: number;
};

const COLUMNS = `engagement_id AS engagementId, through_on AS throughOn, reason, failed_on AS failedOn,
  failed_at AS failedAt, attempts`;

/** A reason as long as a log line and a dashboard line carry. */
const REASON_MAX = 300;

/** The statements that failed (statement_failures), one row per engagement, cleared by its next statement. */
export function statementFailuresRepo({ db }: Pick<DataStore, "db">) {
  const upsert = db.prepare<never, [number, string, string, string, string]>(
    `INSERT INTO statement_failures (engagement_id, through_on, reason, failed_on, failed_at, attempts)
     VALUES (?, ?, ?, ?, ?, 1)
     ON CONFLICT (engagement_id) DO UPDATE SET through_on = excluded.through_on, reason = excluded.reason,
       failed_on = excluded.failed_on, failed_at = excluded.failed_at, attempts = attempts + 1`,
  );
  const remove = db.prepare<never, [number]>("DELETE FROM statement_failures WHERE engagement_id = ?");
  const all = db.prepare<StatementFailure, []>(
    `SELECT ${COLUMNS} FROM statement_failures ORDER BY failed_at, engagement_id`,
  );
  return {
    record(
      engagementId: number,
      f: { throughOn: string; reason: string; failedOn: string; failedAt: Date },
    ): void {
      upsert.run(
        engagementId,
        f.throughOn,
        f.reason.slice(0, REASON_MAX),
        f.failedOn,
        f.failedAt.toISOString(),
      );
    },
    clear: (engagementId: number) => void remove.run(engagementId),
    all: (): StatementFailure[] => all.all(),
  };
}

export type StatementFailuresRepo = ReturnType<typeof statementFailuresRepo>;
