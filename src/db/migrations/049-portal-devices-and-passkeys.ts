/**
 * The client's ways back into the portal (issue 44, ADR 299), each bound to one engagement like its sessions:
 * - portal_devices: a browser the client chose to keep signed in for 30 days. Only the SHA-256 of its cookie's
 *   value is kept; `browser` is a short name of it ("Chrome on macOS") for the desk's list. Ended (by the desk,
 *   by signing out, by the request's closing) rather than deleted, so the desk's list says when and by whom.
 * - portal_sessions.device_id: the device a session was opened by (or kept with): ending the device ends it.
 *   portal_sessions.opened_by: what opened it (an emailed link, a device kept signed in, a passkey).
 * - portal_passkeys: the client's WebAuthn credentials, as staff's (migration 036) but scoped to the engagement;
 *   the name the client gave it is encrypted like every value they type.
 * - portal_passkey_challenges: one pending challenge per key, short-lived and single use (claimed by DELETE).
 * - audit_log_submission: the request's history reads the audit entries about one request.
 */
export const up = `
CREATE TABLE portal_devices (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  token_hash     TEXT    NOT NULL UNIQUE,
  browser        TEXT    NOT NULL,
  created_at     TEXT    NOT NULL,
  expires_at     TEXT    NOT NULL,
  last_used_at   TEXT    NOT NULL,
  ended_at       TEXT,
  ended_by       TEXT
) STRICT;
CREATE INDEX portal_devices_engagement ON portal_devices (engagement_id);

ALTER TABLE portal_sessions ADD COLUMN device_id INTEGER REFERENCES portal_devices (id) ON DELETE CASCADE;
ALTER TABLE portal_sessions ADD COLUMN opened_by TEXT NOT NULL DEFAULT 'link'
  CHECK (opened_by IN ('link', 'device', 'passkey'));

CREATE TABLE portal_passkeys (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id   INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  credential_id   TEXT    NOT NULL UNIQUE,
  public_key      BLOB    NOT NULL,
  counter         INTEGER NOT NULL CHECK (counter >= 0),
  transports      TEXT    NOT NULL DEFAULT '[]',
  backed_up       INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
  name            TEXT    NOT NULL,
  created_at      TEXT    NOT NULL,
  last_used_at    TEXT
) STRICT;
CREATE INDEX portal_passkeys_engagement ON portal_passkeys (engagement_id);

CREATE TABLE portal_passkey_challenges (
  purpose        TEXT    NOT NULL CHECK (purpose IN ('register', 'sign_in')),
  key_hash       TEXT    NOT NULL,
  challenge      TEXT    NOT NULL,
  engagement_id  INTEGER REFERENCES engagements (id) ON DELETE CASCADE,
  expires_at     TEXT    NOT NULL,
  PRIMARY KEY (purpose, key_hash)
) STRICT;

CREATE INDEX audit_log_submission ON audit_log (json_extract(detail, '$.submissionId'), id)
  WHERE json_valid(detail);
`;
