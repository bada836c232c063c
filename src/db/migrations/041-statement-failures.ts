/**
 * The monthly statements that could not be made (ADR 282): one row per engagement whose last statement failed,
 * with the day it covers through, why, and the firm's day of the attempt. The run carries on past it, records its
 * day done, and tries the failed one again on the next day; a statement issued for it (by the run or by staff)
 * clears the row. The dashboard lists what is here. A row goes with its engagement.
 */
export const up = `
CREATE TABLE statement_failures (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL UNIQUE REFERENCES engagements (id) ON DELETE CASCADE,
  through_on     TEXT    NOT NULL,
  reason         TEXT    NOT NULL,
  failed_on      TEXT    NOT NULL,
  failed_at      TEXT    NOT NULL,
  attempts       INTEGER NOT NULL CHECK (attempts > 0)
) STRICT;
`;
