/**
 * Intake pipeline: a reference number and a desk status on each submission, internal notes for the
 * submissions desk, and the durable mail outbox. The outbox holds no copy of the message: it is rendered from
 * the submission when sent, so deleting a submission (a data-rights request) deletes its pending mail too.
 */
export const up = `
ALTER TABLE contact_submissions ADD COLUMN reference TEXT;
ALTER TABLE contact_submissions ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'in-review', 'quoted', 'engaged', 'declined', 'closed'));
ALTER TABLE contact_submissions ADD COLUMN updated_at TEXT;
CREATE UNIQUE INDEX contact_submissions_reference ON contact_submissions (reference);
CREATE INDEX contact_submissions_status ON contact_submissions (status, submitted_at DESC);

CREATE TABLE submission_notes (
  id             INTEGER PRIMARY KEY,
  submission_id  INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  author         TEXT    NOT NULL,
  body           TEXT    NOT NULL,
  created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX submission_notes_submission ON submission_notes (submission_id, created_at);

CREATE TABLE mail_outbox (
  id               INTEGER PRIMARY KEY,
  submission_id    INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  kind             TEXT    NOT NULL CHECK (kind IN ('intake-notification', 'intake-confirmation')),
  state            TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  TEXT    NOT NULL,
  last_error       TEXT,
  sent_at          TEXT,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (submission_id, kind)
) STRICT;
CREATE INDEX mail_outbox_due ON mail_outbox (state, next_attempt_at);
`;
