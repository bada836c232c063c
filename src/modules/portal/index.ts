import { Elysia } from "elysia";
import type { Config } from "../../config";
import { PORTAL_MESSAGES } from "../../contracts/portal";
import { type Outcome, send } from "../../http/admin-http";
import { clientAddress, type PeerAddressSource } from "../../http/client-address";
import type { PortalService } from "./service";
import { PORTAL_MAX_MS } from "./sessions.repo";

export const PORTAL_API = "/api/portal";

/** The portal's own cookie, never the admin's: __Host- and Secure on https, HttpOnly, SameSite=Strict. */
export const portalCookieName = (config: Config) => (config.secure ? "__Host-tw_portal" : "tw_portal");

const pdf = (bytes: Uint8Array, filename: string) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });

/**
 * The engagement a request's portal session is bound to, or null (no cookie, or the session ended). Other
 * features serving the portal (its documents) find the engagement only this way.
 */
export function portalSessionOf(config: Config, service: Pick<PortalService, "portal">) {
  const name = portalCookieName(config);
  return (request: Request): number | null => {
    const raw = request.headers.get("cookie") ?? "";
    const value = raw
      .split(";")
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1);
    return value ? service.portal.engagementOf(value) : null;
  };
}

/**
 * The client's side of the portal. Guard, parse, act: every route but the two that open a session finds its
 * engagement from the session cookie only; no route takes an engagement or request id from the client.
 */
export function portalModule(deps: { config: Config; service: PortalService }) {
  const { config, service } = deps;
  const name = portalCookieName(config);
  const cookie = (value: string, maxAgeS: number) =>
    `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${config.secure ? "; Secure" : ""}`;
  const visitor = (request: Request, server: PeerAddressSource) => ({
    ip: clientAddress(request, server, config.trustProxy),
    userAgent: (request.headers.get("user-agent") ?? "unknown").slice(0, 400),
  });
  const sessionOf = portalSessionOf(config, service);
  const signedOut: Outcome = { status: 401, body: { error: PORTAL_MESSAGES.signedIn } };
  const withSession = (request: Request, act: (engagementId: number) => Outcome) => {
    const id = sessionOf(request);
    return id === null ? signedOut : act(id);
  };

  return new Elysia({ name: "portal", prefix: PORTAL_API })
    .post("/session", ({ body, request, server, set }) => {
      const outcome = service.portal.openSession(body, visitor(request, server));
      if (outcome.setCookie) outcome.setCookie = cookie(outcome.setCookie, PORTAL_MAX_MS / 1000);
      return send(set, outcome);
    })
    .post("/link", ({ body, request, server, set }) =>
      send(set, service.portal.requestLink(body, visitor(request, server))),
    )
    .get("/", ({ request, set }) =>
      send(
        set,
        withSession(request, (id) => service.portal.view(id)),
      ),
    )
    .post("/consent", ({ body, request, server, set }) =>
      send(
        set,
        withSession(request, (id) => service.portal.consent(id, body, visitor(request, server))),
      ),
    )
    .get("/letter.pdf", async ({ request, set }) => {
      const id = sessionOf(request);
      if (id === null) return send(set, signedOut);
      const letter = await service.portal.letter(id);
      return letter instanceof Uint8Array ? pdf(letter, "engagement-letter.pdf") : send(set, letter);
    })
    .post("/sign", async ({ body, request, server, set }) => {
      const id = sessionOf(request);
      if (id === null) return send(set, signedOut);
      return send(set, await service.portal.sign(id, body, visitor(request, server)));
    })
    .post("/sign-out", ({ set }) => {
      set.headers["set-cookie"] = cookie("", 0);
      return { status: "signed out" };
    });
}
