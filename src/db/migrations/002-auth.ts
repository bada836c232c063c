/**
 * Sign-in hardening: two-step sign-in (TOTP) with one-time recovery codes, session stages, and the audit log.
 * The audit log is append-only: triggers refuse UPDATE and DELETE, so not even a bug in our code can rewrite
 * history.
 */
export const up = `
ALTER TABLE admin_users ADD COLUMN totp_secret TEXT;
ALTER TABLE admin_users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE admin_users ADD COLUMN totp_last_step INTEGER;
ALTER TABLE admin_users ADD COLUMN password_changed_at TEXT;

-- "active": signed in. "mfa": password accepted, waiting for the second step. "enrol": signed in only to set
-- up two-step sign-in (REQUIRE_MFA).
ALTER TABLE sessions ADD COLUMN stage TEXT NOT NULL DEFAULT 'active' CHECK (stage IN ('active', 'mfa', 'enrol'));

CREATE TABLE recovery_codes (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  code_hash  TEXT    NOT NULL,
  used_at    TEXT
) STRICT;
CREATE INDEX recovery_codes_user_id ON recovery_codes (user_id);

CREATE TABLE audit_log (
  id              INTEGER PRIMARY KEY,
  at              TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  event           TEXT    NOT NULL,
  user_id         INTEGER,
  username        TEXT,
  client_address  TEXT,
  detail          TEXT
) STRICT;
CREATE INDEX audit_log_at ON audit_log (at DESC);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
`;
