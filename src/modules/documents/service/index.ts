import type { Config } from "../../../config";
import { DOCUMENT_MESSAGES } from "../../../contracts/documents";
import { ConflictError } from "../../../contracts/errors";
import type { LifecycleAction } from "../../../contracts/lifecycle";
import { requireAllowed } from "../../../lib/lifecycle";
import type { Logger } from "../../../log";
import type { DataStore } from "../../../store";
import { contactSubmissions } from "../../desk";
import {
  type EngagementLifecycle,
  type EngagementLookup,
  engagementFacts,
  engagementLifecycle,
} from "../../engagements";
import type { ScanVerdict } from "../lib/clamd";
import type { DocumentFiles } from "../lib/file-store";
import { documentsRepo } from "../repo/documents";
import { downloadService } from "./downloads";
import { uploadService } from "./uploads";

export type { DocumentDownload } from "./downloads";
export {
  type DeclaredUpload,
  InfectedFileError,
  OffsetMismatchError,
  UploadBusyError,
  type UploadProgress,
} from "./uploads";

export type UploadScanner = { scan(stream: AsyncIterable<Uint8Array>): Promise<ScanVerdict> };

export type UploadRequests = {
  itemFor(engagementId: number, raw: string | undefined): number | null;
  started(itemId: number, documentId: string): void;
  received(documentId: string): void;
  /** The client removed a file they had sent (before the firm opened it). */
  removed(documentId: string): void;
  /** The virus scanner flagged the file: refused, kept in quarantine (ADR 304). */
  quarantined?(documentId: string, signature: string): void;
};

export type DocumentsDeps = {
  store: DataStore;
  config: Config;
  files: DocumentFiles;
  /** The engagements the documents belong to, as the portal (their owner) tells them. */
  engagements: Pick<EngagementLookup, "byId" | "ofSubmission" | "markDelivered">;
  /** Where the engagement and its request stand, for the lifecycle table's checks (ADR 278). */
  lifecycle: Pick<EngagementLifecycle, "ofEngagement">;
  /** Judgment Intel's subscription: a sweep report delivered is the sweep owed done (issue 29). */
  sweeps: { sweepDelivered(input: { engagementId: number; at?: Date }): unknown };
  /**
   * The list of documents asked of the client (the document-requests feature, ADR 295): the item a client's
   * upload names (`requestItem` in its metadata; a refusal thrown when it is not one of the engagement's, or takes
   * no files), the upload created against it, and its file received whole.
   */
  requests?: UploadRequests;
  /**
   * ClamAV's clamd (CLAMD_URL, ADRs 296, 304): every upload, the client's and the firm's, is scanned once whole
   * and before it is accepted; one that cannot be scanned yet is held. Null: uploads are not scanned (the setup
   * list says so).
   */
  scanner?: UploadScanner | null;
  logger?: Logger;
  now: () => Date;
};

/**
 * An engagement's documents: uploads as tus sees them (uploads.ts) and the list and downloads either side reads
 * (downloads.ts). Plain values in, plain results out, domain errors thrown (src/contracts/errors.ts); every call
 * takes the engagement from the caller's session or the desk's request, never from the body.
 */
export function createDocumentsService(deps: Omit<DocumentsDeps, "engagements" | "lifecycle">) {
  const { store } = deps;
  const repo = documentsRepo(store);
  const engagements = engagementFacts(store.db);
  const lifecycle = engagementLifecycle(store);
  const full: DocumentsDeps = { ...deps, engagements, lifecycle };
  /** The lifecycle table's 409 for an action on the engagement's documents (ADR 278). */
  const allowedOr409 = (engagementId: number, action: LifecycleAction) =>
    requireAllowed(lifecycle.ofEngagement(engagementId), action);
  const submissions = contactSubmissions(store);
  const limits = deps.config.uploads;
  return {
    repo,
    /** The configured limits, for the portal to state beside its drop zone. */
    limits: { maxBytes: limits.maxBytes, maxTotalBytes: limits.maxTotalBytes },
    ...uploadService(full, repo),
    ...downloadService(full, repo),
    requireAllowed: allowedOr409,
    /** A request as the desk names it: null if there is none, else its engagement's id (null before one). */
    request(submissionId: number): { engagementId: number | null } | null {
      if (!submissions.byId(submissionId)) return null;
      return { engagementId: engagements.ofSubmission(submissionId)?.id ?? null };
    },
    /**
     * The firm's file is a sweep report: the oldest sweep owed is delivered (409 when none is owed or the file
     * was delivered as one before), in one write with the marking.
     */
    markSweepReport(rowId: number, engagementId: number, at: Date) {
      store.db.transaction(() => {
        allowedOr409(engagementId, "deliver");
        if (!repo.markSweep(rowId, at.toISOString()))
          throw new ConflictError(DOCUMENT_MESSAGES.alreadySweepReport);
        deps.sweeps.sweepDelivered({ engagementId, at });
      })();
    },
    /** The firm's file is the report: the engagement's report is delivered (the first time it is marked). */
    markReport(rowId: number, engagementId: number, at: string) {
      store.db.transaction(() => {
        allowedOr409(engagementId, "deliver");
        repo.markReport(rowId, at);
        engagements.markDelivered(engagementId, at);
      })();
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
