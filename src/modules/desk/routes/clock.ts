import { Elysia } from "elysia";
import type { Config } from "../../../config";
import { actorFrom } from "../../../http/admin-http";
import type { DataStore } from "../../../store";
import type { Auth } from "../../auth";
import { ClosureDateSchema, ClosureSchema } from "../model";
import { createClosuresService } from "../service/closures";
import type { DueService } from "../service/due";

export const DESK_CLOCK_API = "/api/admin/desk";

/**
 * The desk's morning view and its closures: GET /overview (the dashboard's figures), GET, POST and DELETE
 * /closures. Each body and path is declared here; closure changes are audited and move waiting requests' due
 * times at once.
 */
export function deskClockModule(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  due: DueService;
  now: () => Date;
}) {
  const { due } = deps;
  const closures = createClosuresService(deps);
  const actor = actorFrom(deps.config.trustProxy);

  return new Elysia({ name: "desk-clock", prefix: DESK_CLOCK_API })
    .use(deps.auth.requireAdmin)
    .get("/overview", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      return due.overview();
    })
    .get("/closures", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      return closures.list();
    })
    .post(
      "/closures",
      ({ admin, request, server, body, set }) => {
        const list = closures.add(body, actor(admin, request, server));
        set.status = 201;
        return list;
      },
      { body: ClosureSchema },
    )
    .delete(
      "/closures/:date",
      ({ admin, request, server, params }) => closures.remove(params.date, actor(admin, request, server)),
      { params: ClosureDateSchema },
    );
}
