/**
 * The outbox carries any kind of mail, not only the two intake messages: a kind, optionally the submission and
 * the row of the feature's own table it is about, and a unique dedupe key so a mail that must go once (a daily
 * digest) is queued once. The message is still rendered when sent, from the rows it is about, so deleting them
 * deletes what it would have said. And contact_submissions gets a keyed hash of the e-mail address for exact
 * look-ups without a clear copy (filled by the server, which holds the key).
 */
export const up = `
ALTER TABLE contact_submissions ADD COLUMN email_hash TEXT;
CREATE INDEX contact_submissions_email_hash ON contact_submissions (email_hash);

CREATE TABLE mail_outbox_v2 (
  id               INTEGER PRIMARY KEY,
  kind             TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
  submission_id    INTEGER REFERENCES contact_submissions (id) ON DELETE CASCADE,
  ref_id           INTEGER,
  dedupe_key       TEXT    UNIQUE,
  state            TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  TEXT    NOT NULL,
  last_error       TEXT,
  sent_at          TEXT,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
INSERT INTO mail_outbox_v2 (id, kind, submission_id, dedupe_key, state, attempts, next_attempt_at, last_error,
  sent_at, created_at)
SELECT id, kind, submission_id, kind || ':' || submission_id, state, attempts, next_attempt_at, last_error,
  sent_at, created_at FROM mail_outbox;
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_v2 RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox (state, next_attempt_at);
CREATE INDEX mail_outbox_submission ON mail_outbox (submission_id);
CREATE INDEX mail_outbox_ref ON mail_outbox (kind, ref_id);
`;
