import type { Role } from "../../../contracts/roles";
import { forgettingWrite } from "../../../db/forget-deleted";
import type { Sealed } from "../../../store";
import { hasSecondFactorSql } from "./users";

/**
 * The admin accounts as the Staff screen sees and changes them: who they are, how they are named and reached,
 * and removal. E-mail addresses and display names are stored through the data cipher; removing an admin also
 * forgets the old values on disk (forgetDeleted).
 */
export type StaffRow = {
  id: number;
  username: string;
  displayName: string | null;
  email: string | null;
  mfaEnabled: boolean;
  role: Role;
  lastSignInAt: string | null;
  createdAt: string;
};

type RawStaff = Omit<StaffRow, "mfaEnabled"> & { mfaEnabled: number };

export function staffAccounts({ db, cipher }: Sealed) {
  const q = {
    list: db.prepare<RawStaff, []>(
      `SELECT u.id, u.username, u.display_name AS displayName, u.email, ${hasSecondFactorSql("u")} AS mfaEnabled,
         u.role, u.last_sign_in_at AS lastSignInAt, u.created_at AS createdAt
       FROM admin_users u ORDER BY u.username COLLATE NOCASE`,
    ),
    count: db.prepare<{ n: number }, []>("SELECT count(*) AS n FROM admin_users"),
    owners: db.prepare<{ n: number }, []>("SELECT count(*) AS n FROM admin_users WHERE role = 'owner'"),
    roleOf: db.prepare<{ role: Role }, [number]>("SELECT role FROM admin_users WHERE id = ?"),
    setRole: db.prepare<never, [Role, number]>("UPDATE admin_users SET role = ? WHERE id = ?"),
    remove: db.prepare<never, [number]>("DELETE FROM admin_users WHERE id = ?"),
    signedIn: db.prepare<never, [string, number]>("UPDATE admin_users SET last_sign_in_at = ? WHERE id = ?"),
    setEmail: db.prepare<never, [string | null, number]>("UPDATE admin_users SET email = ? WHERE id = ?"),
    setDisplayName: db.prepare<never, [string | null, number]>(
      "UPDATE admin_users SET display_name = ? WHERE id = ?",
    ),
    profile: db.prepare<{ username: string; email: string | null; displayName: string | null }, [number]>(
      "SELECT username, email, display_name AS displayName FROM admin_users WHERE id = ?",
    ),
  };
  return {
    list: (): StaffRow[] =>
      q.list.all().map((r) => ({
        ...r,
        email: cipher.decryptNullable(r.email),
        displayName: cipher.decryptNullable(r.displayName),
        mfaEnabled: r.mfaEnabled === 1,
      })),
    count: () => q.count.get()?.n ?? 0,
    /** How many owners there are: the firm keeps at least one (ADR 258). */
    owners: () => q.owners.get()?.n ?? 0,
    roleOf: (id: number): Role | null => q.roleOf.get(id)?.role ?? null,
    setRole: (id: number, role: Role) => q.setRole.run(role, id).changes === 1,
    /** Deletes an admin; their sessions and recovery codes go with them (ON DELETE CASCADE). */
    remove: (id: number) => forgettingWrite(db, q.remove.run(id).changes) === 1,
    recordSignIn: (id: number, at: Date) => q.signedIn.run(at.toISOString(), id),
    setEmail: (id: number, email: string | null) => q.setEmail.run(cipher.encryptNullable(email), id),
    setDisplayName: (id: number, name: string | null) =>
      q.setDisplayName.run(cipher.encryptNullable(name), id).changes === 1,
    /** One admin's username, e-mail address and display name; null when there is no such admin. */
    profile(id: number) {
      const r = q.profile.get(id);
      return (
        r && {
          ...r,
          email: cipher.decryptNullable(r.email),
          displayName: cipher.decryptNullable(r.displayName),
        }
      );
    },
  };
}
