/**
 * The portal's documents (issue 20, ADRs 145 and 146): one row per file either way between client and firm.
 * The file's own key and its name are personal data, encrypted through the data cipher; the bytes are a
 * sealed file under DATA_DIR/documents named by `file_id`. An unfinished upload has `completed_at` NULL and
 * an `expires_at`; `opened_at` is the firm's first download of a client's file (the client may remove it
 * until then); `report_at` marks the firm's report and `received_at` the client's first download of it.
 * The engagement's `delivered_at` is the report's delivery, which stops the delivery clock.
 * A row deleted by any path (the client, expiry, or an engagement going with its request: retention, erasure,
 * the desk) leaves its file's name in `document_files_deleted`, so the file leaves the disk after the commit.
 */
export const up = `
CREATE TABLE documents (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  public_id      TEXT    NOT NULL UNIQUE,
  engagement_id  INTEGER NOT NULL REFERENCES engagements(id) ON DELETE CASCADE,
  direction      TEXT    NOT NULL CHECK (direction IN ('client', 'firm')),
  file_id        TEXT    NOT NULL UNIQUE,
  file_key       TEXT    NOT NULL,
  name           TEXT    NOT NULL,
  kind           TEXT,
  size           INTEGER NOT NULL CHECK (size >= 0),
  received       INTEGER NOT NULL DEFAULT 0,
  sha256         TEXT,
  created_at     TEXT    NOT NULL,
  expires_at     TEXT,
  completed_at   TEXT,
  uploaded_by    INTEGER REFERENCES admin_users(id) ON DELETE SET NULL,
  opened_at      TEXT,
  report_at      TEXT,
  received_at    TEXT
) STRICT;
CREATE INDEX documents_engagement ON documents(engagement_id, created_at);
CREATE INDEX documents_unfinished ON documents(expires_at) WHERE completed_at IS NULL;
ALTER TABLE engagements ADD COLUMN delivered_at TEXT;
CREATE TABLE document_files_deleted (file_id TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
CREATE TRIGGER documents_file_deleted AFTER DELETE ON documents BEGIN
  INSERT OR IGNORE INTO document_files_deleted (file_id) VALUES (OLD.file_id);
END;
`;
