import type * as v from "valibot";
import { fieldErrors } from "./admin-auth";

/**
 * What a service, a repository or a feature's library throws when a request cannot be done as asked: a row that
 * is gone, a state that changed under it (another admin was quicker), input it refuses, an action not allowed.
 * Each says what went wrong in the words the person reads, and which kind of refusal it is; none knows HTTP. The
 * HTTP layer answers each kind with its status and body in one place (src/http/errors.ts, ADR 291). Anything
 * else thrown is a defect: a logged 500 that hides its details.
 */
export type RefusalKind =
  | "unreadable"
  | "unauthenticated"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "gone"
  | "precondition"
  | "too-large"
  | "unsupported-type"
  | "invalid"
  | "too-many"
  | "unavailable"
  | "integrity";

/** What a refusal carries besides its message. */
export type RefusalParts = {
  /** The form's field the message belongs to: the answer names it among the fields too. */
  field?: string;
  /** What the client needs next, or what names a failed item, carried beside the message. */
  extra?: Record<string, unknown>;
  /** When the client may try again, in seconds. */
  retryAfterSeconds?: number;
};

export type FieldMessages = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly kind: RefusalKind;
  constructor(
    message: string,
    readonly parts: RefusalParts = {},
  ) {
    super(message);
  }
}

/** What was sent cannot be read as sent: malformed, not an object, a missing part. */
export class BadRequestError extends DomainError {
  override readonly name = "BadRequestError";
  readonly kind = "unreadable";
}

/** No session, or one that does not allow this step. `extra` may carry what the client needs next. */
export class UnauthorizedError extends DomainError {
  override readonly name = "UnauthorizedError";
  readonly kind = "unauthenticated";
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, { extra });
  }
}

/** Known, but not allowed to do this. */
export class ForbiddenError extends DomainError {
  override readonly name = "ForbiddenError";
  readonly kind = "forbidden";
}

export class NotFoundError extends DomainError {
  override readonly name = "NotFoundError";
  readonly kind = "not-found";
}

/** The state changed or does not allow it. With `field`, the form shows the message at that field too. */
export class ConflictError extends DomainError {
  override readonly name = "ConflictError";
  readonly kind = "conflict";
  constructor(message: string, field?: string) {
    super(message, { field });
  }
}

/**
 * A conflict said at one field only, with no message of its own beside it (a date already closed, as the
 * closures form has always read it).
 */
export class FieldConflictError extends DomainError {
  override readonly name: string = "FieldConflictError";
  readonly kind = "conflict";
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { field });
  }
}

/** What was there is no longer usable and will not be again: a one-time link already used, withdrawn or expired. */
export class GoneError extends DomainError {
  override readonly name = "GoneError";
  readonly kind = "gone";
}

/** A condition the request sets does not hold: a protocol version not spoken here (tus). */
export class PreconditionFailedError extends DomainError {
  override readonly name = "PreconditionFailedError";
  readonly kind = "precondition";
}

/** More bytes than the step takes, refused before they are stored. With `field`, the form shows it there too. */
export class TooLargeError extends DomainError {
  override readonly name = "TooLargeError";
  readonly kind = "too-large";
  constructor(message: string, field?: string) {
    super(message, { field });
  }
}

/** A type of content the step does not take; the message names what it accepts. */
export class UnsupportedTypeError extends DomainError {
  override readonly name = "UnsupportedTypeError";
  readonly kind = "unsupported-type";
}

/** Input that fails a rule only the service can check: one or more messages per field. */
export class InvalidError extends DomainError {
  override readonly name = "InvalidError";
  readonly kind = "invalid";
  constructor(readonly errors: FieldMessages) {
    super(Object.values(errors).flat().join(" ") || "The request did not pass validation.");
  }
}

/** Too many attempts: the client may try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends DomainError {
  override readonly name = "TooManyRequestsError";
  readonly kind = "too-many";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retryAfterSeconds });
  }
}

/** Not possible yet (an index still building): the client may try again after `retryAfterSeconds`. */
export class UnavailableError extends DomainError {
  override readonly name = "UnavailableError";
  readonly kind = "unavailable";
  constructor(message: string, retryAfterSeconds: number) {
    super(message, { retryAfterSeconds });
  }
}

/**
 * Stored data that fails its integrity check (a document's file changed or gone), with what names the failed
 * item (`extra`). Expected, not a defect: the service that found it has logged and audited it, so it is answered
 * like any refusal and not logged again.
 */
export class IntegrityError extends DomainError {
  override readonly name = "IntegrityError";
  readonly kind = "integrity";
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, { extra });
  }
}

/** Throws the field messages of a failed valibot parse as one InvalidError ("form" for whole-body problems). */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): never {
  throw new InvalidError(fieldErrors(issues));
}
