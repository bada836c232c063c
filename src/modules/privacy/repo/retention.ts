import type { SubmissionStatus } from "../../../contracts/intake";
import type { PlannedPurge, RetentionPolicy, RetentionRule } from "../../../contracts/privacy";
import type { Database } from "../../../db/index";
import { endedRequests } from "../../desk";

type PolicyRow = RetentionPolicy & {
  updatedAt: string | null;
  lastPurgeAt: string | null;
  lastPurgeDeleted: number | null;
};

export type PurgeCandidate = PlannedPurge & { id: number };

/**
 * The retention policy (one row), and the question the purge asks of the desk's requests: which ended ones
 * reach the end of their retention on or before a day of the firm's calendar, in its zone (the desk answers it from clear columns only, so the
 * dry run needs no data key).
 */
export function retentionRepo(db: Database, timeZone: string) {
  const selectPolicy = db.prepare<PolicyRow, []>(
    `SELECT unengaged_days AS unengagedDays, engaged_days AS engagedDays, updated_at AS updatedAt,
       last_purge_at AS lastPurgeAt, last_purge_deleted AS lastPurgeDeleted
     FROM retention_policy WHERE id = 1`,
  );
  const updatePolicy = db.prepare<never, [number, number, string]>(
    "UPDATE retention_policy SET unengaged_days = ?, engaged_days = ?, updated_at = ? WHERE id = 1",
  );
  const updateLastPurge = db.prepare<never, [string, number]>(
    "UPDATE retention_policy SET last_purge_at = ?, last_purge_deleted = ? WHERE id = 1",
  );
  const policy = (): PolicyRow => {
    const row = selectPolicy.get();
    if (!row) throw new Error("retention_policy has no row: migration 008 did not run");
    return row;
  };

  return {
    policy,
    setPolicy: (p: RetentionPolicy, at: string) => updatePolicy.run(p.unengagedDays, p.engagedDays, at),
    /** Requests whose retention ends on or before `until` (the firm's YYYY-MM-DD), soonest first: the desk's rows. */
    dueBy(until: string, p: RetentionPolicy): PurgeCandidate[] {
      return endedRequests(db)
        .dueBy(until, p, timeZone)
        .map((r) => ({ ...r, rule: ruleOf(r.status) }));
    },
    recordPurge: (at: string, deleted: number) => updateLastPurge.run(at, deleted),
  };
}

const ruleOf = (status: SubmissionStatus): RetentionRule => (status === "engaged" ? "engaged" : "unengaged");

export type RetentionRepo = ReturnType<typeof retentionRepo>;
