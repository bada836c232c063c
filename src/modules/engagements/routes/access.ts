import { Elysia } from "elysia";
import * as v from "valibot";
import type { Config } from "../../../config";
import { PORTAL_MESSAGES } from "../../../contracts/portal";
import { ClientPasskeyAddSchema, ClientPasskeySignInSchema } from "../../../contracts/portal-access";
import { parseId } from "../../../http/admin-http";
import { UnauthorizedError } from "../../../http/errors";
import { PASSKEY_CHALLENGE_MS } from "../../auth";
import { PORTAL_MAX_MS } from "../repo/sessions";
import type { PortalService } from "../service";
import { DEVICE_COOKIE_S, PORTAL_API, portalCookies } from "./client";

const IdParams = v.object({ id: v.string() });

/**
 * The client's ways back into the portal (ADR 299): keeping this browser signed in, coming back on it, and
 * passkeys (added in a session, used instead of a link). Each opening answers the engagement as /session does.
 */
export function portalAccessRoutes(deps: { config: Config; service: PortalService }) {
  const { service } = deps;
  const { access, portal } = service;
  const { cookie, deviceCookie, passkeyCookie, cookieOf, deviceOf, passkeyOf, visitor } = portalCookies(
    deps.config,
  );
  const sessionOf = (request: Request) => {
    const value = cookieOf(request);
    return value ? portal.sessionOf(value) : null;
  };
  /** A live session, asked before a body is read: without one the answer is 401, whatever was sent. */
  const requireFound = ({ request }: { request: Request }) => {
    const found = sessionOf(request);
    if (!found || found.ended) throw new UnauthorizedError(PORTAL_MESSAGES.signedIn);
  };
  const opened = (session: string, engagementId: number, set: { headers: Record<string, unknown> }) => {
    set.headers["set-cookie"] = cookie(session, PORTAL_MAX_MS / 1000);
    return { engagement: portal.view(engagementId) };
  };

  return new Elysia({ name: "portal-access", prefix: PORTAL_API })
    .get("/access", ({ request }) => access.view(sessionOf(request), deviceOf(request)))
    .post("/device", ({ request, server, set }) => {
      const kept = access.keepDevice(sessionOf(request), visitor(request, server), deviceOf(request));
      if (kept) set.headers["set-cookie"] = deviceCookie(kept.token, DEVICE_COOKIE_S);
      return { device: kept ? { expiresAt: kept.expiresAt } : null };
    })
    .delete("/device", ({ request, set }) => {
      access.forgetDevice(deviceOf(request));
      set.headers["set-cookie"] = deviceCookie("", 0);
      return { device: null };
    })
    .post("/device/session", ({ request, server, set }) => {
      try {
        const { session, engagementId } = access.openWithDevice(deviceOf(request), visitor(request, server));
        return opened(session, engagementId, set);
      } catch (error) {
        // A device that opens nothing is forgotten by this browser too.
        set.headers["set-cookie"] = deviceCookie("", 0);
        throw error;
      }
    })
    .post("/passkeys/options", ({ request }) => access.registrationOptions(sessionOf(request)))
    .post(
      "/passkeys",
      ({ request, server, body }) => access.addPasskey(sessionOf(request), body, visitor(request, server)),
      { body: ClientPasskeyAddSchema, transform: requireFound },
    )
    .delete(
      "/passkeys/:id",
      ({ request, server, params }) =>
        access.removeOwnPasskey(sessionOf(request), parseId(params.id), visitor(request, server)),
      { params: IdParams },
    )
    .post("/passkey/options", async ({ set }) => {
      const { options, id } = await access.signInOptions();
      set.headers["set-cookie"] = passkeyCookie(id, PASSKEY_CHALLENGE_MS / 1000);
      return options;
    })
    .post(
      "/passkey",
      async ({ request, server, body, set }) => {
        const { session, engagementId } = await access.signInWithPasskey(
          body,
          passkeyOf(request),
          visitor(request, server),
        );
        return opened(session, engagementId, set);
      },
      { body: ClientPasskeySignInSchema },
    );
}
