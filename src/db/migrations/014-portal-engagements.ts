/**
 * The client portal's engagement (ADR 123): the letter staff prepare for a request, the link that opens it, the
 * signature, the payments and the work clock. Personal values (scope, the typed name, addresses, browsers, the
 * signed PDF) are encrypted by the repositories; a request's deletion takes all of it with it.
 * - engagements: one per request; the link's token is kept only as its SHA-256.
 * - engagement_events: the audit trail of the certificate of completion, each row chained to the one before by
 *   hash, so a removed or edited event breaks the chain.
 * - engagement_payments: receipts staff record (the money is taken by the firm's processor, never here).
 * - portal_sessions: a client's session, bound to one engagement, kept as the SHA-256 of its cookie.
 */
export const up = `
CREATE TABLE engagements (
  id                        INTEGER PRIMARY KEY,
  submission_id             INTEGER NOT NULL UNIQUE REFERENCES contact_submissions (id) ON DELETE CASCADE,
  scope                     TEXT    NOT NULL,
  fee_cents                 INTEGER NOT NULL CHECK (fee_cents > 0),
  fee_kind                  TEXT    NOT NULL CHECK (fee_kind IN ('flat', 'retainer')),
  turnaround_business_days  INTEGER NOT NULL,
  expedite                  INTEGER NOT NULL DEFAULT 0,
  status                    TEXT    NOT NULL DEFAULT 'draft'
                            CHECK (status IN ('draft', 'sent', 'signed', 'engaged')),
  token_hash                TEXT UNIQUE,
  link_token                TEXT,
  link_expires_at           TEXT,
  sent_at                   TEXT,
  consented_at              TEXT,
  consent_sha256            TEXT,
  signed_at                 TEXT,
  signed_name               TEXT,
  letter_sha256             TEXT,
  signed_pdf                TEXT,
  work_started_at           TEXT,
  delivery_due_at           TEXT,
  created_at                TEXT    NOT NULL,
  updated_at                TEXT    NOT NULL
) STRICT;

CREATE TABLE engagement_events (
  id             INTEGER PRIMARY KEY,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  kind           TEXT    NOT NULL,
  at             TEXT    NOT NULL,
  ip             TEXT,
  user_agent     TEXT,
  detail         TEXT,
  prev_hash      TEXT    NOT NULL,
  hash           TEXT    NOT NULL
) STRICT;
CREATE INDEX engagement_events_engagement ON engagement_events (engagement_id, id);

CREATE TABLE engagement_payments (
  id             INTEGER PRIMARY KEY,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  amount_cents   INTEGER NOT NULL CHECK (amount_cents > 0),
  received_on    TEXT    NOT NULL,
  method         TEXT    NOT NULL,
  recorded_by    TEXT    NOT NULL,
  created_at     TEXT    NOT NULL
) STRICT;
CREATE INDEX engagement_payments_engagement ON engagement_payments (engagement_id);

CREATE TABLE portal_sessions (
  id_hash        TEXT    PRIMARY KEY,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  created_at     TEXT    NOT NULL,
  last_seen_at   TEXT    NOT NULL
) STRICT;
`;
