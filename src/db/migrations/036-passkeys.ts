/**
 * Passkeys (issue 32, ADRs 260 and 261): each admin's WebAuthn credentials and the challenges of ceremonies
 * under way.
 *
 * - passkeys: the credential's id (base64url, as the browser names it), its COSE public key, the signature
 *   counter, the transports the browser reported (JSON), the backup flags (eligible: a synced passkey; state:
 *   backed up now), the name the admin gave it (encrypted, like every value an admin types) and when it was
 *   made and last used. Removed with its admin and by a reset of the second factor.
 * - passkey_challenges: one pending challenge per key, short-lived and single use (claimed by DELETE). A
 *   registration's key is its session's id hash; a sign-in's the SHA-256 of a random id in a signed cookie.
 */
export const up = `
CREATE TABLE passkeys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL CHECK (counter >= 0),
  transports TEXT NOT NULL DEFAULT '[]',
  backup_eligible INTEGER NOT NULL CHECK (backup_eligible IN (0, 1)),
  backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE passkey_challenges (
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in')),
  key_hash TEXT NOT NULL,
  challenge TEXT NOT NULL,
  user_id INTEGER REFERENCES admin_users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (purpose, key_hash)
);
`;
