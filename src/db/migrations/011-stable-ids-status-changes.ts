/**
 * Retention counts from a request's last status change (ADR 103), which `updated_at` is not: a note moves it
 * too. `status_changed_at` is set by the desk on status changes only. Earlier rows take it from their newest
 * status event (kept since migration 010); rows changed before those events existed take `updated_at`, the
 * best they know, which can only be later than the real change and so never deletes anything early. Requests
 * never moved from New have none: the purge counts from their arrival.
 */
export const up = `
ALTER TABLE contact_submissions ADD COLUMN status_changed_at TEXT;
UPDATE contact_submissions SET status_changed_at = coalesce(
  (SELECT max(e.at) FROM submission_events e
   WHERE e.submission_id = contact_submissions.id AND e.kind = 'status-changed'),
  CASE WHEN status <> 'new' THEN coalesce(updated_at, submitted_at) END);
DROP INDEX contact_submissions_retention;
CREATE INDEX contact_submissions_retention ON contact_submissions (status, status_changed_at);
`;
