import { Elysia } from "elysia";
import { clientAddress } from "../../http/client-address";
import { createAudit } from "../audit";
import { staffNames } from "./repo/staff-names";
import { ADMIN_API_PREFIX, createAdminGuard } from "./routes/guard";
import { type AuthDeps, createAuthService, type SessionStep } from "./service/index";

/** Sends the session cookie a step opened, renewed or cleared, and answers with its result. */
const withSession = <T>(set: { headers: Record<string, unknown> }, step: SessionStep<T>): T => {
  if (step.setCookie) set.headers["set-cookie"] = step.setCookie;
  return step.result;
};

/**
 * Admin sign-in. `createAuth` builds the service, the guard and this module's controller; app.ts registers
 * `gate` globally, mounts `module`, and hands `requireAdmin` to every other admin controller:
 *
 *   new Elysia({ prefix: "/api/admin/things" }).use(auth.requireAdmin).get("/", ({ admin }) => ...)
 */
export function createAuth(deps: AuthDeps) {
  const service = createAuthService(deps);
  service.bootstrap();
  const guard = createAdminGuard(service.sessions, { requireMfa: deps.config.requireMfa });
  const trustProxy = deps.config.trustProxy;
  // The audit page is the audit log's; it sits behind this feature's guard and names authors by its accounts.
  const audit = createAudit({ store: deps.store, names: staffNames });

  const module = new Elysia({ name: "auth", prefix: ADMIN_API_PREFIX })
    .post("/login", async ({ request, server, body, set }) =>
      withSession(
        set,
        await service.login(body, clientAddress(request, server, trustProxy), await guard.sessionOf(request)),
      ),
    )
    .post("/login/mfa", async ({ request, server, body, set }) =>
      withSession(
        set,
        await service.completeMfa(
          body,
          clientAddress(request, server, trustProxy),
          await guard.sessionOf(request),
        ),
      ),
    )
    .get("/auth/status", async ({ request }) => service.status(await guard.sessionOf(request)))
    .post("/logout", async ({ request, server, set }) =>
      withSession(
        set,
        service.logout(await guard.sessionOf(request), clientAddress(request, server, trustProxy)),
      ),
    )
    .use(guard.requireAdmin)
    .post("/account/password", async ({ admin, request, server, body, set }) =>
      withSession(
        set,
        await service.changePassword(admin.session, body, clientAddress(request, server, trustProxy)),
      ),
    )
    .get("/account/mfa", ({ admin }) => service.mfaStatus(admin.session))
    .post("/account/mfa/enrol", ({ admin }) => service.startEnrolment(admin.session))
    .post("/account/mfa/confirm", async ({ admin, request, server, body, set }) =>
      withSession(
        set,
        await service.confirmEnrolment(admin.session, body, clientAddress(request, server, trustProxy)),
      ),
    )
    .post("/account/mfa/disable", ({ admin, request, server, body }) =>
      service.disableMfa(admin.session, body, clientAddress(request, server, trustProxy)),
    )
    .use(audit.routes);

  return {
    service,
    module,
    gate: guard.gate,
    requireAdmin: guard.requireAdmin,
    pageGuard: guard.pageGuard,
    sessionOf: guard.sessionOf,
  };
}

export type Auth = ReturnType<typeof createAuth>;

export { ADMIN_HELP, adminCli } from "./cli";
export { hashPassword } from "./lib/passwords";
// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { demoPasswordRefusal } from "./model";
export type { Session, SessionStore } from "./repo/sessions";
export { type StaffRow, staffAccounts } from "./repo/staff-accounts";
export { type StaffNames, shownName, staffNames } from "./repo/staff-names";
export {
  disableTotp,
  findAccountByName,
  findUserById,
  findUserByName,
  insertAdmin,
  recordSignIn,
  resetSecondFactor,
} from "./repo/users";
