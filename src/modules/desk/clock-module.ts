import type { Database } from "bun:sqlite";
import { Elysia } from "elysia";
import * as v from "valibot";
import type { Config } from "../../config";
import { CLOSURE_MESSAGES } from "../../contracts/desk";
import { actorFrom, auditBy } from "../../http/admin-http";
import type { PeerAddressSource } from "../../http/client-address";
import type { Auth } from "../auth";
import type { DueService } from "./due-service";
import { ClosureSchema, invalid, isCalendarDate } from "./model";

export const DESK_CLOCK_API = "/api/admin/desk";

const DAY_MS = 86_400_000;

/**
 * The desk's morning view and its closures: GET /overview (the dashboard's figures), GET, POST and DELETE
 * /closures. Guard, parse, act; closure changes are audited and move waiting requests' due times at once.
 */
export function deskClockModule(deps: {
  db: Database;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  due: DueService;
  now?: () => Date;
}) {
  const { db, due } = deps;
  const now = deps.now ?? (() => new Date());

  const actor = actorFrom(deps.config.trustProxy);
  const audit = (
    admin: { id: number; username: string },
    request: Request,
    server: PeerAddressSource,
    event: string,
    detail: Record<string, string>,
  ) => auditBy(db, actor(admin, request, server), event, detail, now());

  return new Elysia({ name: "desk-clock", prefix: DESK_CLOCK_API })
    .use(deps.auth.requireAdmin)
    .get("/overview", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      return due.overview();
    })
    .get("/closures", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      return due.closures.list();
    })
    .post("/closures", ({ admin, request, server, body, set }) => {
      const parsed = v.safeParse(ClosureSchema, body ?? {});
      if (!parsed.success) {
        set.status = 422;
        return invalid(parsed.issues);
      }
      const { date, note } = parsed.output;
      const today = new Date(`${due.closures.today()}T00:00:00Z`).getTime();
      const when = new Date(`${date}T00:00:00Z`).getTime();
      if (when < today - 366 * DAY_MS || when > today + 3 * 366 * DAY_MS) {
        set.status = 422;
        return { errors: { date: [CLOSURE_MESSAGES.range] } };
      }
      if (!due.closures.add(date, note)) {
        set.status = 409;
        return { errors: { date: [CLOSURE_MESSAGES.exists] } };
      }
      audit(admin, request, server, "desk.closure_added", { date });
      set.status = 201;
      return due.closures.list();
    })
    .delete("/closures/:date", ({ admin, request, server, params, set }) => {
      if (!isCalendarDate(params.date) || !due.closures.remove(params.date)) {
        set.status = 404;
        return { error: CLOSURE_MESSAGES.notFound };
      }
      audit(admin, request, server, "desk.closure_removed", { date: params.date });
      return due.closures.list();
    });
}
