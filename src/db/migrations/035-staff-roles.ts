/**
 * Staff roles (issue 32, ADR 258): each admin is an owner, staff or an editor, and each invitation names the role
 * it gives. A row written without one gets the everyday role (staff), never an owner's. Every account and every
 * open invitation made before roles existed had the whole admin: they become owners, so no firm finds itself
 * locked out of its own admin by the upgrade; an owner then gives colleagues the role their job needs.
 */
export const up = `
ALTER TABLE admin_users ADD COLUMN role TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'staff', 'editor'));
UPDATE admin_users SET role = 'owner';

ALTER TABLE staff_invitations ADD COLUMN role TEXT NOT NULL DEFAULT 'staff'
  CHECK (role IN ('owner', 'staff', 'editor'));
UPDATE staff_invitations SET role = 'owner';
`;
