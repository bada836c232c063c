/**
 * Two records of the data key (ADRs 286 and 287):
 * - data_key_copies: an owner's word that a copy of a key made by the server (DATA_DIR/data-key) is kept off the
 *   machine; until then the setup list leads with the key. Its id only, never the key.
 * - mail_outbox.key_wait: why a mail waits for a data key (its data was written with a key this server does not
 *   hold). Such a mail is not the mail's fault: it stays pending, its attempts uncounted, and goes once a server
 *   with the key starts. Key ids only, in clear, so the dashboard can say why whatever key the server holds.
 */
export const up = `
CREATE TABLE data_key_copies (
  key_id        TEXT PRIMARY KEY,
  confirmed_at  TEXT NOT NULL,
  confirmed_by  TEXT NOT NULL
) STRICT;
ALTER TABLE mail_outbox ADD COLUMN key_wait TEXT;
`;
