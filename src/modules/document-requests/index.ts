import type { Config } from "../../config";
import type { DocumentView } from "../../contracts/documents";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { FirmCalendar, PersonOf } from "../desk";
import { engagementFacts, portalMailLinks, type RequirePortalSession } from "../engagements";
import type { MailOutbox } from "../mail";
import { createReminderJobs } from "./jobs";
import { documentRequestMailRenderers } from "./mail";
import { itemsRepo } from "./repo/items";
import { documentRequestPortalRoutes, documentRequestStaffRoutes } from "./routes";
import { createDocumentRequestsService } from "./service";

export { DOCUMENT_REMINDERS_HELP, documentRemindersCli } from "./cli";
export { DOCUMENT_REMINDERS_JOB, type ReminderRun } from "./jobs";
export { type DocumentRequestsService, ITEMS_ADDED_MAIL, REMINDER_MAIL } from "./service";

/**
 * Document requests as the app composes them (issue 48, ADR 295): the service, the desk's and the client's routes,
 * the client's two mails and the daily reminders. The files an item is answered with are the documents feature's:
 * it tells this one (through the hooks below, wired in src/compose.ts) when an upload names an item and when the
 * file has arrived whole and passed its scan; this one reads their names through `documentsOf`.
 */
export function createDocumentRequests(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  calendar: FirmCalendar;
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake">;
  requireSession: RequirePortalSession;
  personOf: PersonOf;
  documentsOf: (engagementId: number) => DocumentView[];
  logger: Logger;
  now: () => Date;
}) {
  const service = createDocumentRequestsService(deps);
  for (const [kind, render] of Object.entries(
    documentRequestMailRenderers(
      deps.store,
      deps.config,
      deps.personOf,
      portalMailLinks(deps.store, deps.config, deps.now),
    ),
  ))
    deps.outbox.register(kind, render);
  return {
    service,
    jobs: createReminderJobs(deps),
    /**
     * What the documents feature's uploads tell this one: the item an upload names in its metadata (checked
     * before the upload is created), the upload created against it, and its file received whole.
     */
    uploadHooks: {
      itemFor: service.itemForUpload,
      started: service.fileStarted,
      received: service.fileReceived,
      removed: service.fileRemoved,
      quarantined: service.fileQuarantined,
    },
    staffRoutes: documentRequestStaffRoutes({ service, auth: deps.auth }),
    portalRoutes: documentRequestPortalRoutes({ service, requireSession: deps.requireSession }),
  };
}

export type DocumentRequests = ReturnType<typeof createDocumentRequests>;

/**
 * A request's list of documents as a data-rights export holds it (the privacy feature): every item, withdrawn ones
 * included, with what was asked, its state, the client's note and the reason it was sent back, the ids of the
 * documents sent against it (the export lists those documents and their files), and its whole history.
 */
export function documentRequestRecord(store: Pick<DataStore, "db" | "cipher">, submissionId: number) {
  const e = engagementFacts(store.db).ofSubmission(submissionId);
  if (!e) return [];
  const repo = itemsRepo(store);
  const history = repo.history(e.id);
  const files = repo.files(e.id);
  return repo.list(e.id).map(({ engagementId: _, position: __, ...item }) => ({
    ...item,
    documents: files.filter((f) => f.itemId === item.id).map((f) => f.documentId),
    history: history.filter((h) => h.itemId === item.id).map(({ itemId: _id, ...h }) => h),
  }));
}
