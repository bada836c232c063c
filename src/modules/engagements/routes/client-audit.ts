import { clientAddress, type PeerAddressSource } from "../../../http/client-address";
import type { DataStore } from "../../../store";
import { writeAudit } from "../../audit";
import { contactSubmissions } from "../../desk";
import { engagementFacts } from "../repo/facts";

/**
 * The client's step in another portal feature (a booking, an upload) in the audit log, as the portal records its
 * own (ADR 290): under the engagement's client name (sealed with the entry), from the address they came from.
 */
export function clientAudit(store: DataStore, trustProxy: boolean, now: () => Date) {
  const engagements = engagementFacts(store.db);
  const submissions = contactSubmissions(store);
  return (request: Request, server: PeerAddressSource, engagementId: number, event: string) => {
    const e = engagements.byId(engagementId);
    if (!e) return;
    writeAudit(store, {
      event,
      client: {
        name: submissions.byId(e.submissionId)?.name ?? "",
        clientAddress: clientAddress(request, server, trustProxy),
      },
      detail: { submissionId: e.submissionId },
      at: now(),
    });
  };
}

export type ClientAudit = ReturnType<typeof clientAudit>;
