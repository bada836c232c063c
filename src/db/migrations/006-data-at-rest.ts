/**
 * Personal data at rest: earlier versions stored intakes, notes and TOTP secrets in clear. The server encrypts
 * those values at its next start (it holds the key; SQL does not), and then rewrites the whole file (VACUUM) and
 * empties the WAL so that no clear copy survives in free pages. `scrub_pending` says that rewrite is still owed:
 * set here for a database that may hold clear remnants, and again whenever clear values are encrypted, cleared
 * only once the rewrite has finished, so a crash in between repeats it at the next start.
 */
export const up = `
CREATE TABLE data_at_rest (
  id             INTEGER PRIMARY KEY CHECK (id = 1),
  scrub_pending  INTEGER NOT NULL CHECK (scrub_pending IN (0, 1)),
  scrubbed_at    TEXT
) STRICT;
INSERT INTO data_at_rest (id, scrub_pending) VALUES (1, 1);
`;
