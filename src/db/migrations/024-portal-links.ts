import type { Database } from "bun:sqlite";
import { forgetDeleted } from "../forget-deleted";

/**
 * The portal's links become rows of their own (ADR 218): several can be outstanding for one engagement (the
 * desk's and each one the client asked for), each opens the portal once (`used_at`, set in the same write as
 * the session it opens), and `voided_at` marks one the desk replaced. The token is kept only as its SHA-256;
 * its clear copy (`token`, encrypted) waits for the mail that carries it and is wiped once that mail is sent.
 *
 * The link each engagement held in its own columns moves here with its hash and expiry. One that has not opened
 * the portal yet keeps working, now once; one that already has (`opened` events since it was sent) is marked
 * used at this upgrade and opens nothing more. Its clear token stays only while a mail that carries it is not
 * yet sent, and that mail's row now names the link. The engagement's own link columns are emptied and no
 * longer read.
 */
const SQL = `
CREATE TABLE portal_links (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  token_hash     TEXT    NOT NULL UNIQUE,
  token          TEXT,
  created_at     TEXT    NOT NULL,
  expires_at     TEXT    NOT NULL,
  used_at        TEXT,
  voided_at      TEXT
) STRICT;
CREATE INDEX portal_links_engagement ON portal_links (engagement_id, id);

INSERT INTO portal_links (engagement_id, token_hash, token, created_at, expires_at, used_at)
SELECT e.id, e.token_hash,
  CASE WHEN EXISTS (SELECT 1 FROM mail_outbox m
                    WHERE m.kind = 'portal-link' AND m.ref_id = e.id AND m.state <> 'sent')
       THEN e.link_token END,
  coalesce(e.sent_at, e.updated_at), e.link_expires_at,
  CASE WHEN EXISTS (SELECT 1 FROM engagement_events ev
                    WHERE ev.engagement_id = e.id AND ev.kind = 'opened' AND ev.at >= coalesce(e.sent_at, ''))
       THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
FROM engagements e
WHERE e.token_hash IS NOT NULL AND e.link_expires_at IS NOT NULL;

UPDATE mail_outbox SET ref_id = (SELECT l.id FROM portal_links l WHERE l.engagement_id = mail_outbox.ref_id)
WHERE kind = 'portal-link' AND ref_id IS NOT NULL;

`;

const EMPTY_OLD_COLUMNS = `
UPDATE engagements SET token_hash = NULL, link_token = NULL, link_expires_at = NULL
WHERE token_hash IS NOT NULL OR link_token IS NOT NULL OR link_expires_at IS NOT NULL`;

export function up(db: Database) {
  db.exec(SQL);
  // The tokens just emptied leave the disk too, not only the table (ADR 105).
  if (db.query(EMPTY_OLD_COLUMNS).run().changes > 0) forgetDeleted(db);
}
