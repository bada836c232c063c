/**
 * Each signer's own way in (issue 47, ADR 305):
 * - engagement_signers.access_code_hash: the access code the firm tells a signer by phone, kept only as a
 *   password hash (Bun.password), never in clear: the portal asks for it before a link of theirs opens anything.
 * - portal_links.code_failures, locked_at: wrong codes entered with a link; the fifth locks it (it opens nothing
 *   more, and the desk sees it locked and sends a new one).
 * - portal_devices.signer_id, portal_passkeys.signer_id: the signer whose session kept the device or added the
 *   passkey, so what it opens acts for them (null: made before parties were stored, the requester's).
 */
export const up = `
ALTER TABLE engagement_signers ADD COLUMN access_code_hash TEXT;
ALTER TABLE portal_links ADD COLUMN code_failures INTEGER NOT NULL DEFAULT 0 CHECK (code_failures >= 0);
ALTER TABLE portal_links ADD COLUMN locked_at TEXT;
ALTER TABLE portal_devices ADD COLUMN signer_id INTEGER REFERENCES engagement_signers (id) ON DELETE CASCADE;
ALTER TABLE portal_passkeys ADD COLUMN signer_id INTEGER REFERENCES engagement_signers (id) ON DELETE CASCADE;
`;
