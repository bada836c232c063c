/**
 * One payment per thing paid (ADR 281). A ledger entry of a payment the processor reported carries what was paid:
 * the Checkout Session and the PaymentIntent ("stripe:cs_…", "stripe:pi_…"), each unique, so the same session
 * or intent arriving under another event id or another event type is written once, whatever brought it (the
 * webhook, or staff matching a copy). Entries written before carry neither; NULLs never clash. The processor's
 * own rows are found by session and intent too, so a copy is recognised before it is stored.
 */
export const up = `
ALTER TABLE ledger_entries ADD COLUMN processor_object TEXT;
ALTER TABLE ledger_entries ADD COLUMN processor_intent TEXT;
CREATE UNIQUE INDEX ledger_entries_processor_object ON ledger_entries (processor_object);
CREATE UNIQUE INDEX ledger_entries_processor_intent ON ledger_entries (processor_intent);
CREATE INDEX processor_payments_object ON processor_payments (processor, object_id);
CREATE INDEX processor_payments_intent ON processor_payments (processor, payment_intent);
`;
