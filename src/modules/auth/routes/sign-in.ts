import { Elysia } from "elysia";
import type { Config } from "../../../config";
import { clientAddress } from "../../../http/client-address";
import { ConflictError, UnauthorizedError } from "../../../http/errors";
import type { createAudit } from "../../audit";
import {
  LoginSchema,
  MESSAGES,
  MfaConfirmSchema,
  MfaDisableSchema,
  MfaLoginSchema,
  PasswordChangeSchema,
} from "../model";
import type { AuthService } from "../service";
import { ADMIN_API_PREFIX, type createAdminGuard } from "./guard";
import { passkeyRoutes } from "./passkeys";
import { withSession } from "./session-step";

/**
 * Signing in and out, and the signed-in admin's own account, with the audit page behind the guard. Each body is
 * declared here; where the service has a refusal that comes before what was sent (no pending sign-in, two-step
 * sign-in required here), a transform hook, which runs ahead of the schema, gives it first, as before the
 * schemas moved onto the routes.
 */
export function signInRoutes(deps: {
  config: Config;
  service: AuthService;
  guard: ReturnType<typeof createAdminGuard>;
  audit: ReturnType<typeof createAudit>;
}) {
  const { service, guard } = deps;
  const trustProxy = deps.config.trustProxy;

  return new Elysia({ name: "auth", prefix: ADMIN_API_PREFIX })
    .post(
      "/login",
      async ({ request, server, body, set }) =>
        withSession(
          set,
          await service.login(
            body,
            clientAddress(request, server, trustProxy),
            await guard.sessionOf(request),
          ),
        ),
      { body: LoginSchema },
    )
    .post(
      "/login/mfa",
      async ({ request, server, body, set }) =>
        withSession(
          set,
          await service.completeMfa(
            body,
            clientAddress(request, server, trustProxy),
            await guard.sessionOf(request),
          ),
        ),
      {
        body: MfaLoginSchema,
        // No pending sign-in is the 401 whatever was sent: the screen goes back to the password.
        transform: async ({ request }) => {
          if ((await guard.sessionOf(request))?.stage !== "mfa")
            throw new UnauthorizedError(MESSAGES.noPendingSignIn);
        },
      },
    )
    .get("/auth/status", async ({ request }) => service.status(await guard.sessionOf(request)))
    .post("/logout", async ({ request, server, set }) =>
      withSession(
        set,
        service.logout(await guard.sessionOf(request), clientAddress(request, server, trustProxy)),
      ),
    )
    .use(passkeyRoutes(deps))
    .use(guard.requireAdmin)
    .post(
      "/account/password",
      async ({ admin, request, server, body, set }) =>
        withSession(
          set,
          await service.changePassword(admin.session, body, clientAddress(request, server, trustProxy)),
        ),
      { body: PasswordChangeSchema },
    )
    .get("/account/mfa", ({ admin }) => service.mfaStatus(admin.session))
    .post("/account/mfa/enrol", ({ admin }) => service.startEnrolment(admin.session))
    .post(
      "/account/mfa/confirm",
      async ({ admin, request, server, body, set }) =>
        withSession(
          set,
          await service.confirmEnrolment(admin.session, body, clientAddress(request, server, trustProxy)),
        ),
      { body: MfaConfirmSchema },
    )
    .post(
      "/account/mfa/disable",
      ({ admin, request, server, body }) =>
        service.disableMfa(admin.session, body, clientAddress(request, server, trustProxy)),
      {
        body: MfaDisableSchema,
        // Required here is the 409 whatever was sent: there is nothing to confirm.
        transform: () => {
          if (deps.config.requireMfa) throw new ConflictError(MESSAGES.mfaRequiredHere);
        },
      },
    )
    .use(deps.audit.routes);
}
