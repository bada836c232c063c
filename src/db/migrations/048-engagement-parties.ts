/**
 * Engagements signed by everyone they bind (ADR 297). An engagement names its signers in order, each with a
 * role, a name and an address (null: the request's own), and each signs for themselves: their consent, their
 * typed name, when, from where and how they were authenticated. The letter's round records what stops it
 * (waiting on the firm's countersignature, declined with a reason, expired) and when it expires and was last
 * nudged. Links and portal sessions name the signer they were issued to, so each session acts for one signer.
 * Names, addresses, the typed names, addresses of the visitors, the reason and the copy list are personal and
 * encrypted by the repository.
 */
export const up = `
CREATE TABLE engagement_signers (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id      INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  position           INTEGER NOT NULL CHECK (position >= 1),
  role               TEXT    NOT NULL CHECK (role IN ('counsel', 'client')),
  name               TEXT    NOT NULL,
  email              TEXT,
  consented_at       TEXT,
  consent_sha256     TEXT,
  signed_at          TEXT,
  typed_name         TEXT,
  signed_ip          TEXT,
  signed_user_agent  TEXT,
  authentication     TEXT,
  UNIQUE (engagement_id, position)
) STRICT;

ALTER TABLE engagements ADD COLUMN cc TEXT;
ALTER TABLE engagements ADD COLUMN countersign INTEGER NOT NULL DEFAULT 0;
ALTER TABLE engagements ADD COLUMN round_state TEXT
  CHECK (round_state IN ('awaiting-countersignature', 'declined', 'expired'));
ALTER TABLE engagements ADD COLUMN round_expires_at TEXT;
ALTER TABLE engagements ADD COLUMN reminded_at TEXT;
ALTER TABLE engagements ADD COLUMN round_changed_at TEXT;
ALTER TABLE engagements ADD COLUMN declined_reason TEXT;
ALTER TABLE engagements ADD COLUMN declined_by INTEGER;
ALTER TABLE engagements ADD COLUMN countersigned_by TEXT;

ALTER TABLE portal_links ADD COLUMN signer_id INTEGER REFERENCES engagement_signers (id) ON DELETE CASCADE;
ALTER TABLE portal_sessions ADD COLUMN signer_id INTEGER REFERENCES engagement_signers (id) ON DELETE CASCADE;
`;
