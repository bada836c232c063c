import { Elysia } from "elysia";
import * as v from "valibot";
import type { Config } from "../../config";
import { DATA_REQUEST_MESSAGES } from "../../contracts/privacy";
import { actorFrom, attachment, requireId } from "../../http/admin-http";
import type { Auth } from "../auth";
import { DataRequestSchema, RetentionDryRunQuerySchema, RetentionPolicySchema } from "./model";
import type { DataRequests } from "./service/data-requests";
import type { Retention } from "./service/retention";

export const RETENTION_API = "/api/admin/retention";
export const DATA_REQUESTS_API = "/api/admin/data-requests";

/** A data request's id from the path; anything that names no row is a request not found (404), as before. */
const RequestParams = v.object({
  id: v.pipe(
    v.string(),
    v.transform((raw) => requireId(raw, DATA_REQUEST_MESSAGES.notFound)),
  ),
});

/** The retention policy and data-rights requests, behind the admin guard. */
export function privacyRoutes(deps: {
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  retention: Retention;
  requests: DataRequests;
}) {
  const { retention, requests } = deps;
  const actor = actorFrom(deps.config.trustProxy);

  const retentionApi = new Elysia({ name: "retention", prefix: RETENTION_API })
    .use(deps.auth.requireAdmin)
    .get("/", () => retention.view())
    .get("/dry-run", ({ query }) => retention.dryRun(query), { query: RetentionDryRunQuerySchema })
    .put("/", ({ admin, request, server, body }) => retention.update(body, actor(admin, request, server)), {
      body: RetentionPolicySchema,
    });

  const dataRequestsApi = new Elysia({ name: "data-requests", prefix: DATA_REQUESTS_API })
    .use(deps.auth.requireAdmin)
    .get("/", () => requests.list())
    .post(
      "/",
      ({ admin, request, server, body, set }) => {
        const created = requests.create(body, actor(admin, request, server));
        set.status = 201;
        return created;
      },
      { body: DataRequestSchema },
    )
    .get(
      "/:id/export",
      ({ admin, request, server, params }) => {
        const { archive, filename } = requests.exportArchive(params.id, actor(admin, request, server));
        return attachment(archive, "application/zip", filename);
      },
      { params: RequestParams },
    )
    .post(
      "/:id/erase",
      ({ admin, request, server, params }) => requests.erase(params.id, actor(admin, request, server)),
      { params: RequestParams },
    )
    .post(
      "/:id/complete",
      ({ admin, request, server, params }) => requests.complete(params.id, actor(admin, request, server)),
      { params: RequestParams },
    );

  return new Elysia({ name: "privacy" }).use(retentionApi).use(dataRequestsApi);
}
