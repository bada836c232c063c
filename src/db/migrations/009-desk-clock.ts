/**
 * The desk's business-day clock (ADR 052): each request's due time (`respond_by`, computed by the server from
 * the business hours, holidays and closures) and its first response (`first_response_at`: a reply, or the first
 * move out of New). Requests already moved out of New count as answered when they were last changed, the best
 * the old rows know. Firm closure dates set by staff, and the last run of each daily job so the morning digest
 * goes once a day even across restarts.
 */
export const up = `
ALTER TABLE contact_submissions ADD COLUMN respond_by TEXT;
ALTER TABLE contact_submissions ADD COLUMN first_response_at TEXT;
UPDATE contact_submissions SET first_response_at = coalesce(updated_at, submitted_at) WHERE status <> 'new';
CREATE INDEX contact_submissions_waiting ON contact_submissions (respond_by) WHERE first_response_at IS NULL;
CREATE INDEX contact_submissions_respond_by ON contact_submissions (respond_by, id);

CREATE TABLE desk_closures (
  date        TEXT PRIMARY KEY CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  note        TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE scheduled_runs (
  job          TEXT PRIMARY KEY,
  last_day     TEXT NOT NULL,
  last_run_at  TEXT NOT NULL
) STRICT;
`;
