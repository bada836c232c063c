import { Elysia } from "elysia";
import { type PortalDocuments, UPLOADS_PATH } from "../../../contracts/documents";
import type { ClientAudit, RequirePortalSession } from "../../engagements";
import { DocumentParams, UploadParams } from "../model";
import type { DocumentsService } from "../service";
import { downloadAnswer } from "./download-answer";
import { tusUploads } from "./tus";

const UPLOAD_PATH = /^\/api\/portal\/uploads\/([A-Za-z0-9_-]{1,64})$/;

/**
 * The client's documents: tus uploads at /api/portal/uploads (the protocol is tus.ts's) and the list and
 * downloads at /api/portal/documents. Every route finds the engagement from the portal session only; an id of
 * another engagement's file is answered as if it did not exist.
 */
export function portalDocumentRoutes(deps: {
  service: DocumentsService;
  /** The portal's own guard: the engagement of the request's session, or the 401 that asks the client to sign in. */
  requireSession: RequirePortalSession;
  bodyTimeoutMs: number;
  now: () => Date;
  /** Each file the client sent, in the audit log under their name (src/modules/engagements). */
  audited?: ClientAudit;
}) {
  const { service, requireSession } = deps;
  const tus = tusUploads({ service, bodyTimeoutMs: deps.bodyTimeoutMs });
  return (
    new Elysia({ name: "portal-documents" })
      // Elysia routes no HEAD request to a handler (app.handle answers 404), and tus asks where to resume by HEAD.
      .onRequest(({ request }) => {
        if (request.method !== "HEAD") return;
        const found = new URL(request.url).pathname.match(UPLOAD_PATH);
        if (found?.[1]) return tus.head(requireSession(request), found[1]);
      })
      .options(UPLOADS_PATH, () => tus.options())
      .post(UPLOADS_PATH, ({ request }) => tus.create(requireSession(request, "upload"), request.headers), {
        parse: "none",
      })
      .patch(
        `${UPLOADS_PATH}/:uploadId`,
        ({ request, server, params }) => {
          const id = requireSession(request, "upload");
          return tus.patch(id, params.uploadId, request, () => {
            deps.audited?.(request, server, id, "document.uploaded");
          });
        },
        { parse: "none", params: UploadParams },
      )
      .delete(
        `${UPLOADS_PATH}/:uploadId`,
        ({ request, params }) => tus.remove(requireSession(request), params.uploadId),
        { params: UploadParams },
      )
      .get("/api/portal/documents", ({ request }) => {
        const id = requireSession(request);
        return { documents: service.list(id), limits: service.limits } satisfies PortalDocuments;
      })
      .get(
        "/api/portal/documents/:docId",
        ({ request, params }) => {
          const id = requireSession(request);
          return downloadAnswer(() =>
            service.download(id, params.docId, (d) => {
              // The client's first download of the report (or a sweep report) is its receipt.
              if (d.direction === "firm" && (d.reportAt || d.sweepAt))
                service.repo.markReceived(d.rowId, deps.now().toISOString());
            }),
          );
        },
        { params: DocumentParams },
      )
      // The same answers as tus's termination: the client removes their own file until the firm has opened it.
      .delete(
        "/api/portal/documents/:docId",
        ({ request, params }) => tus.remove(requireSession(request), params.docId),
        { params: DocumentParams },
      )
  );
}
