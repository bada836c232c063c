import { Elysia } from "elysia";
import type { Config } from "../../config";
import type { PageContent } from "../../contracts/page-data";
import { PATHS } from "../../contracts/paths";
import { DATA_REQUEST_MESSAGES } from "../../contracts/privacy";
import { actorFrom, attachment, requireId } from "../../http/admin-http";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import { createDataRequests } from "./data-requests";
import { createRetention } from "./retention";

export const RETENTION_API = "/api/admin/retention";
export const DATA_REQUESTS_API = "/api/admin/data-requests";

/**
 * Data and privacy: the retention policy with its daily purge, and data-rights requests. `module` is the admin
 * API; `pageContent` gives the privacy page the live policy; `retention.startDaily()` is the server's timer.
 */
export function createPrivacy(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  logger?: Logger;
  now: () => Date;
  /** The privacy page states the policy: a change must reach it at once (the page cache is cleared). */
  onPolicyChanged?: () => void;
}) {
  const retention = createRetention(deps);
  const requests = createDataRequests({ store: deps.store, dataDir: deps.config.dataDir, now: deps.now });
  const trustProxy = deps.config.trustProxy;

  const actor = actorFrom(trustProxy);
  /** The request's id from the path; anything that names no row is a request not found. */
  const requestId = (raw: string) => requireId(raw, DATA_REQUEST_MESSAGES.notFound);

  const retentionApi = new Elysia({ name: "retention", prefix: RETENTION_API })
    .use(deps.auth.requireAdmin)
    .get("/", () => retention.view())
    .get("/dry-run", ({ query }) => retention.dryRun(query))
    .put("/", ({ admin, request, server, body }) => retention.update(body, actor(admin, request, server)));

  const dataRequestsApi = new Elysia({ name: "data-requests", prefix: DATA_REQUESTS_API })
    .use(deps.auth.requireAdmin)
    .get("/", () => requests.list())
    .post("/", ({ admin, request, server, body, set }) => {
      const created = requests.create(body, actor(admin, request, server));
      set.status = 201;
      return created;
    })
    .get("/:id/export", ({ admin, request, server, params }) => {
      const { archive, filename } = requests.exportArchive(
        requestId(params.id),
        actor(admin, request, server),
      );
      return attachment(archive, "application/zip", filename);
    })
    .post("/:id/erase", ({ admin, request, server, params }) =>
      requests.erase(requestId(params.id), actor(admin, request, server)),
    )
    .post("/:id/complete", ({ admin, request, server, params }) =>
      requests.complete(requestId(params.id), actor(admin, request, server)),
    );

  return {
    module: new Elysia({ name: "privacy" }).use(retentionApi).use(dataRequestsApi),
    retention,
    /** The privacy page's database content: the policy its retention sentences state. */
    pageContent: (pathname: string): PageContent | undefined =>
      pathname === PATHS.privacy ? { path: pathname, retention: retention.policy() } : undefined,
  };
}

export type Privacy = ReturnType<typeof createPrivacy>;

export { RETENTION_HELP, retentionCli } from "./cli";
// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { dataRequestsRepo } from "./repo/data-requests";
