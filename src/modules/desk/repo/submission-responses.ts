import type { RecordedResponse, ResponseChannel } from "../../../contracts/desk";
import type { Database } from "../../../db/index";

/**
 * The submission_responses table: responses staff record as made another way than a reply from the desk (a
 * call, an e-mail from another account, a meeting), with when and who. Only clear facts: no text is kept.
 */
export function submissionResponses(db: Database) {
  const insert = db.prepare<{ id: number }, [number, ResponseChannel, string, string, string]>(
    `INSERT INTO submission_responses (submission_id, channel, responded_at, actor, created_at)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
  );
  const ofSubmission = db.prepare<RecordedResponse, [number]>(
    `SELECT id, channel, responded_at AS at, actor FROM submission_responses
     WHERE submission_id = ? ORDER BY responded_at, id`,
  );
  return {
    /**
     * Stores a response and, in the same transaction, what goes with it (`alongside`: the first response).
     * Returns its id.
     */
    create: db.transaction(
      (
        r: { submissionId: number; channel: ResponseChannel; at: string; actor: string; recordedAt: string },
        alongside: () => unknown,
      ): number => {
        const row = insert.get(r.submissionId, r.channel, r.at, r.actor, r.recordedAt);
        if (!row) throw new Error("Insert returned no row");
        alongside();
        return row.id;
      },
    ),
    forSubmission: (submissionId: number) => ofSubmission.all(submissionId),
  };
}

export type SubmissionResponses = ReturnType<typeof submissionResponses>;
