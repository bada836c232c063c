/**
 * Each backup run's result (issue 31): when, whether it was written and verified, its size, where it went and
 * the error when it failed. The admin's backup screen, the dashboard's warning and the digest read it. No
 * personal data: an archive's name is its time.
 */
export const up = `
CREATE TABLE backup_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
  bytes INTEGER NOT NULL,
  name TEXT,
  targets TEXT NOT NULL,
  error TEXT
);
CREATE INDEX backup_runs_at ON backup_runs (at);
`;
