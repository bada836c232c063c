import type { Database } from "bun:sqlite";
import { OVERDUE_AT } from "./submission-desk";

/** One open request as the desk's views sort it: overdue or not, and whether the asking staff member worked it. */
export type ViewFacts = { id: number; overdue: boolean; mine: boolean };

/**
 * The open requests (neither closed nor declined) with what the views ask of each, in one query (ADR 301): past
 * their first-response time (the overdue filter's own test), and whether `username` replied to it, noted it or
 * changed its status (the desk has no assignee: what one has worked on is one's queue). Clear columns only.
 */
export function deskViewFacts(db: Database) {
  const facts = db.prepare<{ id: number; overdue: number; mine: number }, { $now: string; $me: string }>(
    `SELECT s.id,
       ${OVERDUE_AT("$now")} AS overdue,
       (EXISTS (SELECT 1 FROM submission_notes n WHERE n.submission_id = s.id AND n.author = $me)
        OR EXISTS (SELECT 1 FROM submission_replies r WHERE r.submission_id = s.id AND r.author = $me)
        OR EXISTS (SELECT 1 FROM submission_events e WHERE e.submission_id = s.id AND e.actor = $me)) AS mine
     FROM contact_submissions s
     WHERE s.status NOT IN ('closed', 'declined')`,
  );
  return {
    openRequests: (username: string, at: string): ViewFacts[] =>
      facts
        .all({ $now: at, $me: username })
        .map((r) => ({ id: r.id, overdue: r.overdue === 1, mine: r.mine === 1 })),
  };
}
