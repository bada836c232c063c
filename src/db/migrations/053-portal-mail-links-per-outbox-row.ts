/**
 * A portal mail's own link belongs to the outbox row that carries it (ADR 306): made at the row's first attempt,
 * its token held encrypted until the row is sent, and reused by every retry, so a failed attempt leaves no live
 * link that nobody received. A row deleted before it is sent leaves its link unclaimed (the link is voided first).
 */
export const up = `
ALTER TABLE portal_links ADD COLUMN outbox_id INTEGER REFERENCES mail_outbox (id) ON DELETE SET NULL;
CREATE INDEX portal_links_outbox ON portal_links (outbox_id) WHERE outbox_id IS NOT NULL;
`;
