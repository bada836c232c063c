import { Elysia } from "elysia";
import type { Logger } from "../log";
import { BodyTooDeepError, isJsonContentType, jsonDepthScanner } from "./json-depth";

export const BODY_DEADLINE_MESSAGES = {
  timeout: "The request body did not arrive in time. Check your connection and send it again.",
  cutOff: "The request body was cut off before it was complete.",
  tooLarge: "The request body is too large.",
} as const;

/** The body was not complete within the deadline: answered 408, and the connection is closed. */
export class BodyTimeoutError extends Error {
  readonly status = 408;
  constructor() {
    super(BODY_DEADLINE_MESSAGES.timeout);
  }
}

/** The body passed the size allowed for its route: answered 413, and the connection is closed. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super(BODY_DEADLINE_MESSAGES.tooLarge);
  }
}

/** The connection ended in the middle of the body (the client went away, or the server's idle timer fired). */
export class BodyCutOffError extends Error {
  readonly status = 400;
  constructor() {
    super(BODY_DEADLINE_MESSAGES.cutOff);
  }
}

export type BodyError = BodyTimeoutError | BodyTooLargeError | BodyCutOffError | BodyTooDeepError;
export const isBodyError = (e: unknown): e is BodyError =>
  e instanceof BodyTimeoutError ||
  e instanceof BodyTooLargeError ||
  e instanceof BodyCutOffError ||
  e instanceof BodyTooDeepError;

/**
 * A body's chunks as they arrive, throwing BodyTimeoutError when it is not complete within `timeoutMs` (the
 * deadline covers the whole body, not the gaps between its chunks, so a client dribbling a byte at a time is cut
 * off too), BodyTooLargeError past `maxBytes` and BodyCutOffError when the connection ends first.
 */
export async function* readWithin(
  body: ReadableStream<Uint8Array>,
  timeoutMs: number,
  maxBytes = Number.POSITIVE_INFINITY,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const deadline = Date.now() + timeoutMs;
  let size = 0;
  let done = false;
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()));
      });
      const next = await Promise.race([reader.read(), late])
        .catch(() => "cut" as const)
        .finally(() => clearTimeout(timer));
      if (next === "late") throw new BodyTimeoutError();
      if (next === "cut") throw new BodyCutOffError();
      if (next.done) {
        done = true;
        return;
      }
      size += next.value.byteLength;
      if (size > maxBytes) throw new BodyTooLargeError();
      yield next.value;
    }
  } finally {
    // Not awaited: cancelling one branch of a cloned body never settles in Bun while the other branch is unread.
    if (!done) reader.cancel().catch(() => {});
  }
}

/**
 * Reads a body to its end within the deadline and the size (see readWithin), showing each chunk to `inspect`
 * (which may refuse the body by throwing); the bytes are discarded.
 */
export async function drainWithin(
  body: ReadableStream<Uint8Array>,
  timeoutMs: number,
  maxBytes = Number.POSITIVE_INFINITY,
  inspect?: (chunk: Uint8Array) => void,
): Promise<void> {
  for await (const chunk of readWithin(body, timeoutMs, maxBytes)) inspect?.(chunk);
}

/** The answer to a body refused by its deadline, size or depth: the rest is never read, so the connection closes. */
export const bodyRefusal = (error: BodyError) =>
  Response.json({ error: error.message }, { status: error.status, headers: { connection: "close" } });

/**
 * One deadline for every request body, before any route sees it. Bun's idle timer alone is no bound while a
 * body streams in: some chunks reset it and others do not (ADR 070), so a slow upload could hold a connection
 * for as long as the 21 MB limit lasts, and a stalled one ends in a silent close and a logged error.
 * Here a copy of the body is read to its end within the deadline; the request's own body then holds every
 * byte, and Elysia's parsers (or a route's own reader, such as the intake's) read it as before.
 * Since the body is held in memory until the route reads it, `maxBytes(path)` bounds it per route (Bun's own
 * limit, 21 MB, still applies to all).
 * A late body is answered 408, a body past its size 413, both with `Connection: close`; a body cut off by the
 * connection ending, 400. A JSON body is measured for depth as it is read (json-depth.ts): nested past the limit,
 * it is answered 400 and the rest is not read. Register it after the global guards, so a refused request
 * (cross-site, signed out) is not waited for.
 */
export const bodyDeadline = (opts: {
  timeoutMs: number;
  maxBytes: (pathname: string) => number;
  /**
   * Routes that stream their body to disk as it arrives (the uploads) and apply the deadline and the size as
   * they read it (readWithin): only a declared length is checked here. Reading a copy first would hold the
   * whole body in memory, and Bun can leave the original's stream locked once a small body has been teed.
   */
  readsItself?: (pathname: string) => boolean;
  logger: Logger;
}) =>
  new Elysia({ name: "body-deadline", seed: opts.timeoutMs }).onRequest(async ({ request }) => {
    // `request.body` is not read before the clone: in Bun, a body whose stream was taken before clone() while
    // the bytes were still arriving stays locked on the original, and the route then cannot read it.
    if (request.method === "GET" || request.method === "HEAD") return;
    const path = new URL(request.url).pathname;
    const limit = opts.maxBytes(path);
    try {
      if (Number(request.headers.get("content-length") ?? 0) > limit) throw new BodyTooLargeError();
      if (opts.readsItself?.(path)) return;
      const copy = request.clone().body;
      const depth = isJsonContentType(request.headers.get("content-type")) ? jsonDepthScanner() : undefined;
      if (copy) await drainWithin(copy, opts.timeoutMs, limit, depth);
    } catch (error) {
      if (!isBodyError(error)) throw error;
      opts.logger.warn("request_body_refused", { method: request.method, path, status: error.status });
      return bodyRefusal(error);
    }
  });
