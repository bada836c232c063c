import { createAudit, readDisplayNamesWith } from "../audit";
import { staffNames } from "./repo/staff-names";
import { createAdminGuard } from "./routes/guard";
import { signInRoutes } from "./routes/sign-in";
import { type RenderLoginPage, signInFormRoutes } from "./routes/sign-in-form";
import { type AuthDeps, createAuthService } from "./service";

// Every audit entry keeps its author's display name as it is then: the audit log reads it through this feature.
readDisplayNamesWith(staffNames);

/**
 * Admin sign-in. `createAuth` builds the service, the guard and this module's routes; app.ts registers
 * `gate` globally, mounts `module`, and hands `requireAdmin` to every other admin controller:
 *
 *   new Elysia({ prefix: "/api/admin/things" }).use(auth.requireAdmin).get("/", ({ admin }) => ...)
 */
export function createAuth(deps: AuthDeps) {
  const service = createAuthService(deps);
  const guard = createAdminGuard(service.sessions, { requireMfa: deps.config.requireMfa });
  // The audit page is the audit log's; it sits behind this feature's guard and names authors by its accounts.
  const audit = createAudit({ store: deps.store, names: staffNames, referenceOf: deps.referenceOf });
  const module = signInRoutes({ config: deps.config, service, guard, audit });

  return {
    service,
    /**
     * At the server's start (src/compose.ts): ADMIN_USERNAME/ADMIN_PASSWORD's admin and the demo admin made,
     * the demo password's leftovers refused. Not at build: a command that builds the app's services makes no admin.
     */
    bootstrap: service.bootstrap,
    module,
    /** The sign-in forms posted without a script, answered with the login page the app renders. */
    formRoutes: (renderLoginPage: RenderLoginPage) =>
      signInFormRoutes({ trustProxy: deps.config.trustProxy, service, guard, renderLoginPage }),
    gate: guard.gate,
    requireAdmin: guard.requireAdmin,
    pageGuard: guard.pageGuard,
    sessionOf: guard.sessionOf,
  };
}

export type Auth = ReturnType<typeof createAuth>;

export { ADMIN_HELP, adminCli } from "./cli";
// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
// The one passkey helper (ADR 305): the credential's row, its use and challenges, and the WebAuthn ceremonies,
// which staff passkeys and client passkeys both use over tables of their own.
export { type PasskeyCeremony, passkeyCeremony } from "./lib/passkey-ceremony";
export { hashPassword, hashPasswordSync, verifyPassword } from "./lib/passwords";
export { challengeIn, randomBytes as passkeyChallengeBytes, relyingParty, webauthn } from "./lib/webauthn";
export { demoPasswordRefusal, PASSKEY_ALGORITHMS, PASSKEY_CHALLENGE_MS } from "./model";
export {
  CREDENTIAL_COLUMNS,
  type CredentialRow,
  credentialOf,
  credentialValues,
  passkeyTables,
  type StoredCredential,
} from "./repo/credentials";
export { type StaffRow, staffAccounts } from "./repo/staff-accounts";
export { type StaffNames, shownName, staffNames } from "./repo/staff-names";
export {
  disableTotp,
  findAccountByName,
  findUserById,
  findUserByName,
  hasSecondFactor,
  insertAdmin,
  recordSignIn,
  resetSecondFactor,
} from "./repo/users";
export { PUBLIC_API, routeKey } from "./routes/guard";
export { createSessionStore, type Session, type SessionStore } from "./service/sessions";
