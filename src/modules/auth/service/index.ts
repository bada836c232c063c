import { accountService } from "./account";
import { adminsService } from "./admins";
import { type AuthDeps, authCore } from "./core";
import { passkeysService } from "./passkeys";
import { signInService } from "./sign-in";

export type { AuthDeps, SessionStep } from "./core";

/**
 * Sign-in, sessions, password changes and two-step sign-in, as plain functions over the database: signing in
 * and out (sign-in.ts), the admin's own account (account.ts), passkeys (passkeys.ts) and the accounts the operator
 * makes (admins.ts).
 * Handlers pass in what the route read, the caller's session and client address; nothing here sees HTTP.
 */
export function createAuthService(deps: AuthDeps) {
  const core = authCore(deps);
  return {
    sessions: core.sessions,
    ...adminsService(core),
    ...signInService(core),
    ...accountService(core),
    ...passkeysService(core),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
