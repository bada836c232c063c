/**
 * Staff have a display name (issue 21): chosen by whoever invites them and changed on the Account screen. Replies
 * to clients are signed with it and the desk and the audit log name people by it. Null for an admin who has none
 * yet: they are shown by their e-mail address, else their username.
 */
export const up = `
ALTER TABLE admin_users ADD COLUMN display_name TEXT;
ALTER TABLE staff_invitations ADD COLUMN display_name TEXT;
`;
