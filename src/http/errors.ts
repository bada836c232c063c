import type * as v from "valibot";
import { fieldErrors } from "../contracts/admin-auth";

/**
 * What a service throws when a request cannot be done as asked: a row that is gone, a state that changed under
 * it (another admin was quicker), input it refuses, an action not allowed. Services stay free of HTTP; the
 * app's one error handler (src/app.ts) answers each with its status and the body clients already read:
 * `{ error }` with a message, or `{ errors: { field: [message] } }` for fields. Anything else thrown is a
 * defect: a logged 500 that hides its details.
 */
/** What an error's body and headers carry besides its message. */
type Parts = {
  /** The form's field the message belongs to: the body names it in `errors` too. */
  field?: string;
  /** Fields the body carries besides `error` (what the client needs next, what names a failed item). */
  extra?: Record<string, unknown>;
  /** When the client may try again: sent as Retry-After. */
  retryAfterSeconds?: number;
};

export abstract class HttpError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 500 | 503;
  #headers: Record<string, string> = {};
  #bodiless = false;
  constructor(
    message: string,
    readonly parts: Parts = {},
  ) {
    super(message);
  }
  /** `{ error }`, with `errors: { field: [error] }` when it names a field, and any extra fields. */
  body(): unknown {
    const { field, extra } = this.parts;
    return {
      error: this.message,
      ...(field ? { errors: { [field]: [this.message] } } : {}),
      ...extra,
    };
  }
  /** Headers the answer carries besides its body (Retry-After, or those a route's protocol adds). */
  headers(): Record<string, string> {
    const { retryAfterSeconds } = this.parts;
    return {
      ...(retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) }),
      ...this.#headers,
    };
  }
  /**
   * Adds headers a route's protocol requires on a refusal (tus's Tus-Resumable, the Upload-Offset it holds): the
   * service throws the error, the route that speaks the protocol adds them. Answers the error, to throw again.
   */
  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.#headers, headers);
    return this;
  }
  /** Answered with its status and headers only, where a protocol answers so (tus: an upload it does not know). */
  withoutBody(): this {
    this.#bodiless = true;
    return this;
  }
  get bodiless(): boolean {
    return this.#bodiless;
  }
}

export type FieldMessages = Record<string, string[]>;

/** A body the server cannot read as sent: malformed JSON, not an object, a missing part. */
export class BadRequestError extends HttpError {
  override readonly name = "BadRequestError";
  readonly status = 400;
}

/** No session, or one that does not allow this step. The body may carry what the client needs next. */
export class UnauthorizedError extends HttpError {
  override readonly name = "UnauthorizedError";
  readonly status = 401;
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, { extra });
  }
}

export class ForbiddenError extends HttpError {
  override readonly name = "ForbiddenError";
  readonly status = 403;
}

export class NotFoundError extends HttpError {
  override readonly name = "NotFoundError";
  readonly status = 404;
}

/** The state changed or does not allow it. With `field`, the form shows the message at that field too. */
export class ConflictError extends HttpError {
  override readonly name = "ConflictError";
  readonly status = 409;
  constructor(message: string, field?: string) {
    super(message, { field });
  }
}

/** What was there is no longer usable and will not be again: a one-time link already used, withdrawn or expired. */
export class GoneError extends HttpError {
  override readonly name = "GoneError";
  readonly status = 410;
}

/** A condition the request sets does not hold: a protocol version the server does not speak (tus's 412). */
export class PreconditionFailedError extends HttpError {
  override readonly name = "PreconditionFailedError";
  readonly status = 412;
}

/** More bytes than the route takes, refused before they are stored. With `field`, the form shows it there too. */
export class TooLargeError extends HttpError {
  override readonly name = "TooLargeError";
  readonly status = 413;
  constructor(message: string, field?: string) {
    super(message, { field });
  }
}

/** A content type the route does not take; the message names what it accepts. */
export class UnsupportedTypeError extends HttpError {
  override readonly name = "UnsupportedTypeError";
  readonly status = 415;
}

/** Input that fails a rule only the service can check: one or more messages per field, and no `error`. */
export class InvalidError extends HttpError {
  override readonly name = "InvalidError";
  readonly status = 422;
  constructor(readonly errors: FieldMessages) {
    super(Object.values(errors).flat().join(" ") || "The request did not pass validation.");
  }
  override body() {
    return { errors: this.errors };
  }
}

/** Too many attempts: the client may try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends HttpError {
  override readonly name = "TooManyRequestsError";
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retryAfterSeconds });
  }
}

/** Not possible yet (an index still building): the client may try again after `retryAfterSeconds`. */
export class UnavailableError extends HttpError {
  override readonly name = "UnavailableError";
  readonly status = 503;
  constructor(message: string, retryAfterSeconds: number) {
    super(message, { retryAfterSeconds });
  }
}

/**
 * Stored data that fails its integrity check (a document's file changed or gone): 500 with a message and what
 * names the failed item (`extra`), never cached. Expected, not a defect: the service that found it has logged and
 * audited it, so the one handler answers it like any refusal and does not log it again.
 */
export class IntegrityError extends HttpError {
  override readonly name = "IntegrityError";
  readonly status = 500;
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, { extra });
  }
  override headers() {
    return { ...super.headers(), "cache-control": "no-store" };
  }
}

/** Throws the field messages of a failed valibot parse as one InvalidError ("form" for whole-body problems). */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): never {
  throw new InvalidError(fieldErrors(issues));
}
