/**
 * What the waiting requests' due times were last computed under as a whole (ADR 289): the desk's clock settings,
 * its closures and the version, as one text. A start whose clock is the same has nothing to recompute, so it reads
 * no request; one whose clock differs clears it, recomputes after it listens, and records the new one when done.
 * One row, or none before the first whole recompute.
 */
export const up = `
CREATE TABLE due_times_basis (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  basis        TEXT    NOT NULL,
  computed_at  TEXT    NOT NULL
) STRICT;
`;
