/**
 * What the audit log holds. An entry names who did what, from where, when, and the ids and short facts that
 * identify it; never personal data from intakes and never a secret.
 */
export type AuditEntryInput = {
  event: string;
  userId?: number | null;
  username?: string | null;
  clientAddress?: string | null;
  detail?: Record<string, string | number | boolean | null>;
  at?: Date;
};

export type AuditEntry = {
  id: number;
  at: string;
  event: string;
  username: string | null;
  clientAddress: string | null;
  detail: Record<string, unknown> | null;
};

/** Staff names an entry copies, by the detail's key they are read back under. */
export type AuditNames = Record<string, string | null>;

/** Who did something, as the admin routes name them. */
export type AuditActor = { id: number; username: string; clientAddress: string };

/**
 * One entry as every writer hands it over: the event, its facts and when; who did it either as a signed-in
 * admin (`actor`) or by the fields the sign-in steps and the operator's commands know (`userId`, `username`,
 * `clientAddress`); and the staff names it copies (`names`), which are sealed before they are stored.
 */
export type AuditRecord = AuditEntryInput & { actor?: AuditActor; names?: AuditNames; client?: AuditClient };

/**
 * The client acting in the portal: named as the engagement's client (sealed with the staff names, so no intake's
 * name is stored in the clear) from the address they came from; the entry's username is "client".
 */
export type AuditClient = { name: string; clientAddress: string | null };
