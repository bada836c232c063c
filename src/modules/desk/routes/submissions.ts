import { Elysia } from "elysia";
import type { Config } from "../../../config";
import { DESK_MESSAGES, SUBMISSIONS_API } from "../../../contracts/submissions";
import { actorFrom, attachment, requireId } from "../../../http/admin-http";
import type { Auth } from "../../auth";
import {
  BulkStatusSchema,
  IdParams,
  ListQuerySchema,
  ReplySchema,
  ResponseSchema,
  UpdateSchema,
} from "../model";
import type { SubmissionsService } from "../service/submissions";

export { SUBMISSIONS_API };
export const DESK_API = "/api/admin/desk";

/** The request a path names; an id that names no row gets the desk's 404. */
const idOf = (raw: string) => requireId(raw, DESK_MESSAGES.notFound);

/**
 * The submissions desk API behind requireAdmin. Each query, body and path is declared here and the service takes
 * what the route read; static paths (export.csv, status) are matched before /:id. A route with a body checks
 * its request first (the transform hook runs ahead of the schema): an unknown request is the 404, whatever was
 * sent with it.
 */
export function submissionsRoutes(deps: {
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  service: SubmissionsService;
}) {
  const { service } = deps;
  const actor = actorFrom(deps.config.trustProxy);
  const requestFirst = ({ params }: { params: { id: string } }) => service.requireRequest(idOf(params.id));

  const submissions = new Elysia({ name: "submissions", prefix: SUBMISSIONS_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ admin, request, server, query }) => service.list(query, actor(admin, request, server)), {
      query: ListQuerySchema,
    })
    .get(
      "/export.csv",
      ({ admin, request, server, query }) => {
        const { csv, filename } = service.exportCsv(query, actor(admin, request, server));
        return attachment(csv, "text/csv; charset=utf-8", filename);
      },
      { query: ListQuerySchema },
    )
    .post(
      "/status",
      ({ admin, request, server, body }) => service.changeStatuses(body, actor(admin, request, server)),
      { body: BulkStatusSchema },
    )
    .get(
      "/:id",
      ({ admin, request, server, params }) => service.detail(idOf(params.id), actor(admin, request, server)),
      { params: IdParams },
    )
    .patch(
      "/:id",
      ({ admin, request, server, params, body }) =>
        service.update(idOf(params.id), body, actor(admin, request, server)),
      { params: IdParams, body: UpdateSchema, transform: requestFirst },
    )
    .delete(
      "/:id",
      ({ admin, request, server, params }) => service.remove(idOf(params.id), actor(admin, request, server)),
      { params: IdParams },
    )
    .post(
      "/:id/mail/retry",
      ({ admin, request, server, params }) =>
        service.retryMail(idOf(params.id), actor(admin, request, server)),
      { params: IdParams },
    )
    .post(
      "/:id/replies",
      ({ admin, request, server, params, body, set }) => {
        const detail = service.reply(idOf(params.id), body, actor(admin, request, server));
        set.status = 201;
        return detail;
      },
      { params: IdParams, body: ReplySchema, transform: requestFirst },
    )
    .post(
      "/:id/responses",
      ({ admin, request, server, params, body, set }) => {
        const detail = service.recordResponse(idOf(params.id), body, actor(admin, request, server));
        set.status = 201;
        return detail;
      },
      { params: IdParams, body: ResponseSchema, transform: requestFirst },
    );

  // Reports over all requests: where they came from, and how many each saved view holds (ADR 301).
  const reports = new Elysia({ name: "desk-reports", prefix: DESK_API })
    .use(deps.auth.requireAdmin)
    .get("/sources", () => service.sources())
    .get("/views", ({ admin, request, server }) => service.viewCounts(actor(admin, request, server)))
    .get("/board", ({ admin, request, server }) => service.board(actor(admin, request, server)));

  return new Elysia({ name: "desk" }).use(submissions).use(reports);
}
