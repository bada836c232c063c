import type { SubmissionReply } from "../../../contracts/submissions";
import type { Sealed } from "../../../store";
import { mailOutboxRepo } from "../../mail";

/** The outbox kind of a reply sent from the desk; its ref_id is the submission_replies row. */
export const DESK_REPLY_MAIL = "desk-reply";

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
  const ofSubmission = db.prepare<Omit<SubmissionReply, "delivery">, [number]>(
    `SELECT ${REPLY_COLUMNS} FROM submission_replies r WHERE r.submission_id = ? ORDER BY r.created_at, r.id`,
  );
  // Where each reply's e-mail stands is the mail feature's: the latest of its outbox rows (one today).
  const outbox = mailOutboxRepo({ db, cipher });

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
    forSubmission(submissionId: number): SubmissionReply[] {
      const rows = ofSubmission.all(submissionId);
      const mail = outbox.latestForRefs(
        DESK_REPLY_MAIL,
        rows.map((r) => r.id),
      );
      return rows.map((r) => {
        const m = mail.get(r.id);
        return {
          ...decrypted(r),
          delivery: m
            ? {
                state: m.state,
                attempts: m.attempts,
                lastError: m.lastError,
                sentAt: m.sentAt,
                nextAttemptAt: m.nextAttemptAt,
              }
            : null,
        };
      });
    },
  };
}

export type SubmissionReplies = ReturnType<typeof submissionReplies>;
