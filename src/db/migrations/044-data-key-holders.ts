/**
 * The servers running on this data folder and the data keys each holds (ADR 286): a server adds its row at start,
 * marks it seen every 30 s and removes it when it stops. `tracewell keys rotate` reads it and refuses while a
 * server that does not hold the new key still runs: that server could no longer read what the rotation rewrites.
 * A row not seen for 90 s is a server that was killed: it counts for nothing. Key ids only, never a key.
 */
export const up = `
CREATE TABLE data_key_holders (
  instance    TEXT PRIMARY KEY,
  pid         INTEGER NOT NULL,
  host        TEXT NOT NULL,
  key_ids     TEXT NOT NULL,
  started_at  TEXT NOT NULL,
  seen_at     TEXT NOT NULL
) STRICT;
`;
