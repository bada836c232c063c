/**
 * The client's 15-minute consultation (issue 20, ADR 170). One row per booking; a move changes its start and
 * raises its `sequence` (the calendar invitation's SEQUENCE, under the same `uid`); a cancel sets
 * `cancelled_at`. The partial UNIQUE index on the start of live bookings is what makes two clients pressing
 * the same slot at once safe: the second insert fails and is answered 409. Another keeps one live booking per
 * engagement. `consultation_changes` keeps what each booking, move and cancel was, so the mail the outbox
 * renders later describes that change and not a later one. Everything goes with the engagement.
 */
export const up = `
CREATE TABLE consultations (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  uid            TEXT    NOT NULL UNIQUE,
  starts_at      TEXT    NOT NULL,
  sequence       INTEGER NOT NULL DEFAULT 0,
  created_at     TEXT    NOT NULL,
  updated_at     TEXT    NOT NULL,
  cancelled_at   TEXT
) STRICT;
CREATE UNIQUE INDEX consultations_slot ON consultations (starts_at) WHERE cancelled_at IS NULL;
CREATE UNIQUE INDEX consultations_live ON consultations (engagement_id) WHERE cancelled_at IS NULL;

CREATE TABLE consultation_changes (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  consultation_id  INTEGER NOT NULL REFERENCES consultations (id) ON DELETE CASCADE,
  kind             TEXT    NOT NULL CHECK (kind IN ('booked', 'moved', 'cancelled')),
  starts_at        TEXT    NOT NULL,
  previous_starts_at TEXT,
  sequence         INTEGER NOT NULL,
  at               TEXT    NOT NULL
) STRICT;
CREATE INDEX consultation_changes_consultation ON consultation_changes (consultation_id);
`;
