import type { SubmissionStatus } from "../../../contracts/intake";
import type { StatusChange } from "../../../contracts/submissions";
import type { Database } from "../../../db/index";

/** The submission_events table: what happened to a request on the desk, when and by whom (status changes). */
export function submissionEvents(db: Database) {
  const insert = db.prepare<never, [number, string | null, string, string, string]>(
    `INSERT INTO submission_events (submission_id, kind, from_value, to_value, actor, at)
     VALUES (?, 'status-changed', ?, ?, ?, ?)`,
  );
  const statusChanges = db.prepare<StatusChange, [number]>(
    `SELECT id, from_value AS "from", to_value AS "to", actor, at FROM submission_events
     WHERE submission_id = ? AND kind = 'status-changed' ORDER BY at, id`,
  );
  return {
    statusChanged: (
      submissionId: number,
      change: { from: SubmissionStatus; to: SubmissionStatus; actor: string; at: string },
    ) => insert.run(submissionId, change.from, change.to, change.actor, change.at),
    statusChanges: (submissionId: number) => statusChanges.all(submissionId),
  };
}

export type SubmissionEvents = ReturnType<typeof submissionEvents>;
