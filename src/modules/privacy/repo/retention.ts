import type { SubmissionStatus } from "../../../contracts/intake";
import type { PlannedPurge, RetentionPolicy, RetentionRule } from "../../../contracts/privacy";
import type { Database } from "../../../db/index";

type PolicyRow = RetentionPolicy & {
  updatedAt: string | null;
  lastPurgeAt: string | null;
  lastPurgeDeleted: number | null;
};

export type PurgeCandidate = PlannedPurge & { id: number };

/**
 * The retention policy (one row) and the question the purge asks of contact_submissions: which ended
 * requests reach the end of their retention on or before a date. Only clear columns are read (reference,
 * status, dates), so the dry run needs no data key.
 */
export function retentionRepo(db: Database) {
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
  // The day a request's retention ends: the UTC date of its last status change plus the days its rule keeps.
  // Notes and replies move updated_at, not status_changed_at (ADR 103).
  const selectDue = db.prepare<
    Omit<PurgeCandidate, "rule">,
    { unengaged: number; engaged: number; until: string }
  >(
    // Each rule reads a range of the (status, status_changed_at) index, ending where its days reach `until`
    // ("deleteOn <= until" is "changed before the day after until minus the days"), so the daily purge and the
    // start's first one cost what they delete, not every ended request ever kept.
    `SELECT * FROM (
       SELECT id, reference, status, submitted_at AS receivedAt,
         COALESCE(status_changed_at, submitted_at) AS lastChangeAt,
         date(COALESCE(status_changed_at, submitted_at),
           '+' || CASE status WHEN 'engaged' THEN $engaged ELSE $unengaged END || ' days') AS deleteOn
       FROM contact_submissions
       WHERE (status = 'engaged' AND status_changed_at < date($until, '-' || $engaged || ' days', '+1 day'))
          OR (status = 'declined' AND status_changed_at < date($until, '-' || $unengaged || ' days', '+1 day'))
          OR (status = 'closed' AND status_changed_at < date($until, '-' || $unengaged || ' days', '+1 day'))
          OR (status IN ('declined', 'closed', 'engaged') AND status_changed_at IS NULL)
     ) WHERE deleteOn <= $until ORDER BY deleteOn, id`,
  );

  const policy = (): PolicyRow => {
    const row = selectPolicy.get();
    if (!row) throw new Error("retention_policy has no row: migration 008 did not run");
    return row;
  };

  return {
    policy,
    setPolicy: (p: RetentionPolicy, at: string) => updatePolicy.run(p.unengagedDays, p.engagedDays, at),
    /** Requests whose retention ends on or before `until` (YYYY-MM-DD), soonest first. */
    dueBy(until: string, p: RetentionPolicy): PurgeCandidate[] {
      return selectDue
        .all({ unengaged: p.unengagedDays, engaged: p.engagedDays, until })
        .map((r) => ({ ...r, rule: ruleOf(r.status) }));
    },
    recordPurge: (at: string, deleted: number) => updateLastPurge.run(at, deleted),
  };
}

const ruleOf = (status: SubmissionStatus): RetentionRule => (status === "engaged" ? "engaged" : "unengaged");

export type RetentionRepo = ReturnType<typeof retentionRepo>;
