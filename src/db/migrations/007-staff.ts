/**
 * Staff managed in the admin: invitations by e-mail and the time of each admin's last sign-in.
 *
 * An invitation is found by the SHA-256 of its one-time token. The e-mail address and, until the invitation
 * mail has gone out, the token itself (the mail is rendered when it is sent) are stored through the data
 * cipher; the token is wiped once the mail is sent or the invitation is settled (ADR 035).
 */
export const up = `
CREATE TABLE staff_invitations (
  id                INTEGER PRIMARY KEY,
  email             TEXT    NOT NULL,
  token_hash        TEXT    NOT NULL UNIQUE,
  token             TEXT,
  invited_by        INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  invited_by_name   TEXT    NOT NULL,
  created_at        TEXT    NOT NULL,
  expires_at        TEXT    NOT NULL,
  accepted_at       TEXT,
  accepted_user_id  INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  revoked_at        TEXT,
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
) STRICT;
CREATE INDEX staff_invitations_open ON staff_invitations (expires_at) WHERE accepted_at IS NULL AND revoked_at IS NULL;

ALTER TABLE admin_users ADD COLUMN last_sign_in_at TEXT;
`;
