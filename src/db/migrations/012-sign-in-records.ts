/**
 * What sign-in leaves behind.
 * - sessions.signed_in_with: how the session was signed in, 'password' alone or 'password+mfa' (a code from the
 *   authenticator app or a recovery code too). The rule in force decides on every request what a password-only
 *   session may open (src/modules/auth/guard.ts). Sessions from before cannot say, so they count as password-only.
 * - A failed sign-in recorded the username as typed even when it named no admin, and that is often a password
 *   typed into the wrong field. The audit log refuses updates (migration 2); this one-time correction lifts that
 *   for one statement, leaves an entry saying how many usernames it removed, and asks for the file to be
 *   rewritten (data_at_rest.scrub_pending, migration 6) so that no copy survives in free pages or the WAL.
 */
export const up = `
ALTER TABLE sessions ADD COLUMN signed_in_with TEXT NOT NULL DEFAULT 'password'
  CHECK (signed_in_with IN ('password', 'password+mfa'));

DROP TRIGGER audit_log_no_update;
INSERT INTO audit_log (event, detail)
  SELECT 'audit.unknown_usernames_removed', json_object('entries', count(*)) FROM audit_log
  WHERE event = 'login.failed' AND username IS NOT NULL AND json_extract(detail, '$.reason') = 'unknown_username'
  HAVING count(*) > 0;
UPDATE audit_log SET username = NULL
  WHERE event = 'login.failed' AND username IS NOT NULL AND json_extract(detail, '$.reason') = 'unknown_username';
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
UPDATE data_at_rest SET scrub_pending = 1
  WHERE EXISTS (SELECT 1 FROM audit_log WHERE event = 'audit.unknown_usernames_removed');
`;
