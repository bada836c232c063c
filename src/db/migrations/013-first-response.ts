/**
 * The first response is a response to the client (ADR 108): a reply from the desk or a response staff record as
 * made another way; a status change no longer counts.
 * - submission_responses: responses recorded by staff (how, when, who). Nothing personal: no text is kept.
 * - contact_submissions.first_response_by: what made the first response.
 * - Stored first responses are sorted out: where the desk sent a reply, the earliest reply is the first
 *   response. Where it sent none, the stored time came from a status change. A request still New or In review
 *   waits again (nothing shows that the client heard); one quoted, engaged, declined or closed keeps its time,
 *   marked 'status-change', which the first-response figures leave out.
 */
export const up = `
CREATE TABLE submission_responses (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  submission_id  INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  channel        TEXT    NOT NULL CHECK (channel IN ('call', 'other-email', 'meeting')),
  responded_at   TEXT    NOT NULL,
  actor          TEXT    NOT NULL,
  created_at     TEXT    NOT NULL
) STRICT;
CREATE INDEX submission_responses_submission ON submission_responses (submission_id, responded_at);

ALTER TABLE contact_submissions ADD COLUMN first_response_by TEXT
  CHECK (first_response_by IN ('reply', 'call', 'other-email', 'meeting', 'status-change'));

UPDATE contact_submissions
SET first_response_at = (SELECT min(created_at) FROM submission_replies r WHERE r.submission_id = contact_submissions.id),
    first_response_by = 'reply'
WHERE EXISTS (SELECT 1 FROM submission_replies r WHERE r.submission_id = contact_submissions.id);

UPDATE contact_submissions SET first_response_at = NULL
WHERE first_response_by IS NULL AND status IN ('new', 'in-review');

UPDATE contact_submissions SET first_response_by = 'status-change'
WHERE first_response_by IS NULL AND first_response_at IS NOT NULL;
`;
