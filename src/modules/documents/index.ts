import type { Config } from "../../config";
import { clamdLabel } from "../../contracts/scanning";
import { onForgetting } from "../../db/forget-deleted";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import { clientAudit, portalMailLinks, type RequirePortalSession } from "../engagements";
import type { MailOutbox } from "../mail";
import { clamdScanner } from "./lib/clamd";
import { documentFiles } from "./lib/file-store";
import { documentMailRenderers } from "./mail";
import { portalDocumentRoutes } from "./routes/portal";
import { documentStaffRoutes } from "./routes/staff";
import { createDocumentsService, type DocumentsDeps } from "./service";

export { documentsBytes } from "./lib/file-store";

/** The documents feature as the app composes it: the portal's routes, and what other features call. */
export function createDocuments(deps: {
  store: DataStore;
  config: Config;
  requireSession: RequirePortalSession;
  auth: Pick<Auth, "requireAdmin">;
  outbox: Pick<MailOutbox, "enqueue" | "wake" | "register">;
  /** Judgment Intel's subscription, told when a sweep report is delivered. */
  sweeps: DocumentsDeps["sweeps"];
  /** The list of documents asked of the client: told of the uploads that answer its items (ADR 295). */
  requests?: DocumentsDeps["requests"];
  logger?: Logger;
  now: () => Date;
}) {
  const { now } = deps;
  const bodyTimeoutMs = deps.config.bodyTimeoutSeconds * 1000;
  const files = documentFiles(deps.config.dataDir);
  const { clamd } = deps.config;
  const scanner = clamd ? clamdScanner(clamd) : null;
  const service = createDocumentsService({
    store: deps.store,
    config: deps.config,
    files,
    sweeps: deps.sweeps,
    requests: deps.requests,
    scanner,
    logger: deps.logger,
    now,
  });
  // Files of rows deleted by any feature leave the disk after its commit; and at the server's start
  // (service.sweepDeleted, src/compose.ts), for a crash in between.
  onForgetting(deps.store.db, () => service.sweepDeleted());
  for (const [kind, render] of Object.entries(
    documentMailRenderers(deps.store, deps.config, portalMailLinks(deps.store, deps.config, deps.now)),
  ))
    deps.outbox.register(kind, render);
  return {
    service,
    staffRoutes: documentStaffRoutes({
      store: deps.store,
      auth: deps.auth,
      service,
      outbox: deps.outbox,
      trustProxy: deps.config.trustProxy,
      bodyTimeoutMs,
      now,
    }),
    files,
    /** Whether the virus scanner answers (/readyz): off while CLAMD_URL is unset, else ok or why not. */
    scannerReachable: async (): Promise<"ok" | "off" | { error: string }> => {
      if (!scanner || !clamd) return "off";
      return (await scanner.ping()) ? "ok" : { error: `clamd at ${clamdLabel(clamd)} does not answer PING` };
    },
    /** Whether uploads are scanned: for the setup list. */
    scanned: scanner !== null,
    /** The engagement's files delivered as sweep reports: when, and the client's first download (the receipt). */
    sweepReceipts: (engagementId: number) =>
      service
        .list(engagementId)
        .flatMap((d) => (d.sweepAt ? [{ deliveredAt: d.sweepAt, receivedAt: d.receivedAt }] : [])),
    portalRoutes: portalDocumentRoutes({
      service,
      requireSession: deps.requireSession,
      bodyTimeoutMs,
      now,
      audited: clientAudit(deps.store, deps.config.trustProxy, now),
    }),
  };
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { documentExport, type ExportedDocument, type ExportedFile } from "./service/export";
