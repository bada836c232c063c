import { Elysia } from "elysia";
import { PATHS } from "../../../contracts/paths";
import { can, type Role, roleRefusal } from "../../../contracts/roles";
import { answerOf, ForbiddenError, UnauthorizedError } from "../../../http/errors";
import { redirectTo } from "../../../http/redirect";
import { routeCapabilities } from "../lib/route-capability";
import { MESSAGES } from "../model";
import type { Session, SessionStore } from "../service/sessions";

export const ADMIN_API_PREFIX = "/api/admin";

/**
 * A route as the guard and the route table name it: "METHOD /path", with no trailing slash (the router lists
 * some paths with one).
 */
export const routeKey = (method: string, pathname: string) =>
  `${method.toUpperCase()} ${pathname.replace(/\/+$/, "")}`;

/**
 * The only /api/admin routes open without a session: they are how one signs in and out. The route walks
 * (tests/api/auth/admin-guard.test.ts, roles-routes.test.ts) read this list, so there is one.
 */
export const PUBLIC_API: ReadonlySet<string> = new Set([
  `POST ${ADMIN_API_PREFIX}/login`,
  `POST ${ADMIN_API_PREFIX}/login/mfa`,
  `POST ${ADMIN_API_PREFIX}/login/passkey/options`,
  `POST ${ADMIN_API_PREFIX}/login/passkey`,
  `GET ${ADMIN_API_PREFIX}/auth/status`,
  `POST ${ADMIN_API_PREFIX}/logout`,
  // An invitee has no account yet: the one-time token in the body is what admits them (src/modules/staff).
  `POST ${ADMIN_API_PREFIX}/staff-invitation`,
  `POST ${ADMIN_API_PREFIX}/staff-invitation/accept`,
]);

/** What a session that must still set up two-step sign-in (REQUIRE_MFA) may do. */
const ENROLMENT_API = new Set([
  `GET ${ADMIN_API_PREFIX}/account/mfa`,
  `POST ${ADMIN_API_PREFIX}/account/mfa/enrol`,
  `POST ${ADMIN_API_PREFIX}/account/mfa/confirm`,
  `POST ${ADMIN_API_PREFIX}/account/password`,
]);

export type AdminIdentity = { id: number; username: string; role: Role; session: Session };

export type Denial = UnauthorizedError | ForbiddenError;

const capabilityOf = routeCapabilities();

/**
 * The one access rule for admin API calls: null when allowed, else the refusal to answer with. A signed-in
 * admin's role must hold the capability the route table gives the route (ADR 258); a route the table does not
 * list is an owner's alone.
 */
export function authorise(session: Session | null, method: string, pathname: string): Denial | null {
  const key = routeKey(method, pathname);
  if (PUBLIC_API.has(key)) return null;
  if (session?.stage === "active") {
    const capability = capabilityOf(method, pathname);
    return can(session.role, capability)
      ? null
      : new ForbiddenError(roleRefusal(capability, session.role), { extra: { capability } });
  }
  if (session?.stage === "enrol") {
    return ENROLMENT_API.has(key) ? null : new ForbiddenError(MESSAGES.enrolmentRequired);
  }
  return new UnauthorizedError(MESSAGES.unauthenticated);
}

/**
 * A session as the rule in force now admits it, checked on every request (ADR 091): the rule may have changed
 * since the session began (a restart with REQUIRE_MFA, two-step sign-in set up since). A session signed in with
 * the password alone gets no more than a fresh password sign-in would: nothing, when the admin has a second
 * factor (a fresh sign-in stops at the code step); the enrolment step only, when REQUIRE_MFA asks for one.
 * Null: the session opens nothing and is ended.
 */
export function underRule(session: Session, requireMfa: boolean): Session | null {
  if (session.stage === "mfa" || session.signedInWith === "password+mfa") return session;
  if (session.userHasMfa) return null;
  return requireMfa ? { ...session, stage: "enrol" } : session;
}

const isAdminApi = (pathname: string) =>
  pathname === ADMIN_API_PREFIX || pathname.startsWith(`${ADMIN_API_PREFIX}/`);

/**
 * Server-side admin access in one place.
 *
 * Every piece asks `sessionOf`, which reads the session and applies `underRule`.
 *
 * `gate` runs on every request before routing and body parsing: any /api/admin call that `authorise`
 * refuses is answered 401/403 there, so a controller that forgot its guard still cannot leak, and an
 * unauthenticated upload is never read. It remembers the session for the handlers.
 *
 * `requireAdmin` is what every admin controller `.use()`s: it hands handlers `admin` (id, username,
 * session) and refuses again if the gate was somehow bypassed.
 */
export function createAdminGuard(sessions: SessionStore, rule: { requireMfa: boolean }) {
  const seen = new WeakMap<Request, Session | null>();

  const sessionOf = async (request: Request): Promise<Session | null> => {
    if (seen.has(request)) return seen.get(request) ?? null;
    const stored = await sessions.fromCookie(request.headers.get("cookie"));
    const session = stored && underRule(stored, rule.requireMfa);
    if (stored && !session) sessions.revoke(stored.idHash);
    seen.set(request, session);
    return session;
  };

  const gate = new Elysia({ name: "admin-gate" }).onRequest(async ({ request, set }) => {
    const { pathname } = new URL(request.url);
    if (!isAdminApi(pathname)) return;
    set.headers["cache-control"] = "no-store";
    const session = await sessionOf(request);
    // A cookie that no longer opens a session (tampered, expired, revoked) is removed.
    if (!session && sessions.hasCookie(request.headers.get("cookie")))
      set.headers["set-cookie"] = sessions.clearCookie();
    const denial = authorise(session, request.method, pathname);
    // Answered here, before routing: this hook runs ahead of the app's error mapper, so it sends the
    // refusal's own status and body itself.
    if (denial) {
      const { status, body } = answerOf(denial);
      return Response.json(body, { status, headers: { "cache-control": "no-store" } });
    }
  });

  const requireAdmin = new Elysia({ name: "require-admin" }).resolve(
    { as: "scoped" },
    async ({ request, status }) => {
      const session = await sessionOf(request);
      // A route open to everyone (PUBLIC_API) that takes this guard still needs a session to hand its handler.
      const denial =
        authorise(session, request.method, new URL(request.url).pathname) ??
        (session ? null : new UnauthorizedError(MESSAGES.unauthenticated));
      // Answered here as the app's error handler answers it, so a controller mounted without that handler
      // refuses the same way: a domain error carries no status of its own for Elysia to find.
      if (denial || !session) {
        const { status: code, body } = answerOf(denial ?? new UnauthorizedError(MESSAGES.unauthenticated));
        return status(code, body);
      }
      return {
        admin: {
          id: session.userId,
          username: session.username,
          role: session.role,
          session,
        } satisfies AdminIdentity,
      };
    },
  );

  /**
   * Admin screens: a signed-out visitor never receives one. Runs before the page renderer and its cache.
   * Returns a redirect, or undefined to let the page render.
   */
  const pageGuard = async (request: Request): Promise<Response | undefined> => {
    const { pathname } = new URL(request.url);
    if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return undefined;
    const session = await sessionOf(request);
    const to = (path: string) =>
      redirectTo(path, 303, {
        "cache-control": "no-store",
        ...(session || !sessions.hasCookie(request.headers.get("cookie"))
          ? {}
          : { "set-cookie": sessions.clearCookie() }),
      });
    // The invitation link's screen: whoever holds the link, signed in or not.
    if (pathname === PATHS.adminJoin) return undefined;
    if (pathname === PATHS.adminLogin) {
      if (session?.stage === "active") return to(PATHS.adminDashboard);
      if (session?.stage === "enrol") return to(PATHS.adminAccount);
      return undefined;
    }
    if (!session || session.stage === "mfa") return to(PATHS.adminLogin);
    if (session.stage === "enrol" && pathname !== PATHS.adminAccount) return to(PATHS.adminAccount);
    if (pathname === "/admin") return to(PATHS.adminDashboard);
    return undefined;
  };

  return { gate, requireAdmin, pageGuard, sessionOf };
}
