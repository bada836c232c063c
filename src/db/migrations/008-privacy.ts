/**
 * Retention and data-rights requests (issue 11, sections 3 and 4).
 *
 * retention_policy holds one row: how long ended requests are kept, and when the daily purge last ran, so a
 * restart knows whether today's purge is done. data_requests records each data-rights request; its e-mail is
 * stored through the data cipher while the request is open and removed when it is completed, leaving only
 * dates, kind, counts and the keyed hash of the address (the CHECK makes that a rule of the table).
 */
export const up = `
CREATE TABLE retention_policy (
  id                  INTEGER PRIMARY KEY CHECK (id = 1),
  unengaged_days      INTEGER NOT NULL DEFAULT 365 CHECK (unengaged_days BETWEEN 1 AND 36500),
  engaged_days        INTEGER NOT NULL DEFAULT 2555 CHECK (engaged_days BETWEEN 1 AND 36500),
  updated_at          TEXT,
  last_purge_at       TEXT,
  last_purge_deleted  INTEGER
) STRICT;
INSERT INTO retention_policy (id) VALUES (1);

CREATE INDEX contact_submissions_retention ON contact_submissions (status, updated_at);

CREATE TABLE data_requests (
  id            INTEGER PRIMARY KEY,
  kind          TEXT    NOT NULL CHECK (kind IN ('access', 'correction', 'deletion', 'opt-out')),
  status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
  email         TEXT,
  email_hash    TEXT    NOT NULL,
  received_at   TEXT    NOT NULL,
  due_at        TEXT    NOT NULL,
  completed_at  TEXT,
  intake_count  INTEGER NOT NULL DEFAULT 0 CHECK (intake_count >= 0),
  erased_count  INTEGER NOT NULL DEFAULT 0 CHECK (erased_count >= 0),
  CHECK ((status = 'open' AND email IS NOT NULL AND completed_at IS NULL)
      OR (status = 'completed' AND email IS NULL AND completed_at IS NOT NULL))
) STRICT;
CREATE INDEX data_requests_status ON data_requests (status, due_at);
`;
