/**
 * The engagement letter sent to the client is the firm's first response (ADR 227):
 * - contact_submissions.first_response_by takes 'engagement-letter'. SQLite cannot change a column's CHECK in
 *   place: a new column with the wider CHECK takes the values, the old one is dropped and the new one renamed
 *   (nothing indexes it or names it in a trigger).
 * - Letters sent before the upgrade count as they would have: the earliest "sent" step of each engagement
 *   becomes its request's first response where none is recorded, one came later, or only a status change
 *   stands for it. A request whose letter went out (or was signed) no longer waits for a first response.
 */
export const up = `
ALTER TABLE contact_submissions ADD COLUMN first_response_kind TEXT
  CHECK (first_response_kind IN ('reply', 'call', 'other-email', 'meeting', 'engagement-letter', 'status-change'));
UPDATE contact_submissions SET first_response_kind = first_response_by WHERE first_response_by IS NOT NULL;
ALTER TABLE contact_submissions DROP COLUMN first_response_by;
ALTER TABLE contact_submissions RENAME COLUMN first_response_kind TO first_response_by;

UPDATE contact_submissions
SET first_response_at = letters.sent_at, first_response_by = 'engagement-letter'
FROM (
  SELECT e.submission_id, coalesce(min(ev.at), e.sent_at) AS sent_at
  FROM engagements e LEFT JOIN engagement_events ev ON ev.engagement_id = e.id AND ev.kind = 'sent'
  WHERE e.sent_at IS NOT NULL
  GROUP BY e.id
) AS letters
WHERE contact_submissions.id = letters.submission_id
  AND (first_response_at IS NULL OR first_response_at > letters.sent_at OR first_response_by = 'status-change');
`;
