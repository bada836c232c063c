/**
 * Statements of account (issue 30, ADR 254): each a document the firm issued on an engagement, numbered from 1
 * per engagement and never renumbered. The PDF is kept as it was issued (encrypted as the letters are, its SHA-256
 * in clear to prove on every reading that the bytes are the ones issued), with the ledger entries it showed, so
 * the next statement shows only what came after. Nothing of an issued statement changes: a trigger refuses any
 * update but the cipher's re-encryption of the PDF. Statements go with the engagement.
 */
export const up = `
CREATE TABLE statements (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  submission_id  INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  number         INTEGER NOT NULL CHECK (number > 0),
  from_on        TEXT,
  through_on     TEXT    NOT NULL,
  entry_ids      TEXT    NOT NULL,
  balance_cents  INTEGER NOT NULL,
  replenish      INTEGER NOT NULL CHECK (replenish IN (0, 1)),
  pdf            TEXT    NOT NULL,
  sha256         TEXT    NOT NULL,
  issued_by      TEXT    NOT NULL CHECK (issued_by IN ('staff', 'schedule')),
  issued_at      TEXT    NOT NULL,
  UNIQUE (engagement_id, number)
) STRICT;
CREATE INDEX statements_submission ON statements (submission_id);

CREATE TRIGGER statements_issued_never_change
BEFORE UPDATE OF id, engagement_id, submission_id, number, from_on, through_on, entry_ids, balance_cents,
  replenish, sha256, issued_by, issued_at ON statements
BEGIN
  SELECT RAISE(ABORT, 'an issued statement never changes');
END;
`;
