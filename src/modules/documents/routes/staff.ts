import { Elysia } from "elysia";
import { DOCUMENT_MESSAGES as M, UPLOAD_PATCH_MAX_BYTES } from "../../../contracts/documents";
import { actorFrom, auditBy, requireId } from "../../../http/admin-http";
import { ConflictError, NotFoundError, TooLargeError } from "../../../http/errors";
import type { DataStore } from "../../../store";
import type { Auth } from "../../auth";
import type { MailOutbox } from "../../mail";
import { REPORT_READY_MAIL, SWEEP_REPORT_MAIL } from "../mail";
import { RequestDocumentParams, RequestParams } from "../model";
import type { DocumentsService } from "../service";
import { downloadAnswer } from "./download-answer";
import { boundedBody, declaredUpload, tusRefusals, withBodyRefusal } from "./tus";

/**
 * The desk's side of an engagement's documents, under the request it belongs to: list, download (audited; a
 * client's file counts as opened), upload for the client, and mark the firm's file that is the report.
 */
export function documentStaffRoutes(deps: {
  store: DataStore;
  auth: Pick<Auth, "requireAdmin">;
  service: DocumentsService;
  outbox: Pick<MailOutbox, "enqueue" | "wake">;
  trustProxy: boolean;
  bodyTimeoutMs: number;
  now: () => Date;
}) {
  const { service, store, now } = deps;
  const { db } = store;
  const actor = actorFrom(deps.trustProxy);
  /** The request the path names, and its engagement (null before one); a request that does not exist is not found. */
  const requestOf = (raw: string) => {
    const submissionId = requireId(raw);
    const found = service.request(submissionId);
    if (!found) throw new NotFoundError("Not found");
    return { submissionId, engagementId: found.engagementId };
  };
  /** The request's submission and its engagement; a request with none has no documents to give or take. */
  const requireEngagement = (raw: string) => {
    const { submissionId, engagementId } = requestOf(raw);
    if (engagementId === null) throw new NotFoundError("Not found");
    return { submissionId, engagementId };
  };
  return new Elysia({ name: "documents-staff", prefix: "/api/admin/submissions/:id/documents" })
    .use(deps.auth.requireAdmin)
    .get(
      "/",
      ({ params }) => {
        const { engagementId } = requestOf(params.id);
        return { documents: engagementId === null ? [] : service.list(engagementId) };
      },
      { params: RequestParams },
    )
    .get(
      "/:docId",
      ({ admin, request, server, params }) => {
        const found = requireEngagement(params.id);
        const by = actor(admin, request, server);
        return downloadAnswer(() =>
          service.download(
            found.engagementId,
            params.docId,
            (d) => {
              const at = now();
              if (d.direction === "client") service.repo.markOpened(d.rowId, at.toISOString());
              auditBy(
                db,
                by,
                "document.downloaded",
                { submissionId: found.submissionId, document: d.id },
                at,
              );
            },
            by,
          ),
        );
      },
      { params: RequestDocumentParams },
    )
    .post(
      "/",
      ({ admin, request, params, set }) => {
        const { engagementId } = requireEngagement(params.id);
        // One request carries the file: created and written as an upload of the firm's, sealed the same way,
        // its refusals answered as the tus handler answers them.
        const length = request.headers.get("content-length");
        if (Number(length ?? 0) > UPLOAD_PATCH_MAX_BYTES) throw new TooLargeError(M.patchTooLarge);
        return withBodyRefusal(() =>
          tusRefusals(async () => {
            const upload = await service.create(
              engagementId,
              declaredUpload(length, request.headers.get("upload-metadata")),
              { direction: "firm", adminId: admin.id },
            );
            await service.append(engagementId, upload.id, {
              offset: upload.offset,
              body: boundedBody(request.body, deps.bodyTimeoutMs),
            });
            set.status = 201;
            return { document: service.list(engagementId).find((d) => d.id === upload.id) };
          }),
        );
      },
      { parse: "none", params: RequestParams },
    )
    .post(
      "/:docId/report",
      ({ admin, request, server, params }) => {
        const found = requireEngagement(params.id);
        service.requireAllowed(found.engagementId, "deliver");
        const d = service.repo.find(params.docId, found.engagementId);
        if (!d) throw new NotFoundError("Not found");
        if (d.direction !== "firm" || !d.completedAt) throw new ConflictError(M.notReport);
        const at = now();
        const { engagementId } = found;
        db.transaction(() => {
          service.markReport(d.rowId, engagementId, at.toISOString());
          deps.outbox.enqueue({
            kind: REPORT_READY_MAIL,
            submissionId: found.submissionId,
            refId: engagementId,
          });
          auditBy(
            db,
            actor(admin, request, server),
            "document.report",
            { submissionId: found.submissionId, document: d.id },
            at,
          );
        })();
        deps.outbox.wake();
        return { document: service.list(engagementId).find((x) => x.id === d.id) };
      },
      { params: RequestDocumentParams },
    )
    .post(
      "/:docId/sweep-report",
      ({ admin, request, server, params }) => {
        const found = requireEngagement(params.id);
        service.requireAllowed(found.engagementId, "deliver");
        const d = service.repo.find(params.docId, found.engagementId);
        if (!d) throw new NotFoundError("Not found");
        if (d.direction !== "firm" || !d.completedAt) throw new ConflictError(M.notSweepReport);
        const at = now();
        const { engagementId } = found;
        db.transaction(() => {
          service.markSweepReport(d.rowId, engagementId, at);
          deps.outbox.enqueue({
            kind: SWEEP_REPORT_MAIL,
            submissionId: found.submissionId,
            refId: engagementId,
          });
          auditBy(
            db,
            actor(admin, request, server),
            "document.sweep-report",
            { submissionId: found.submissionId, document: d.id },
            at,
          );
        })();
        deps.outbox.wake();
        return { document: service.list(engagementId).find((x) => x.id === d.id) };
      },
      { params: RequestDocumentParams },
    );
}
