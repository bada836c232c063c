import type { Database } from "bun:sqlite";
import { Elysia } from "elysia";
import type { Config } from "../../config";
import { clientAddress, type PeerAddressSource } from "../../http/client-address";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail/outbox";
import type { DueService } from "./due-service";
import { parseId } from "./model";
import { type Actor, createSubmissionsService, type Outcome } from "./service";

export const SUBMISSIONS_API = "/api/admin/submissions";

/**
 * The submissions desk API. Guard, parse, act: requireAdmin first, then the service validates, works and
 * writes the audit log. Static paths (export.csv) are matched before /:id.
 */
export function deskModule(deps: {
  db: Database;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  outbox: Pick<MailOutbox, "configured" | "wake">;
  due: DueService;
  now?: () => Date;
}) {
  const service = createSubmissionsService(deps);
  const trustProxy = deps.config.trustProxy;

  const actor = (
    admin: { id: number; username: string },
    request: Request,
    server: PeerAddressSource,
  ): Actor => ({
    id: admin.id,
    username: admin.username,
    clientAddress: clientAddress(request, server, trustProxy),
  });

  const send = (set: { status?: number | string }, o: Outcome) => {
    set.status = o.status;
    return o.body;
  };

  return new Elysia({ name: "submissions", prefix: SUBMISSIONS_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ admin, request, server, query, set }) =>
      send(set, service.list(query, actor(admin, request, server))),
    )
    .get("/export.csv", ({ admin, request, server, query, set }) => {
      const result = service.exportCsv(query, actor(admin, request, server));
      if (!result.ok) return send(set, result.outcome);
      return new Response(result.csv, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${result.filename}"`,
          "cache-control": "no-store",
        },
      });
    })
    .get("/:id", ({ admin, request, server, params, set }) =>
      send(set, service.detail(parseId(params.id), actor(admin, request, server))),
    )
    .patch("/:id", ({ admin, request, server, params, body, set }) =>
      send(set, service.update(parseId(params.id), body, actor(admin, request, server))),
    )
    .delete("/:id", ({ admin, request, server, params, set }) =>
      send(set, service.remove(parseId(params.id), actor(admin, request, server))),
    )
    .post("/:id/mail/retry", ({ admin, request, server, params, set }) =>
      send(set, service.retryMail(parseId(params.id), actor(admin, request, server))),
    );
}
