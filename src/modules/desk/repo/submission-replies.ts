import type { ReplyDelivery, SubmissionReply } from "../../../contracts/submissions";
import type { Sealed } from "../../../store";

/** The outbox kind of a reply sent from the desk; its ref_id is the submission_replies row. */
export const DESK_REPLY_MAIL = "desk-reply";

type RawReply = Omit<SubmissionReply, "delivery"> & {
  state: ReplyDelivery["state"] | null;
  attempts: number | null;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
};

const REPLY_COLUMNS = `r.id, r.submission_id AS submissionId, r.author, r.subject, r.body, r.created_at AS createdAt`;

/**
 * The submission_replies table: e-mails staff sent the requester from the desk. Subject and body are personal
 * data, encrypted on write and decrypted on read. A reply and its outbox row are written in one transaction, so
 * a stored reply is always on its way.
 */
export function submissionReplies({ db, cipher }: Sealed) {
  const insert = db.prepare<{ id: number }, [number, string, string, string, string]>(
    `INSERT INTO submission_replies (submission_id, author, subject, body, created_at) VALUES (?, ?, ?, ?, ?)
     RETURNING id`,
  );
  const one = db.prepare<Omit<SubmissionReply, "delivery">, [number]>(
    `SELECT ${REPLY_COLUMNS} FROM submission_replies r WHERE r.id = ?`,
  );
  // The latest outbox row of each reply (one today; a later resend would add another).
  const ofSubmission = db.prepare<RawReply, [string, number]>(
    `SELECT ${REPLY_COLUMNS}, m.state, m.attempts, m.last_error AS lastError, m.sent_at AS sentAt,
       m.next_attempt_at AS nextAttemptAt
     FROM submission_replies r
     LEFT JOIN mail_outbox m ON m.id = (
       SELECT max(id) FROM mail_outbox WHERE kind = ? AND ref_id = r.id
     )
     WHERE r.submission_id = ? ORDER BY r.created_at, r.id`,
  );

  const decrypted = <T extends { subject: string; body: string }>(r: T): T => ({
    ...r,
    subject: cipher.decrypt(r.subject),
    body: cipher.decrypt(r.body),
  });

  return {
    /**
     * Stores a reply and, in the same transaction, what goes with it (`alongside`, given the reply's id): its
     * outbox row, which carries the submission (deleted with it) and the reply's id, and the first response.
     */
    create: db.transaction(
      (
        reply: { submissionId: number; author: string; subject: string; body: string; at: string },
        alongside: (replyId: number) => unknown,
      ): number => {
        const row = insert.get(
          reply.submissionId,
          reply.author,
          cipher.encrypt(reply.subject),
          cipher.encrypt(reply.body),
          reply.at,
        );
        if (!row) throw new Error("Insert returned no row");
        alongside(row.id);
        return row.id;
      },
    ),
    byId(id: number) {
      const r = one.get(id);
      return r ? decrypted(r) : null;
    },
    /** The submission's replies, oldest first, each with where its e-mail stands. */
    forSubmission: (submissionId: number): SubmissionReply[] =>
      ofSubmission.all(DESK_REPLY_MAIL, submissionId).map((r) => {
        const { state, attempts, lastError, sentAt, nextAttemptAt, ...reply } = decrypted(r);
        return {
          ...reply,
          delivery:
            state === null
              ? null
              : {
                  state,
                  attempts: attempts ?? 0,
                  lastError: cipher.decryptNullable(lastError),
                  sentAt,
                  nextAttemptAt: nextAttemptAt ?? "",
                },
        };
      }),
  };
}

export type SubmissionReplies = ReturnType<typeof submissionReplies>;
