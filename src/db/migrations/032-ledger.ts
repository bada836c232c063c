/**
 * The engagement's money as an append-only ledger (issue 30, ADR 252). Each entry is a line of the engagement's
 * account on a firm's day: a fee, a subscription month's charge, time, an expense, a payment or an adjustment that
 * names the entry it corrects. An entry a job or a hook writes carries its source ("payment:12"), unique, so a
 * retry writes nothing twice. The database itself refuses to change or delete an entry: only the erasure of its
 * engagement takes it (the engagement is gone first, then ON DELETE CASCADE), and a new data key may rewrite the
 * description's ciphertext (the one column encrypted). An engagement's draft gains the hourly rate its time is
 * billed at (ADR 253).
 */
export const up = `
CREATE TABLE ledger_entries (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  source         TEXT    UNIQUE,
  on_date        TEXT    NOT NULL,
  kind           TEXT    NOT NULL
                 CHECK (kind IN ('fee', 'charge', 'time', 'expense', 'payment', 'adjustment')),
  description    TEXT    NOT NULL,
  amount_cents   INTEGER NOT NULL CHECK (amount_cents <> 0),
  minutes        INTEGER CHECK (minutes IS NULL OR minutes > 0),
  rate_cents     INTEGER CHECK (rate_cents IS NULL OR rate_cents > 0),
  document_id    TEXT,
  corrects       INTEGER REFERENCES ledger_entries (id),
  recorded_by    TEXT,
  created_at     TEXT    NOT NULL
) STRICT;
CREATE INDEX ledger_entries_engagement ON ledger_entries (engagement_id, id);
CREATE INDEX ledger_entries_on ON ledger_entries (on_date);

CREATE TRIGGER ledger_entries_never_changed
BEFORE UPDATE OF id, engagement_id, source, on_date, kind, amount_cents, minutes, rate_cents, document_id,
  corrects, recorded_by, created_at ON ledger_entries
BEGIN
  SELECT RAISE(ABORT, 'ledger entries are never changed: record an adjustment that corrects one');
END;

CREATE TRIGGER ledger_entries_never_deleted
BEFORE DELETE ON ledger_entries
WHEN EXISTS (SELECT 1 FROM engagements WHERE id = OLD.engagement_id)
BEGIN
  SELECT RAISE(ABORT, 'ledger entries are never deleted: record an adjustment that corrects one');
END;

ALTER TABLE engagements ADD COLUMN hourly_rate_cents INTEGER
  CHECK (hourly_rate_cents IS NULL OR hourly_rate_cents > 0);
UPDATE engagements SET hourly_rate_cents = 35000 WHERE fee_kind = 'retainer';
`;
