import { Elysia } from "elysia";
import { DOCUMENT_MESSAGES as M, TUS_VERSION, UPLOAD_PATCH_MAX_BYTES } from "../../contracts/documents";
import { actorFrom, auditBy, parseId } from "../../http/admin-http";
import { createdPath } from "../../http/redirect";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail";
import { REPORT_READY_MAIL } from "./mail";
import type { DocumentsService } from "./service";

const notFound = () => Response.json({ error: "Not found" }, { status: 404 });

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
  now: () => Date;
}) {
  const { service, store, now } = deps;
  const { db } = store;
  const actor = actorFrom(deps.trustProxy);
  const engagementOf = (raw: string) => {
    const id = parseId(raw);
    return id === null ? null : { submissionId: id, engagementId: service.repo.engagementOfSubmission(id) };
  };
  return new Elysia({ name: "documents-staff", prefix: "/api/admin/submissions/:id/documents" })
    .use(deps.auth.requireAdmin)
    .get("/", ({ params }) => {
      const found = engagementOf(params.id);
      if (!found) return notFound();
      return Response.json({
        documents: found.engagementId === null ? [] : service.list(found.engagementId),
      });
    })
    .get("/:docId", ({ admin, request, server, params }) => {
      const found = engagementOf(params.id);
      if (!found?.engagementId) return notFound();
      const by = actor(admin, request, server);
      return service.download(
        found.engagementId,
        params.docId,
        (d) => {
          const at = now();
          if (d.direction === "client") service.repo.markOpened(d.rowId, at.toISOString());
          auditBy(db, by, "document.downloaded", { submissionId: found.submissionId, document: d.id }, at);
        },
        by,
      );
    })
    .post(
      "/",
      async ({ admin, request, params }) => {
        const found = engagementOf(params.id);
        if (!found?.engagementId) return notFound();
        // One request carries the file: created and written as a tus upload of the firm's, sealed the same way.
        const length = request.headers.get("content-length") ?? "";
        if (Number(length) > UPLOAD_PATCH_MAX_BYTES)
          return Response.json({ error: M.patchTooLarge }, { status: 413 });
        const headers = new Headers({
          "tus-resumable": TUS_VERSION,
          "upload-length": length,
          "upload-metadata": request.headers.get("upload-metadata") ?? "",
        });
        const created = await service.create(found.engagementId, headers, {
          direction: "firm",
          adminId: admin.id,
        });
        const path = createdPath(created);
        if (!path) return created;
        const publicId = path.slice(path.lastIndexOf("/") + 1);
        const written = await service.patch(found.engagementId, publicId, {
          headers: new Headers({
            "tus-resumable": TUS_VERSION,
            "content-type": "application/offset+octet-stream",
            "upload-offset": "0",
          }),
          body: request.body,
        });
        if (written.status !== 204) return written;
        const doc = service.list(found.engagementId).find((d) => d.id === publicId);
        return Response.json({ document: doc }, { status: 201 });
      },
      { parse: "none" },
    )
    .post("/:docId/report", ({ admin, request, server, params }) => {
      const found = engagementOf(params.id);
      if (!found?.engagementId) return notFound();
      const d = service.repo.find(params.docId, found.engagementId);
      if (!d) return notFound();
      if (d.direction !== "firm" || !d.completedAt)
        return Response.json({ error: M.notReport }, { status: 409 });
      const at = now();
      const engagementId = found.engagementId;
      db.transaction(() => {
        service.repo.markReport(d.rowId, engagementId, at.toISOString());
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
      return Response.json({ document: service.list(engagementId).find((x) => x.id === d.id) });
    });
}
