import { Elysia } from "elysia";
import * as v from "valibot";
import type { Config } from "../../../config";
import { CLOSURE_MESSAGES } from "../../../contracts/desk";
import { actorFrom, auditBy } from "../../../http/admin-http";
import type { PeerAddressSource } from "../../../http/client-address";
import { HttpError, InvalidError, invalidInput, NotFoundError } from "../../../http/errors";
import type { DataStore } from "../../../store";
import type { Auth } from "../../auth";
import type { DueService } from "../service/due";
import { ClosureDateSchema, ClosureSchema } from "../model";

export const DESK_CLOCK_API = "/api/admin/desk";

const DAY_MS = 86_400_000;

/** A date already closed: a conflict whose body names only the field, as the closures form has always read it. */
class ClosureExistsError extends HttpError {
  override readonly name = "ClosureExistsError";
  readonly status = 409;
  constructor() {
    super(CLOSURE_MESSAGES.exists);
  }
  override body() {
    return { errors: { date: [this.message] } };
  }
}

/**
 * The desk's morning view and its closures: GET /overview (the dashboard's figures), GET, POST and DELETE
 * /closures. Guard, parse, act; closure changes are audited and move waiting requests' due times at once.
 */
export function deskClockModule(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  due: DueService;
  now: () => Date;
}) {
  const { store, due } = deps;
  const { db } = store;
  const { now } = deps;

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
      if (!parsed.success) return invalidInput(parsed.issues);
      const { date, note } = parsed.output;
      const today = new Date(`${due.closures.today()}T00:00:00Z`).getTime();
      const when = new Date(`${date}T00:00:00Z`).getTime();
      if (when < today - 366 * DAY_MS || when > today + 3 * 366 * DAY_MS) {
        throw new InvalidError({ date: [CLOSURE_MESSAGES.range] });
      }
      if (!due.closures.add(date, note)) throw new ClosureExistsError();
      audit(admin, request, server, "desk.closure_added", { date });
      set.status = 201;
      return due.closures.list();
    })
    .delete("/closures/:date", ({ admin, request, server, params }) => {
      const parsed = v.safeParse(ClosureDateSchema, { date: params.date });
      if (!parsed.success) return invalidInput(parsed.issues);
      const { date } = parsed.output;
      if (!due.closures.remove(date)) throw new NotFoundError(CLOSURE_MESSAGES.notFound);
      audit(admin, request, server, "desk.closure_removed", { date });
      return due.closures.list();
    });
}
