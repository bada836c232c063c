import { Elysia } from "elysia";
import * as v from "valibot";
import type { Config } from "../../../config";
import { parseId } from "../../../http/admin-http";
import { clientAddress } from "../../../http/client-address";
import { PasskeyAddSchema, PasskeyProofSchema, PasskeySignInSchema } from "../model";
import type { AuthService } from "../service";
import type { createAdminGuard } from "./guard";
import { withSession } from "./session-step";

const IdParams = v.object({ id: v.pipe(v.string(), v.transform(parseId)) });

/**
 * Passkeys: signing in with one (open to a visitor, like the password sign-in) and the signed-in admin's own
 * passkeys on the account screen (behind the guard).
 */
export function passkeyRoutes(deps: {
  config: Config;
  service: AuthService;
  guard: ReturnType<typeof createAdminGuard>;
}) {
  const { service, guard } = deps;
  const trustProxy = deps.config.trustProxy;

  // Mounted inside the sign-in routes, whose prefix (ADMIN_API_PREFIX) these paths continue.
  const signIn = new Elysia({ name: "auth-passkey-sign-in" })
    .post("/login/passkey/options", async ({ set }) => withSession(set, await service.passkeySignInOptions()))
    .post(
      "/login/passkey",
      async ({ request, server, body, set }) =>
        withSession(
          set,
          await service.signInWithPasskey(
            body,
            request.headers.get("cookie"),
            clientAddress(request, server, trustProxy),
            await guard.sessionOf(request),
          ),
        ),
      { body: PasskeySignInSchema },
    );

  const account = new Elysia({ name: "auth-passkeys", prefix: "/account/passkeys" })
    .use(guard.requireAdmin)
    .get("/", ({ admin }) => service.listPasskeys(admin.session))
    .post(
      "/options",
      ({ admin, request, server, body }) =>
        service.registrationOptions(admin.session, body, clientAddress(request, server, trustProxy)),
      { body: PasskeyProofSchema },
    )
    .post(
      "/",
      ({ admin, request, server, body }) =>
        service.addPasskey(admin.session, body, clientAddress(request, server, trustProxy)),
      { body: PasskeyAddSchema },
    )
    .delete(
      "/:id",
      ({ admin, request, server, params }) =>
        service.removePasskey(admin.session, params.id, clientAddress(request, server, trustProxy)),
      { params: IdParams },
    );

  return new Elysia({ name: "auth-passkey-routes" }).use(signIn).use(account);
}
