/**
 * Staff display names are personal data, encrypted at rest like every other name (ADR 222): admin_users and
 * staff_invitations keep their columns, which ENCRYPTED_COLUMNS now lists, and the names an audit entry copies
 * (a name change's old and new name, who invited a colleague who joined) move out of its `detail` into `names`,
 * a JSON object the data cipher seals, listed too. SQL holds no key: the first start with the key encrypts every
 * value still in clear and rewrites the file so that no clear copy survives (migration 6's procedure).
 *
 * - The audit log stays append-only: the trigger now refuses a change to any column but `names`, which the key's
 *   rotation and that first start rewrite (the same text, sealed again).
 * - The record of the keys in use is emptied: a command that migrates without the key (`admin passwd`) would
 *   otherwise leave the next start nothing to notice, and it is the census that finds values in clear (ADR 135).
 * - admin_users.demo_checked: the SHA-256 of the password hash that a start outside demo mode found not to be the
 *   public demo password, so later starts verify (about 100 ms an account) only passwords changed since.
 */
export const up = `
ALTER TABLE audit_log ADD COLUMN names TEXT;
DROP TRIGGER audit_log_no_update;
UPDATE audit_log
  SET names = json_object('from', json_extract(detail, '$.from'), 'to', json_extract(detail, '$.to')),
      detail = nullif(json_remove(detail, '$.from', '$.to'), '{}')
  WHERE event = 'staff.name_changed' AND detail IS NOT NULL;
UPDATE audit_log
  SET names = json_object('invitedBy', json_extract(detail, '$.invitedBy')),
      detail = nullif(json_remove(detail, '$.invitedBy'), '{}')
  WHERE event = 'staff.invitation_accepted' AND json_type(detail, '$.invitedBy') IS NOT NULL;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OF id, at, event, user_id, username, client_address, detail
  ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

DELETE FROM data_keys_in_use;

ALTER TABLE admin_users ADD COLUMN demo_checked TEXT;
`;
