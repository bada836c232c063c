import { type Context, Elysia } from "elysia";
import type { Config } from "../../../config";
import type { IntakeFormState, ThanksState } from "../../../contracts/intake";
import { PATHS } from "../../../contracts/paths";
import { clientAddress, type PeerAddressSource } from "../../../http/client-address";
import { answerOf, DomainError, InvalidError, TooManyRequestsError } from "../../../http/errors";
import { redirectTo } from "../../../http/redirect";
import type { Logger } from "../../../log";
import type { BusinessClock, ContactSubmissions } from "../../desk";
import type { MailOutbox } from "../../mail";
import type { IntakeOutcome } from "../../metrics";
import type { IntakeAccepted } from "../model";
import { type IntakeLimits, rateLimitMessage } from "../service/limits";
import { makeReceipt, receiptCookie, receiptFromCookie } from "../service/receipt";
import { type IntakeResult, submitIntake } from "../service/submit";
import { readIntakeBody } from "./read-body";

export type IntakeDeps = {
  config: Config;
  submissions: ContactSubmissions;
  outbox: MailOutbox;
  /** The desk's business clock: the receipt's due time is the one the desk works to. */
  clock: BusinessClock;
  limits: IntakeLimits;
  logger: Logger;
  now: () => Date;
  /** Renders /contact with the form's state (JavaScript off: messages and values kept). */
  renderContactPage: (
    state: IntakeFormState,
    status: number,
    headers?: Record<string, string>,
  ) => Promise<Response>;
  /** Renders /thanks for one visitor: their receipt, if their browser holds one, never cached. */
  renderThanksPage: (thanks: ThanksState, headers: Record<string, string>) => Promise<Response>;
  /** Told of each submission's outcome, for the metrics. */
  count?: (outcome: IntakeOutcome) => void;
};

/** A browser posting the form itself (JavaScript off) wants a page back, not JSON. */
const wantsPage = (request: Request, formEncoded: boolean) =>
  formEncoded && (request.headers.get("accept") ?? "").includes("text/html");

/** A body the intake refuses to read (its type, size or syntax) is no body at all; anything else is a defect. */
const unreadable = (error: unknown) => {
  if (error instanceof DomainError) return null;
  throw error;
};

/**
 * POST /api/contact (JSON or form) and POST /contact (the same form with JavaScript off, answered with a
 * page). Guard, parse, act: attempt limit (the global same-origin guard ran before), then the body, then the intake.
 * GET /thanks is answered here too: it shows the receipt the answer left in its cookie.
 */
export const intakeModule = (deps: IntakeDeps) => {
  const { config, logger } = deps;
  const count = deps.count ?? (() => {});
  const bots = { honeypot: 0, "too-fast": 0 };
  // A visitor who came from one of our own pages was not referred by another site.
  const ownHost = new URL(config.publicUrl).hostname;

  const handle = async (request: Request, server: PeerAddressSource): Promise<Response> => {
    const now = deps.now();
    const clientKey = deps.limits.keyOf(clientAddress(request, server, config.trustProxy));
    const attemptWait = deps.limits.attempt(clientKey, now.getTime());

    if (attemptWait) {
      // The body is read all the same: a form posted without JavaScript gets its page back with what was typed.
      const body = await readIntakeBody(request).catch(unreadable);
      logger.warn("intake_rate_limited", { limit: "attempts", retryAfter: attemptWait });
      count({ outcome: "refused", reason: "rate_limit" });
      return limited(
        new TooManyRequestsError(rateLimitMessage(config.brand.phone, attemptWait), attemptWait),
        body !== null && wantsPage(request, body.formEncoded),
        body ? formValues(body.payload) : {},
      );
    }
    const body = await readIntakeBody(request).catch((error) => {
      if (error instanceof DomainError) count({ outcome: "refused", reason: "unreadable" });
      throw error;
    });
    const page = wantsPage(request, body.formEncoded);
    const values = formValues(body.payload);

    let outcome: IntakeResult;
    try {
      outcome = submitIntake(
        {
          submissions: deps.submissions,
          limits: deps.limits,
          mailError: deps.outbox.initialError,
          phone: config.brand.phone,
          dueAt: (arrival) => deps.clock.dueAt(arrival),
        },
        { payload: body.payload, clientKey, now, ownHosts: [ownHost, hostOf(request)] },
      );
    } catch (error) {
      if (error instanceof InvalidError) {
        logger.info("intake_invalid", { fields: Object.keys(error.errors) });
        count({ outcome: "refused", reason: "invalid" });
        if (page) return deps.renderContactPage({ values, errors: error.errors }, 422);
      } else if (error instanceof TooManyRequestsError) {
        logger.warn("intake_rate_limited", { limit: "accepted", retryAfter: error.retryAfterSeconds });
        count({ outcome: "refused", reason: "rate_limit" });
        return limited(error, page, values);
      }
      throw error;
    }
    switch (outcome.kind) {
      case "bot": {
        bots[outcome.reason]++;
        count({ outcome: "refused", reason: outcome.reason === "honeypot" ? "honeypot" : "too_fast" });
        logger.info("intake_bot_discarded", {
          reason: outcome.reason,
          honeypot: bots.honeypot,
          tooFast: bots["too-fast"],
        });
        return accepted(outcome.reference, now, page);
      }
      case "accepted":
        logger.info("intake_accepted", { id: outcome.id, reference: outcome.reference });
        count({ outcome: "accepted" });
        deps.outbox.wake();
        return accepted(outcome.reference, now, page);
    }
  };

  /** Where the confirmation e-mail is: it cannot leave a server without SMTP_URL, and waits. */
  const confirmation = () => (deps.outbox.configured ? "queued" : "delayed");

  // A bot gets the receipt a person would; only the cookie brings it to /thanks, never the URL.
  const accepted = (reference: string, now: Date, page: boolean) => {
    const receipt = makeReceipt(deps.clock, { reference, arrival: now, confirmation: confirmation() });
    const headers = { "set-cookie": receiptCookie(receipt, config.secure) };
    return page
      ? redirectTo(PATHS.thanks, 303, headers)
      : Response.json({ ok: true, ...receipt } satisfies IntakeAccepted, { status: 201, headers });
  };

  const thanks = ({ request }: Pick<Context, "request">) => {
    const now = deps.now();
    const receipt = receiptFromCookie(request.headers.get("cookie"), deps.clock, now);
    // Rendered for this one visitor: no shared cache, proxy or back-forward cache may keep it.
    return deps.renderThanksPage(
      { receipt, confirmation: confirmation() },
      { "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow" },
    );
  };

  /** Over a limit: a form posted without JavaScript gets the page saying so; anything else the 429 itself. */
  const limited = (refusal: TooManyRequestsError, page: boolean, values: IntakeFormState["values"]) => {
    if (!page) throw refusal;
    return deps.renderContactPage(
      { values, errors: {}, formError: refusal.message },
      429,
      answerOf(refusal).headers,
    );
  };

  // The status is copied to `set` so the request log shows what was answered.
  const route = async ({ request, server, set }: Pick<Context, "request" | "server" | "set">) => {
    const response = await handle(request, server);
    set.status = response.status;
    return response;
  };

  return new Elysia({ name: "intake" })
    .post("/api/contact", route, { parse: "none" })
    .post(PATHS.contact, route, { parse: "none" })
    .get(PATHS.thanks, thanks);
};

/** The host name the request was sent to (the Host header), for telling our own site from a referrer. */
function hostOf(request: Request): string {
  return new URL(request.url).hostname;
}

/** What the visitor typed, to put back in the form; the trap field is never echoed. */
function formValues(payload: Record<string, unknown>): IntakeFormState["values"] {
  const values: IntakeFormState["values"] = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === "website") continue;
    if (typeof value === "string" || typeof value === "boolean") values[key] = value;
    else if (typeof value === "number") values[key] = String(value);
  }
  return values;
}
