import type { Database } from "bun:sqlite";
import type { SubmissionStatus } from "../../../contracts/intake";
import { OVERDUE_AT } from "./submission-desk";

/** One open request as the desk's views sort it: overdue or not, and whether the asking staff member worked it. */
export type ViewFacts = { id: number; status: SubmissionStatus; overdue: boolean; mine: boolean };

/**
 * The open requests (neither closed nor declined) with what the views and the board ask of each, in one query
 * (ADR 301): its status, past its first-response time or not (the overdue filter's own test), and whether
 * `username` replied to it, noted it or changed its status (the desk has no assignee: what one has worked on is
 * one's queue). Clear columns only, newest first.
 */
export function deskViewFacts(db: Database) {
  const facts = db.prepare<
    { id: number; status: SubmissionStatus; overdue: number; mine: number },
    { $now: string; $me: string }
  >(
    `SELECT s.id, s.status,
       ${OVERDUE_AT("$now")} AS overdue,
       (EXISTS (SELECT 1 FROM submission_notes n WHERE n.submission_id = s.id AND n.author = $me)
        OR EXISTS (SELECT 1 FROM submission_replies r WHERE r.submission_id = s.id AND r.author = $me)
        OR EXISTS (SELECT 1 FROM submission_events e WHERE e.submission_id = s.id AND e.actor = $me)) AS mine
     FROM contact_submissions s
     WHERE s.status NOT IN ('closed', 'declined')
     ORDER BY s.submitted_at DESC, s.id DESC`,
  );
  return {
    openRequests: (username: string, at: string): ViewFacts[] =>
      facts
        .all({ $now: at, $me: username })
        .map((r) => ({ id: r.id, status: r.status, overdue: r.overdue === 1, mine: r.mine === 1 })),
  };
}
