import { Elysia } from "elysia";
import type { Config } from "../../../config";
import { spanOfDays } from "../../../contracts/firm-calendar";
import { ENDED_OPENINGS, type LifecycleAction } from "../../../contracts/lifecycle";
import { PATHS } from "../../../contracts/paths";
import {
  ACCESS_CODE_MESSAGES,
  PORTAL_MESSAGES,
  type PortalProblem,
  SIGN_AS_ADDRESSED,
} from "../../../contracts/portal";
import { PORTAL_DEVICE_DAYS } from "../../../contracts/portal-access";
import { clientAddress, type PeerAddressSource } from "../../../http/client-address";
import {
  ConflictError,
  DomainError,
  InvalidError,
  invalidInput,
  UnauthorizedError,
} from "../../../http/errors";
import { redirectTo } from "../../../http/redirect";
import { ConsentBody, DeclineBody, LinkRequestBody, SessionOpeningBody, SignBody } from "../model";
import { PORTAL_MAX_MS } from "../repo/sessions";
import type { PortalService } from "../service";
import { letterDownload } from "./letter-download";

export const PORTAL_API = "/api/portal";

/** The portal's own cookie, never the admin's: __Host- and Secure on https, HttpOnly, SameSite=Strict. */
export const portalCookieName = (config: Config) => (config.secure ? "__Host-tw_portal" : "tw_portal");
/** The cookie of a device kept signed in (ADR 299), beside the session's and made the same way. */
export const deviceCookieName = (config: Config) =>
  config.secure ? "__Host-tw_portal_device" : "tw_portal_device";
/** A device's cookie lasts as long as the device does. */
export const DEVICE_COOKIE_S = spanOfDays(PORTAL_DEVICE_DAYS) / 1000;

/** A plain form from the page with JavaScript off: form-encoded and asking for a page (as /contact does). */
const isPageForm = (request: Request) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(
    request.headers.get("content-type") ?? "",
  ) && (request.headers.get("accept") ?? "").includes("text/html");

/** The word of a refusal because staff closed or declined the request (the lifecycle's, ADR 278), or null. */
function endedProblem(error: DomainError): PortalProblem | null {
  if (error.message.startsWith(ENDED_OPENINGS.closed)) return "closed";
  if (error.message.startsWith(ENDED_OPENINGS.declined)) return "declined";
  return null;
}

/** The problem word a refused form comes back with, from what the JSON caller would have been answered. */
function problemOf(error: DomainError, form: "consent" | "sign"): PortalProblem {
  if (error instanceof UnauthorizedError) return "signed-out";
  const ended = endedProblem(error);
  if (ended) return ended;
  if (error.message === PORTAL_MESSAGES.consentFirst) return "consent-first";
  if (error.message === PORTAL_MESSAGES.alreadySigned) return "already-signed";
  if (error.message === PORTAL_MESSAGES.letterChanged) return "letter-changed";
  // A signature refused for its fields says which: the name, the box, or both.
  if (form === "sign" && error instanceof InvalidError) {
    const name = Boolean(error.errors.fullName?.length);
    const agree = Boolean(error.errors.agree?.length);
    if (error.errors.fullName?.[0]?.startsWith(SIGN_AS_ADDRESSED)) return "sign-as-addressed";
    if (name !== agree) return name ? "sign-name" : "sign-agree";
  }
  return form;
}

/**
 * The answer to a consent or a signature: JSON for the page's script (a refusal goes to the app's one error
 * handler); for a plain form, a redirect back to /portal (through the one redirect helper), with the
 * problem's word when it was refused.
 */
async function answer<T>(request: Request, form: "consent" | "sign", act: () => T | Promise<T>) {
  if (!isPageForm(request)) return act();
  try {
    await act();
  } catch (error) {
    if (error instanceof DomainError)
      return redirectTo(`${PATHS.portal}?problem=${problemOf(error, form)}`, 303);
    throw error;
  }
  return redirectTo(PATHS.portal, 303);
}

/** The portal cookie's value a request carries, or null (or another cookie's, by its name). */
export function portalCookieOf(config: Config, name = portalCookieName(config)) {
  return (request: Request): string | null =>
    (request.headers.get("cookie") ?? "")
      .split(";")
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1) || null;
}

/**
 * The engagement a request's portal session is bound to, or null (no cookie, or the session ended). Other
 * features serving the portal (its documents) find the engagement only this way.
 */
export function portalSessionOf(config: Config, service: Pick<PortalService, "portal">) {
  const cookieOf = portalCookieOf(config);
  return (request: Request): number | null => {
    const value = cookieOf(request);
    return value ? service.portal.engagementOf(value) : null;
  };
}

/** The engagement of a request's portal session, or the 401; with the action, the lifecycle's 409 first. */
export type RequirePortalSession = (request: Request, action?: LifecycleAction) => number;

/**
 * The engagement of the request's portal session; without one, a 401 that says which way in: a browser that
 * never had a session is told to open the engagement with the e-mailed link, one whose session ended is told so.
 * Given the action the route performs, the lifecycle table is asked first (ADR 278): a refusal is the 409 that
 * says why, also for a session its request's closing ended ("This request is closed, so its letter can no longer
 * be signed."), before anything sent with the action is read.
 */
export const requirePortalSession =
  (
    service: Pick<PortalService, "portal">,
    cookieOf: (request: Request) => string | null,
  ): RequirePortalSession =>
  (request, action) => {
    const cookie = cookieOf(request);
    const found = cookie ? service.portal.sessionOf(cookie) : null;
    // Asked for the session's own signer: their consent, their turn (ADR 297).
    const signer = found && cookie ? service.portal.signerOf(cookie) : null;
    const why = found && action ? service.portal.refusal(found.engagementId, action, signer) : null;
    if (why) throw new ConflictError(why);
    if (!found || found.ended)
      throw new UnauthorizedError(cookie ? PORTAL_MESSAGES.signedIn : PORTAL_MESSAGES.noSession);
    return found.engagementId;
  };

/**
 * The portal's cookies (the session's and a kept device's), read and written the same way, and who a request
 * came from: shared by the portal's routes and its ways back (routes/access.ts).
 */
export function portalCookies(config: Config) {
  const cookieNamed = (cookieName: string) => (value: string, maxAgeS: number) =>
    `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${config.secure ? "; Secure" : ""}`;
  return {
    cookie: cookieNamed(portalCookieName(config)),
    deviceCookie: cookieNamed(deviceCookieName(config)),
    /** A passkey sign-in's challenge waits on this browser by a random id in a cookie of its own. */
    passkeyCookie: cookieNamed(config.secure ? "__Host-tw_portal_passkey" : "tw_portal_passkey"),
    cookieOf: portalCookieOf(config),
    deviceOf: portalCookieOf(config, deviceCookieName(config)),
    passkeyOf: portalCookieOf(config, config.secure ? "__Host-tw_portal_passkey" : "tw_portal_passkey"),
    visitor: (request: Request, server: PeerAddressSource) => ({
      ip: clientAddress(request, server, config.trustProxy),
      userAgent: (request.headers.get("user-agent") ?? "unknown").slice(0, 400),
    }),
  };
}

/**
 * The client's side of the portal. Guard, parse, act: every route but the two that open a session finds its
 * engagement from the session cookie only; no route takes an engagement or request id from the client.
 */
export function portalModule(deps: {
  config: Config;
  service: PortalService;
  sessionOf: (request: Request) => number | null;
  requireSession: RequirePortalSession;
}) {
  const { config, service, sessionOf, requireSession } = deps;
  const { cookie, deviceCookie, cookieOf, deviceOf, visitor } = portalCookies(config);
  /** The signer the request's session acts for (ADR 297); null for a session opened before parties. */
  const signerOf = (request: Request) => {
    const value = cookieOf(request);
    return value ? service.portal.signerOf(value) : null;
  };

  return new Elysia({ name: "portal", prefix: PORTAL_API })
    .post(
      "/session",
      async ({ body, request, server, set }) => {
        /**
         * The session opened (its cookie; none when the browser's live session was shown again), and with "Keep
         * me signed in on this device" the device's cookie too (ADR 299).
         */
        const open = async () => {
          const seen = visitor(request, server);
          const opened = await service.portal.openSession(body, seen, sessionOf(request), signerOf(request));
          const cookies: string[] = [];
          if (opened.session !== null) cookies.push(cookie(opened.session, PORTAL_MAX_MS / 1000));
          const current = opened.session ?? cookieOf(request);
          if (body.remember && current) {
            const kept = service.access.keepDevice(
              service.portal.sessionOf(current),
              seen,
              deviceOf(request),
            );
            if (kept) cookies.push(deviceCookie(kept.token, DEVICE_COOKIE_S));
          }
          return { engagement: opened.engagement, cookies };
        };
        if (!isPageForm(request)) {
          const opened = await open();
          if (opened.cookies.length > 0) set.headers["set-cookie"] = opened.cookies as unknown as string;
          return { engagement: opened.engagement };
        }
        // The link pasted into the form shown without JavaScript: in, or back with the way to a fresh link.
        try {
          const { cookies } = await open();
          return redirectTo(
            PATHS.portal,
            303,
            cookies.map((c): [string, string] => ["set-cookie", c]),
          );
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const problem: PortalProblem =
            endedProblem(error) ??
            (error.message === PORTAL_MESSAGES.linkUsed
              ? "link-used"
              : error.message === ACCESS_CODE_MESSAGES.locked
                ? "link-locked"
                : error instanceof InvalidError && error.errors.accessCode
                  ? "access-code"
                  : "link");
          return redirectTo(`${PATHS.portal}?problem=${problem}`, 303);
        }
      },
      { body: SessionOpeningBody },
    )
    .post(
      "/link",
      ({ body, request, server, set }) => {
        service.portal.requestLink(body, visitor(request, server));
        if (isPageForm(request)) return redirectTo(`${PATHS.portal}?notice=link-sent`, 303);
        set.status = 202;
        return { message: PORTAL_MESSAGES.linkRequested };
      },
      { body: LinkRequestBody },
    )
    .get("/", ({ request }) => ({
      engagement: service.portal.view(requireSession(request), signerOf(request)),
    }))
    .post(
      "/consent",
      ({ body, request, server }) =>
        answer(request, "consent", () => {
          const id = requireSession(request, "consent");
          if (!body.ok) invalidInput(body.issues);
          return {
            engagement: service.portal.consent(id, body.value, visitor(request, server), signerOf(request)),
          };
        }),
      { body: ConsentBody },
    )
    .get("/letter.pdf", async ({ request, server }) =>
      letterDownload(
        await service.portal.letter(requireSession(request), visitor(request, server), signerOf(request)),
        "engagement-letter.pdf",
      ),
    )
    .post(
      "/sign",
      ({ body, request, server }) =>
        answer(request, "sign", () => {
          const id = requireSession(request, "sign");
          if (!body.ok) invalidInput(body.issues);
          return service.portal.sign(id, body.value, visitor(request, server), signerOf(request));
        }),
      { body: SignBody },
    )
    .post(
      "/decline",
      ({ body, request, server }) => {
        const act = () => {
          const id = requireSession(request, "decline");
          if (!body.ok) invalidInput(body.issues);
          const why = body.value.reason;
          return { engagement: service.portal.decline(id, why, visitor(request, server), signerOf(request)) };
        };
        if (!isPageForm(request)) return act();
        // The form without JavaScript: back to the portal, which shows the round declined (or why not).
        try {
          act();
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const problem: PortalProblem =
            error instanceof UnauthorizedError ? "signed-out" : (endedProblem(error) ?? "declined-letter");
          return redirectTo(`${PATHS.portal}?problem=${problem}`, 303);
        }
        return redirectTo(PATHS.portal, 303);
      },
      { body: DeclineBody },
    )
    .post("/sign-out", ({ request, set }) => {
      // The session is deleted on the server, not only forgotten by this browser: a copied cookie opens nothing.
      const session = cookieOf(request);
      if (session) service.portal.signOut(session);
      // Signing out on a device kept signed in ends the device too: the next visit asks for a link again.
      service.access.forgetDevice(deviceOf(request));
      const cleared = [cookie("", 0), deviceCookie("", 0)];
      if (isPageForm(request))
        return redirectTo(
          `${PATHS.portal}?notice=signed-out`,
          303,
          cleared.map((c): [string, string] => ["set-cookie", c]),
        );
      set.headers["set-cookie"] = cleared as unknown as string;
      return { status: "signed out" };
    });
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
