/**
 * What a service throws when a request cannot be done as asked: a row that is gone, a state that changed under
 * it (another admin was quicker), input it refuses, an action not allowed. Services stay free of HTTP; the
 * app's one error handler (src/app.ts) answers each with its status and the body clients already read:
 * `{ error }` with a message, or `{ errors: { field: [message] } }` for fields. Anything else thrown is a
 * defect: a logged 500 that hides its details.
 */
export abstract class HttpError extends Error {
  abstract readonly status: 403 | 404 | 409 | 422;
  abstract body(): unknown;
}

export type FieldMessages = Record<string, string[]>;

export class NotFoundError extends HttpError {
  override readonly name = "NotFoundError";
  readonly status = 404;
  body() {
    return { error: this.message };
  }
}

export class ForbiddenError extends HttpError {
  override readonly name = "ForbiddenError";
  readonly status = 403;
  body() {
    return { error: this.message };
  }
}

/** The state changed or does not allow it. With `field`, the form shows the message at that field too. */
export class ConflictError extends HttpError {
  override readonly name = "ConflictError";
  readonly status = 409;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  body() {
    return this.field
      ? { error: this.message, errors: { [this.field]: [this.message] } }
      : { error: this.message };
  }
}

/** Input that fails a rule only the service can check: one or more messages per field. */
export class InvalidError extends HttpError {
  override readonly name = "InvalidError";
  readonly status = 422;
  constructor(readonly errors: FieldMessages) {
    super(Object.values(errors).flat().join(" ") || "The request did not pass validation.");
  }
  body() {
    return { errors: this.errors };
  }
}
