import type { Sealed } from "../../../store";

/**
 * How a colleague is named wherever the team or a client reads who did something (the desk's history, the audit
 * log, a reply's signature): their display name, else their e-mail address, else their username. Records keep
 * the username they were written with; the name is looked up when they are read, so a new name shows at once
 * everywhere, and a removed colleague is still shown by the username the record holds. Names and addresses are
 * stored encrypted (ADR 222) and decrypted here, once per reader.
 */
export type StaffNames = {
  /** The shown name of the admin with this username, or the username itself when no admin has it now. */
  of(username: string): string;
  /** The shown name of the admin with this id, or null when there is none. */
  ofId(id: number): string | null;
  /** The display name itself of the admin with this username: null when they have none (or no admin has it). */
  displayName(username: string): string | null;
};

type Row = { id: number; username: string; email: string | null; displayName: string | null };

export const shownName = (r: { username: string; email: string | null; displayName: string | null }) =>
  r.displayName ?? r.email ?? r.username;

/** Every admin's shown name, read once: build one per request or screen, not one for the process. */
export function staffNames({ db, cipher }: Sealed): StaffNames {
  const rows = db
    .query<Row, []>("SELECT id, username, email, display_name AS displayName FROM admin_users")
    .all()
    .map((r) => ({
      ...r,
      email: cipher.decryptNullable(r.email),
      displayName: cipher.decryptNullable(r.displayName),
    }));
  const byName = new Map(rows.map((r) => [r.username, shownName(r)]));
  const byId = new Map(rows.map((r) => [r.id, shownName(r)]));
  const displayNames = new Map(rows.map((r) => [r.username, r.displayName]));
  return {
    displayName: (username) => displayNames.get(username) ?? null,
    of: (username) => byName.get(username) ?? username,
    ofId: (id) => byId.get(id) ?? null,
  };
}
