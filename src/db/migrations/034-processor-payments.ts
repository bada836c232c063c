/**
 * Payments the firm's card processor reports by webhook (issue 30): one row per processor event, unique by its
 * id, so a delivery repeated by the processor records nothing more. `recorded` rows were matched to a request by
 * the reference the client paid with; `unmatched` ones wait for staff to match (`matched`) or dismiss them.
 * The payer's e-mail, the one personal value, is encrypted as every address is. A row goes with its request.
 */
export const up = `
CREATE TABLE processor_payments (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  processor       TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  object_id       TEXT    NOT NULL,
  payment_intent  TEXT,
  reference       TEXT,
  amount_cents    INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency        TEXT    NOT NULL,
  paid_on         TEXT    NOT NULL,
  payer           TEXT,
  state           TEXT    NOT NULL CHECK (state IN ('recorded', 'unmatched', 'matched', 'dismissed')),
  submission_id   INTEGER REFERENCES contact_submissions (id) ON DELETE CASCADE,
  received_at     TEXT    NOT NULL,
  settled_by      TEXT,
  settled_at      TEXT,
  UNIQUE (processor, event_id)
) STRICT;
CREATE INDEX processor_payments_unmatched ON processor_payments (state, received_at);
CREATE INDEX processor_payments_submission ON processor_payments (submission_id);
`;
