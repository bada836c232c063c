/**
 * The entities of the specification (section 3) plus server-side sessions. Booleans are INTEGER 0/1 with a
 * CHECK, times are ISO-8601 UTC text, and every table is STRICT so a wrong type is refused, not coerced.
 */
export const up = `
CREATE TABLE contact_submissions (
  id               INTEGER PRIMARY KEY,
  name             TEXT    NOT NULL,
  firm             TEXT,
  email            TEXT    NOT NULL,
  phone            TEXT    NOT NULL,
  role             TEXT    NOT NULL,
  matter_type      TEXT    NOT NULL,
  subject_type     TEXT    NOT NULL,
  jurisdictions    TEXT    NOT NULL,
  desired_service  TEXT    NOT NULL,
  description      TEXT    NOT NULL,
  acknowledgment   INTEGER NOT NULL DEFAULT 1 CHECK (acknowledgment IN (0, 1)),
  submitted_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  email_sent       INTEGER NOT NULL DEFAULT 0 CHECK (email_sent IN (0, 1)),
  email_error      TEXT
) STRICT;
CREATE INDEX contact_submissions_submitted_at ON contact_submissions (submitted_at DESC);

CREATE TABLE articles (
  id            INTEGER PRIMARY KEY,
  slug          TEXT    NOT NULL UNIQUE,
  title         TEXT    NOT NULL,
  description   TEXT    NOT NULL,
  content       TEXT    NOT NULL,
  author        TEXT    NOT NULL,
  reading_time  TEXT    NOT NULL DEFAULT '5 min read',
  published     INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
  published_at  TEXT,
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE resources (
  id           INTEGER PRIMARY KEY,
  title        TEXT    NOT NULL,
  description  TEXT    NOT NULL,
  format       TEXT    NOT NULL,
  size         TEXT    NOT NULL,
  path         TEXT    NOT NULL,
  category     TEXT    NOT NULL DEFAULT 'general',
  published    INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE case_studies (
  id                INTEGER PRIMARY KEY,
  title             TEXT    NOT NULL,
  category          TEXT    NOT NULL,
  description       TEXT    NOT NULL,
  challenge         TEXT    NOT NULL,
  approach          TEXT    NOT NULL,
  outcome           TEXT    NOT NULL,
  assets_recovered  TEXT,
  turnaround_days   INTEGER CHECK (turnaround_days IS NULL OR turnaround_days >= 0),
  published         INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
  published_at      TEXT,
  created_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE admin_users (
  id             INTEGER PRIMARY KEY,
  username       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  password_hash  TEXT    NOT NULL,
  email          TEXT,
  created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- The cookie carries a random id; only its SHA-256 is stored, so a copy of the database opens no session.
CREATE TABLE sessions (
  id_hash       TEXT    PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_seen_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at    TEXT    NOT NULL
) STRICT;
CREATE INDEX sessions_user_id ON sessions (user_id);
`;
