import { Elysia } from "elysia";
import type { Config } from "../../config";
import type { PageContent } from "../../contracts/page-data";
import { PATHS } from "../../contracts/paths";
import type { Database } from "../../db/index";
import { actorFrom, attachment, send } from "../../http/admin-http";
import type { Logger } from "../../log";
import type { Auth } from "../auth";
import { createDataRequests } from "./data-requests";
import { parseId } from "./model";
import { createRetention } from "./retention";

export const RETENTION_API = "/api/admin/retention";
export const DATA_REQUESTS_API = "/api/admin/data-requests";

/**
 * Data and privacy: the retention policy with its daily purge, and data-rights requests. `module` is the admin
 * API; `pageContent` gives the privacy page the live policy; `retention.startDaily()` is the server's timer.
 */
export function createPrivacy(deps: {
  db: Database;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  logger?: Logger;
  now?: () => Date;
  /** The privacy page states the policy: a change must reach it at once (the page cache is cleared). */
  onPolicyChanged?: () => void;
}) {
  const retention = createRetention(deps);
  const requests = createDataRequests(deps);
  const trustProxy = deps.config.trustProxy;

  const actor = actorFrom(trustProxy);

  const retentionApi = new Elysia({ name: "retention", prefix: RETENTION_API })
    .use(deps.auth.requireAdmin)
    .get("/", () => retention.view())
    .get("/dry-run", ({ query, set }) => send(set, retention.dryRun(query)))
    .put("/", ({ admin, request, server, body, set }) =>
      send(set, retention.update(body, actor(admin, request, server))),
    );

  const dataRequestsApi = new Elysia({ name: "data-requests", prefix: DATA_REQUESTS_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ set }) => send(set, requests.list()))
    .post("/", ({ admin, request, server, body, set }) =>
      send(set, requests.create(body, actor(admin, request, server))),
    )
    .get("/:id/export", ({ admin, request, server, params, set }) => {
      const result = requests.exportJson(parseId(params.id), actor(admin, request, server));
      if (!result.ok) return send(set, result.outcome);
      return attachment(result.json, "application/json; charset=utf-8", result.filename);
    })
    .post("/:id/erase", ({ admin, request, server, params, set }) =>
      send(set, requests.erase(parseId(params.id), actor(admin, request, server))),
    )
    .post("/:id/complete", ({ admin, request, server, params, set }) =>
      send(set, requests.complete(parseId(params.id), actor(admin, request, server))),
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

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { dataRequestsRepo } from "./repo/data-requests";
