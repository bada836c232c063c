import { type DomainError, FieldConflictError, InvalidError, type RefusalKind } from "../contracts/errors";

/**
 * The one place a domain error (src/contracts/errors.ts) becomes an HTTP answer (ADR 291): its status by kind,
 * the body clients already read (`{ error }` with a message, `{ errors: { field: [message] } }` for fields, and
 * what else it carries) and its headers (Retry-After). The app's one error handler (error-mapper.ts) and the
 * routes that answer a refusal themselves (a form sent back with its message) read it here.
 */
export const STATUS_OF_KIND = {
  unreadable: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  precondition: 412,
  "too-large": 413,
  "unsupported-type": 415,
  invalid: 422,
  "too-many": 429,
  // Stored data that fails its check: a fault of the server's, said as such and never cached.
  integrity: 500,
  unavailable: 503,
} as const satisfies Record<RefusalKind, number>;

export type RefusalStatus = (typeof STATUS_OF_KIND)[RefusalKind];

/** What a route's protocol adds to a refusal it passes on (tus's headers, a bodiless 404), kept beside the error. */
const protocolParts = new WeakMap<DomainError, { headers: Record<string, string>; bodiless: boolean }>();
const partsOf = (error: DomainError) => {
  const parts = protocolParts.get(error) ?? { headers: {}, bodiless: false };
  protocolParts.set(error, parts);
  return parts;
};

/**
 * Adds headers a route's protocol requires on a refusal (tus's Tus-Resumable, the Upload-Offset it holds): the
 * service throws the error, the route that speaks the protocol adds them. Answers the error, to throw again.
 */
export function withHeaders<E extends DomainError>(error: E, headers: Record<string, string>): E {
  Object.assign(partsOf(error).headers, headers);
  return error;
}

/** Answered with its status and headers only, where a protocol answers so (tus: an upload it does not know). */
export function withoutBody<E extends DomainError>(error: E): E {
  partsOf(error).bodiless = true;
  return error;
}

export type RefusalAnswer = {
  status: RefusalStatus;
  headers: Record<string, string>;
  /** Undefined where the route's protocol answers without a body. */
  body: unknown;
};

/** The status, headers and body a domain error is answered with. */
export function answerOf(error: DomainError): RefusalAnswer {
  const status = STATUS_OF_KIND[error.kind];
  const { field, extra, retryAfterSeconds } = error.parts;
  const added = protocolParts.get(error);
  const headers: Record<string, string> = {
    ...(retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) }),
    ...added?.headers,
    ...(error.kind === "integrity" ? { "cache-control": "no-store" } : {}),
  };
  if (added?.bodiless) return { status, headers, body: undefined };
  if (error instanceof InvalidError) return { status, headers, body: { errors: error.errors } };
  if (error instanceof FieldConflictError)
    return { status, headers, body: { errors: { [error.field]: [error.message] } } };
  return {
    status,
    headers,
    body: { error: error.message, ...(field ? { errors: { [field]: [error.message] } } : {}), ...extra },
  };
}

// The routes' vocabulary is the services': what a route throws is a domain error like any other.
export {
  BadRequestError,
  ConflictError,
  DomainError,
  FieldConflictError,
  type FieldMessages,
  ForbiddenError,
  GoneError,
  IntegrityError,
  InvalidError,
  invalidInput,
  NotFoundError,
  PreconditionFailedError,
  TooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  UnavailableError,
  UnsupportedTypeError,
} from "../contracts/errors";
