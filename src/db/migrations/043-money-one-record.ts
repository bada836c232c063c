/**
 * The money has one record, the ledger (ADR 285). A subscription's month no longer keeps what was paid of it
 * (paid_cents, settled by a payment of its own beside the ledger's entry): what a month is paid through is read
 * from the ledger's payments and charges, so the two can no longer tell different stories. The months stay, with
 * the amount each was raised at: the ledger's charge of a month is written from it (and, for a month raised by an
 * earlier version, by the start's backfill).
 *
 * A dispute the processor opens on a payment (Stripe's `charge.dispute.created`) is recorded once per dispute,
 * beside the payment it names: with its engagement and ledger entry when the ledger holds that payment, without
 * them when it does not. It stores no amount: what is disputed is the payment's, as the ledger has it.
 */
export const up = `
ALTER TABLE subscription_charges DROP COLUMN paid_cents;

CREATE TABLE ledger_disputes (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  processor_dispute  TEXT    NOT NULL UNIQUE,
  processor_intent   TEXT,
  engagement_id      INTEGER REFERENCES engagements (id) ON DELETE CASCADE,
  entry_id           INTEGER REFERENCES ledger_entries (id),
  reason             TEXT    NOT NULL,
  opened_on          TEXT    NOT NULL,
  created_at         TEXT    NOT NULL
) STRICT;
CREATE INDEX ledger_disputes_engagement ON ledger_disputes (engagement_id);
`;
