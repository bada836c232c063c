import { Elysia } from "elysia";
import type { Config } from "../../config";
import { actorFrom, parseId } from "../../http/admin-http";
import { clientAddress, type PeerAddressSource } from "../../http/client-address";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail";
import { INVITATION_API, STAFF_API } from "./model";
import { createStaffService } from "./service";

/**
 * Staff management: the Staff screen's API behind requireAdmin, and the two calls an invitee makes from the
 * join screen before they have an account (listed as open in src/modules/auth/guard.ts).
 */
export function staffModule(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin" | "service">;
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake" | "configured">;
  now: () => Date;
}) {
  const sessions = deps.auth.service.sessions;
  const service = createStaffService({ ...deps, sessions });
  const trustProxy = deps.config.trustProxy;
  const addressOf = (request: Request, server: PeerAddressSource) =>
    clientAddress(request, server, trustProxy);
  const actor = actorFrom(trustProxy);

  const invitee = new Elysia({ name: "staff-invitation", prefix: INVITATION_API })
    .post("/", ({ request, server, body }) => service.lookup(body, addressOf(request, server)))
    .post("/accept", async ({ request, server, body, set }) => {
      const joined = await service.accept(
        body,
        addressOf(request, server),
        await sessions.fromRequest(request),
      );
      set.status = 201;
      set.headers["set-cookie"] = joined.setCookie;
      return joined.result;
    });

  const admin = new Elysia({ name: "staff", prefix: STAFF_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ admin, request, server }) => service.overview(actor(admin, request, server)))
    .get("/me", ({ admin, request, server }) => service.profile(actor(admin, request, server)))
    .put("/me", ({ admin, request, server, body }) =>
      service.setDisplayName(body, actor(admin, request, server)),
    )
    .post("/invitations", ({ admin, request, server, body, set }) => {
      const invitation = service.invite(body, actor(admin, request, server));
      set.status = 201;
      return invitation;
    })
    .delete("/invitations/:id", ({ admin, request, server, params }) =>
      service.withdraw(parseId(params.id), actor(admin, request, server)),
    )
    .delete("/:id", ({ admin, request, server, params }) =>
      service.remove(parseId(params.id), actor(admin, request, server)),
    )
    .post("/:id/reset-mfa", ({ admin, request, server, params }) =>
      service.resetMfa(parseId(params.id), actor(admin, request, server)),
    );

  return new Elysia({ name: "staff-module" }).use(invitee).use(admin);
}
export { resetMfaCli, STAFF_HELP } from "./cli";
