import { Elysia } from "elysia";
import type { PortalDocuments } from "../../contracts/documents";
import { PORTAL_MESSAGES } from "../../contracts/portal";
import type { DocumentsService } from "./service";

const UPLOAD_PATH = /^\/api\/portal\/uploads\/([A-Za-z0-9_-]{1,64})$/;
const signedOut = () => Response.json({ error: PORTAL_MESSAGES.signedIn }, { status: 401 });

/**
 * The client's documents: tus uploads at /api/portal/uploads and the list and downloads at
 * /api/portal/documents. Every route finds the engagement from the portal session only; an id of another
 * engagement's file is answered as if it did not exist.
 */
export function portalDocumentRoutes(deps: {
  service: DocumentsService;
  sessionOf: (request: Request) => number | null;
  now: () => Date;
}) {
  const { service, sessionOf } = deps;
  const withSession = (request: Request, act: (engagementId: number) => Response | Promise<Response>) => {
    const id = sessionOf(request);
    return id === null ? signedOut() : act(id);
  };
  return (
    new Elysia({ name: "portal-documents" })
      // Elysia routes no HEAD request to a handler (app.handle answers 404), and tus asks where to resume by HEAD.
      .onRequest(({ request }) => {
        if (request.method !== "HEAD") return;
        const found = new URL(request.url).pathname.match(UPLOAD_PATH);
        if (found?.[1]) return withSession(request, (id) => service.head(id, found[1] as string));
      })
      .options("/api/portal/uploads", () => service.options())
      .post(
        "/api/portal/uploads",
        ({ request }) =>
          withSession(request, (id) =>
            service.create(id, request.headers, { direction: "client", adminId: null }),
          ),
        { parse: "none" },
      )
      .patch(
        "/api/portal/uploads/:uploadId",
        ({ request, params }) => withSession(request, (id) => service.patch(id, params.uploadId, request)),
        { parse: "none" },
      )
      .delete("/api/portal/uploads/:uploadId", ({ request, params }) =>
        withSession(request, (id) => service.remove(id, params.uploadId)),
      )
      .get("/api/portal/documents", ({ request }) =>
        withSession(request, (id) =>
          Response.json({ documents: service.list(id), limits: service.limits } satisfies PortalDocuments),
        ),
      )
      .get("/api/portal/documents/:docId", ({ request, params }) =>
        withSession(request, (id) =>
          service.download(id, params.docId, (d) => {
            // The client's first download of the report is its receipt.
            if (d.direction === "firm" && d.reportAt)
              service.repo.markReceived(d.rowId, deps.now().toISOString());
          }),
        ),
      )
      .delete("/api/portal/documents/:docId", ({ request, params }) =>
        withSession(request, (id) => service.remove(id, params.docId)),
      )
  );
}
