import { Elysia } from "elysia";
import * as v from "valibot";
import type { Config } from "../../config";
import { actorFrom, parseId } from "../../http/admin-http";
import { clientAddress, type PeerAddressSource } from "../../http/client-address";
import type { Auth } from "../auth";
import {
  INVITATION_API,
  InvitationAcceptSchema,
  InvitationLookupSchema,
  InvitationSchema,
  ProfileSchema,
  RoleChangeSchema,
  STAFF_API,
} from "./model";
import type { createStaffService } from "./service";

type Sessions = Auth["service"]["sessions"];

/** A colleague's or an invitation's id from the path; one that is no id names no row (the service's 404). */
const IdParams = v.object({ id: v.pipe(v.string(), v.transform(parseId)) });

/**
 * Staff management: the Staff screen's API behind requireAdmin, and the two calls an invitee makes from the
 * join screen before they have an account (listed as open in src/modules/auth/guard.ts). Each body is declared
 * here; the service takes what the route read.
 */
export function staffRoutes(deps: {
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  sessions: Sessions;
  service: ReturnType<typeof createStaffService>;
}) {
  const { service, sessions } = deps;
  const trustProxy = deps.config.trustProxy;
  const addressOf = (request: Request, server: PeerAddressSource) =>
    clientAddress(request, server, trustProxy);
  const actor = actorFrom(trustProxy);

  const invitee = new Elysia({ name: "staff-invitation", prefix: INVITATION_API })
    .post("/", ({ request, server, body }) => service.lookup(body, addressOf(request, server)), {
      body: InvitationLookupSchema,
    })
    .post(
      "/accept",
      async ({ request, server, body, set }) => {
        const joined = await service.accept(
          body,
          addressOf(request, server),
          await sessions.fromCookie(request.headers.get("cookie")),
        );
        set.status = 201;
        set.headers["set-cookie"] = joined.setCookie;
        return joined.result;
      },
      { body: InvitationAcceptSchema },
    );

  const admin = new Elysia({ name: "staff", prefix: STAFF_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ admin, request, server }) => service.overview(actor(admin, request, server)))
    .get("/me", ({ admin, request, server }) => service.profile(actor(admin, request, server)))
    .put(
      "/me",
      ({ admin, request, server, body }) => service.setDisplayName(body, actor(admin, request, server)),
      {
        body: ProfileSchema,
      },
    )
    .post(
      "/invitations",
      ({ admin, request, server, body, set }) => {
        const invitation = service.invite(body, actor(admin, request, server));
        set.status = 201;
        return invitation;
      },
      { body: InvitationSchema },
    )
    .delete(
      "/invitations/:id",
      ({ admin, request, server, params }) => service.withdraw(params.id, actor(admin, request, server)),
      { params: IdParams },
    )
    .patch(
      "/:id",
      ({ admin, request, server, params, body }) =>
        service.changeRole(params.id, body, actor(admin, request, server)),
      { params: IdParams, body: RoleChangeSchema },
    )
    .delete(
      "/:id",
      ({ admin, request, server, params }) => service.remove(params.id, actor(admin, request, server)),
      {
        params: IdParams,
      },
    )
    .post(
      "/:id/reset-mfa",
      ({ admin, request, server, params }) => service.resetMfa(params.id, actor(admin, request, server)),
      { params: IdParams },
    );

  return new Elysia({ name: "staff-module" }).use(invitee).use(admin);
}
