import { Elysia } from "elysia";
import type { Config } from "../../config";
import { PATHS } from "../../contracts/paths";
import { PORTAL_MESSAGES, type PortalProblem } from "../../contracts/portal";
import { type Outcome, send } from "../../http/admin-http";
import { clientAddress, type PeerAddressSource } from "../../http/client-address";
import { redirectTo } from "../../http/redirect";
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

/** A plain form from the page with JavaScript off: form-encoded and asking for a page (as /contact does). */
const isPageForm = (request: Request) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(
    request.headers.get("content-type") ?? "",
  ) && (request.headers.get("accept") ?? "").includes("text/html");

/** The problem word a refused form comes back with, from the answer the JSON caller would have had. */
function problemOf(outcome: Outcome, form: "consent" | "sign"): PortalProblem {
  const error = (outcome.body as { error?: string } | undefined)?.error;
  if (outcome.status === 401) return "signed-out";
  if (error === PORTAL_MESSAGES.consentFirst) return "consent-first";
  if (error === PORTAL_MESSAGES.alreadySigned) return "already-signed";
  return form;
}

/**
 * The answer to a consent or a signature: JSON for the page's script; for a plain form, a redirect back to
 * /portal (through the one redirect helper), with the problem's word when it was refused.
 */
function answer(
  request: Request,
  set: Parameters<typeof send>[0],
  outcome: Outcome,
  form: "consent" | "sign",
) {
  if (!isPageForm(request)) return send(set, outcome);
  const ok = outcome.status >= 200 && outcome.status < 300;
  return redirectTo(ok ? PATHS.portal : `${PATHS.portal}?problem=${problemOf(outcome, form)}`, 303);
}

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
      if (!isPageForm(request)) return send(set, outcome);
      // The link pasted into the form shown without JavaScript: in, or back with the way to a fresh link.
      if (!outcome.setCookie) return redirectTo(`${PATHS.portal}?problem=link`, 303);
      return redirectTo(PATHS.portal, 303, { "set-cookie": outcome.setCookie });
    })
    .post("/link", ({ body, request, server, set }) => {
      const outcome = service.portal.requestLink(body, visitor(request, server));
      return isPageForm(request) ? redirectTo(`${PATHS.portal}?notice=link-sent`, 303) : send(set, outcome);
    })
    .get("/", ({ request, set }) =>
      send(
        set,
        withSession(request, (id) => service.portal.view(id)),
      ),
    )
    .post("/consent", ({ body, request, server, set }) =>
      answer(
        request,
        set,
        withSession(request, (id) => service.portal.consent(id, body ?? {}, visitor(request, server))),
        "consent",
      ),
    )
    .get("/letter.pdf", async ({ request, server, set }) => {
      const id = sessionOf(request);
      if (id === null) return send(set, signedOut);
      const letter = await service.portal.letter(id, visitor(request, server));
      return letter instanceof Uint8Array ? pdf(letter, "engagement-letter.pdf") : send(set, letter);
    })
    .post("/sign", async ({ body, request, server, set }) => {
      const id = sessionOf(request);
      if (id === null) return answer(request, set, signedOut, "sign");
      return answer(
        request,
        set,
        await service.portal.sign(id, body ?? {}, visitor(request, server)),
        "sign",
      );
    })
    .post("/sign-out", ({ set }) => {
      set.headers["set-cookie"] = cookie("", 0);
      return { status: "signed out" };
    });
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { engagementRecord } from "./engagements.repo";
