/**
 * The desk's replies, its history of status changes, and where each request came from.
 * - submission_replies: e-mails staff send to the requester from the desk. Subject and body are personal data
 *   and are stored through the data cipher (src/db/cipher.ts); the outbox row of kind 'desk-reply' points here.
 * - submission_events: status changes with their time and who made them, for the detail's timeline.
 * - firm_hash: a keyed hash of the firm name (trimmed, lower-cased, spaces collapsed), so the conflict pre-screen
 *   finds a firm's other requests without a clear copy of the name (filled by the server, which holds the key).
 * - landing_page and referrer_host: the first page of the visit on this site (a path) and the referring site's
 *   host name, as the intake form sent them. Neither is personal data, so both are clear columns.
 */
export const up = `
ALTER TABLE contact_submissions ADD COLUMN landing_page TEXT;
ALTER TABLE contact_submissions ADD COLUMN referrer_host TEXT;
ALTER TABLE contact_submissions ADD COLUMN firm_hash TEXT;
CREATE INDEX contact_submissions_firm_hash ON contact_submissions (firm_hash);

CREATE TABLE submission_replies (
  id             INTEGER PRIMARY KEY,
  submission_id  INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  author         TEXT    NOT NULL,
  subject        TEXT    NOT NULL,
  body           TEXT    NOT NULL,
  created_at     TEXT    NOT NULL
) STRICT;
CREATE INDEX submission_replies_submission ON submission_replies (submission_id, created_at);

CREATE TABLE submission_events (
  id             INTEGER PRIMARY KEY,
  submission_id  INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  kind           TEXT    NOT NULL CHECK (kind IN ('status-changed')),
  from_value     TEXT,
  to_value       TEXT,
  actor          TEXT    NOT NULL,
  at             TEXT    NOT NULL
) STRICT;
CREATE INDEX submission_events_submission ON submission_events (submission_id, at);
`;
