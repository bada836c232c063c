import { outranks, ROLES, type Role } from "../../../contracts/roles";
import { forgettingWrite } from "../../../db/forget-deleted";
import type { Sealed } from "../../../store";
import { staffAccounts } from "../../auth";

export type { StaffRow } from "../../auth";

/**
 * The staff: admin accounts as the Staff screen sees them, and invitations. E-mail addresses, display names (the
 * colleague's and the inviter's) and the invitation token are stored through the data cipher; an invitation is
 * looked up by its token's SHA-256. Every write that deletes an admin or wipes a token also forgets the old
 * values on disk (forgetDeleted).
 */
export type InvitationRow = {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  invitedBy: number | null;
  invitedByName: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  acceptedUserId: number | null;
  revokedAt: string | null;
};

const INVITATION = `id, email, display_name AS name, role, invited_by AS invitedBy, invited_by_name AS invitedByName, created_at AS createdAt,
  expires_at AS expiresAt, accepted_at AS acceptedAt, accepted_user_id AS acceptedUserId, revoked_at AS revokedAt`;

export function staffRepo({ db, cipher }: Sealed) {
  // The accounts themselves are the sign-in feature's table (admin_users): read and changed through it.
  const accounts = staffAccounts({ db, cipher });
  const q = {
    insertInvitation: db.prepare<{ id: number }, Record<string, string | number | null>>(
      `INSERT INTO staff_invitations (email, display_name, role, token_hash, token, invited_by, invited_by_name,
         created_at, expires_at)
       VALUES ($email, $name, $role, $tokenHash, $token, $invitedBy, $invitedByName, $createdAt, $expiresAt)
       RETURNING id`,
    ),
    invitationById: db.prepare<InvitationRow, [number]>(
      `SELECT ${INVITATION} FROM staff_invitations WHERE id = ?`,
    ),
    invitationByToken: db.prepare<InvitationRow, [string]>(
      `SELECT ${INVITATION} FROM staff_invitations WHERE token_hash = ?`,
    ),
    tokenOf: db.prepare<{ token: string | null }, [number]>(
      "SELECT token FROM staff_invitations WHERE id = ?",
    ),
    pending: db.prepare<InvitationRow, []>(
      `SELECT ${INVITATION} FROM staff_invitations WHERE accepted_at IS NULL AND revoked_at IS NULL
       ORDER BY created_at DESC, id DESC`,
    ),
    accept: db.prepare<never, [string, number, number, string]>(
      `UPDATE staff_invitations SET accepted_at = ?, accepted_user_id = ?, token = NULL
       WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`,
    ),
    revoke: db.prepare<never, [string, number]>(
      `UPDATE staff_invitations SET revoked_at = ?, token = NULL
       WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL`,
    ),
    revokeSentBy: db.prepare<{ id: number }, [string, number]>(
      `UPDATE staff_invitations SET revoked_at = ?, token = NULL
       WHERE invited_by = ? AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
    ),
    revokeSentWithRoles: db.prepare<{ id: number }, [string, number, string]>(
      `UPDATE staff_invitations SET revoked_at = ?, token = NULL
       WHERE invited_by = ? AND role IN (SELECT value FROM json_each(?))
         AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
    ),
    clearToken: db.prepare<never, [number]>("UPDATE staff_invitations SET token = NULL WHERE id = ?"),
    clearExpiredTokens: db.prepare<never, [string]>(
      "UPDATE staff_invitations SET token = NULL WHERE token IS NOT NULL AND expires_at <= ?",
    ),
  };
  const open = (r: InvitationRow): InvitationRow => ({
    ...r,
    email: cipher.decrypt(r.email),
    name: cipher.decryptNullable(r.name),
    invitedByName: cipher.decrypt(r.invitedByName),
  });
  const readInvitation = (r: InvitationRow | null): InvitationRow | null => r && open(r);

  return {
    ...accounts,

    invite(i: {
      email: string;
      name: string | null;
      role: Role;
      tokenHash: string;
      token: string;
      invitedBy: number;
      invitedByName: string;
      createdAt: Date;
      expiresAt: Date;
    }): number {
      return (
        q.insertInvitation.get({
          email: cipher.encrypt(i.email),
          name: cipher.encryptNullable(i.name),
          role: i.role,
          tokenHash: i.tokenHash,
          token: cipher.encrypt(i.token),
          invitedBy: i.invitedBy,
          invitedByName: cipher.encrypt(i.invitedByName),
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
        })?.id ?? 0
      );
    },
    invitation: (id: number) => readInvitation(q.invitationById.get(id)),
    invitationByTokenHash: (tokenHash: string) => readInvitation(q.invitationByToken.get(tokenHash)),
    /** The token, while the invitation mail may still need it; null once sent or settled. */
    tokenOf: (id: number) => cipher.decryptNullable(q.tokenOf.get(id)?.token ?? null),
    /** Invitations neither accepted nor withdrawn (expired ones included), newest first. */
    pending: () => q.pending.all().map(open),
    /** Uses an open invitation up; false when it was already used, withdrawn or has expired. */
    accept: (id: number, userId: number, at: Date) =>
      forgettingWrite(db, q.accept.run(at.toISOString(), userId, id, at.toISOString()).changes) === 1,
    revoke: (id: number, at: Date) => forgettingWrite(db, q.revoke.run(at.toISOString(), id).changes) === 1,
    /** Withdraws every open invitation (expired ones included) an admin sent; returns their ids. */
    revokeSentBy(inviterId: number, at: Date): number[] {
      const ids = q.revokeSentBy.all(at.toISOString(), inviterId).map((r) => r.id);
      forgettingWrite(db, ids.length);
      return ids;
    },
    /** Withdraws every open invitation (expired ones included) an admin sent that gives more than `role`. */
    revokeSentAbove(inviterId: number, role: Role, at: Date): number[] {
      const above = ROLES.filter((r) => outranks(r, role));
      if (above.length === 0) return [];
      const ids = q.revokeSentWithRoles
        .all(at.toISOString(), inviterId, JSON.stringify(above))
        .map((r) => r.id);
      forgettingWrite(db, ids.length);
      return ids.sort((a, b) => a - b);
    },
    clearToken: (id: number) => forgettingWrite(db, q.clearToken.run(id).changes),
    clearExpiredTokens: (at: Date) => forgettingWrite(db, q.clearExpiredTokens.run(at.toISOString()).changes),
  };
}

export type StaffRepo = ReturnType<typeof staffRepo>;
