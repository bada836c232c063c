import { forgetDeleted } from "../../../db/index";
import type { DataStore } from "../../../store";
import { type AuditActor, writeAudit } from "../../audit";
import { forgetRequest, type IntakeFacts } from "../../desk";

/** Why an intake was erased, as its receipt names it: the event, the rule, who (when a person did) and more ids. */
export type ErasureReceipt = {
  event: string;
  rule: string;
  actor?: AuditActor;
  detail?: Record<string, string | number | boolean | null>;
};

/**
 * The one way an intake's personal data is erased, whether a data-rights deletion or the retention purge asks:
 * the desk forgets the request (its row and, by its owners' ON DELETE CASCADE, its notes, replies, responses,
 * mail, engagement, consultations and documents, whose files follow), its words leave the search, and a receipt
 * with no personal data is written in the audit log. Once the caller's transaction commits, `afterCommit` forgets
 * the erased values' old pages on disk. Both callers go through here, so both erase the same things (ADR 234).
 */
export function createErasure(store: DataStore) {
  const forget = forgetRequest(store);
  return {
    /** Inside the caller's transaction: erases each intake still stored, with its receipt; answers those erased. */
    erase<T extends IntakeFacts>(intakes: readonly T[], receipt: ErasureReceipt, at: Date): T[] {
      const erased: T[] = [];
      for (const intake of intakes) {
        if (!forget(intake.id)) continue;
        erased.push(intake);
        writeAudit(store, {
          event: receipt.event,
          actor: receipt.actor,
          at,
          detail: {
            ...receipt.detail,
            reference: intake.reference,
            status: intake.status,
            receivedAt: intake.receivedAt,
            deletedAt: at.toISOString(),
            rule: receipt.rule,
          },
        });
      }
      return erased;
    },
    /** After the erasing transaction committed: what it deleted leaves the file's free pages and the WAL. */
    afterCommit: () => forgetDeleted(store.db),
  };
}

export type Erasure = ReturnType<typeof createErasure>;
