import type { Database } from "bun:sqlite";
import type { Sealed } from "../../store";
import type { AuditActor, AuditEntryInput } from "./model";
import { auditRoutes } from "./routes";
import { createAuditService, type NameOf, sealAuditNamesWith, writeAudit } from "./service";

/**
 * The audit log: the one writer every feature records through, and the audit page. The page names authors by
 * the accounts' feature (auth), which hands `names` in: this feature imports no other.
 */
export function createAudit(deps: {
  store: Sealed;
  names: NameOf;
  referenceOf?: (submissionId: number) => string | null;
}) {
  sealAuditNamesWith(deps.store);
  const service = createAuditService(deps);
  return { service, routes: auditRoutes(service) };
}

/** The writer as the features not yet moved to writeAudit call it (documents): the same one writer. */
export const appendAudit = (db: Database, e: AuditEntryInput) => writeAudit({ db }, e);

/** Who did an admin action, for the audit log: the signed-in admin and the address they came from. */
export type Actor = AuditActor;

/**
 * Writes one admin action to the audit log through its one writer: who did it, from where, and what identifies
 * it. Kept for the features that call it by this name.
 */
export const auditBy = (
  db: Database,
  actor: Actor,
  event: string,
  detail: Record<string, string | number | boolean | null>,
  at: Date,
) => writeAudit({ db }, { event, actor, detail, at });

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export type { AuditActor, AuditClient, AuditEntry, AuditEntryInput, AuditNames, AuditRecord } from "./model";
export { auditOfSubmission, listAudit } from "./repo/audit-log";
export { CLIENT_USERNAME, readDisplayNamesWith, writeAudit } from "./service";
