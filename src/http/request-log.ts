import type { Logger } from "../log";

type RequestInfo = { id: string; start: number };
/** Answers given before Elysia routes the request: no route template names them. */
export type EarlyAnswer = "asset" | "cachedPage" | "badHost";
export type Handler = (request: Request) => Response | Promise<Response>;
/** An answer given before the app is asked: a cached page or a hashed asset (see createPageFastPath). */
export type FastPath = (request: Request, path: string, requestId: string) => Response | undefined;

/** The path as sent, before `new URL` parses it: undefined when the URL has none we can read. */
export type RawPath = (url: string) => string | undefined;

/**
 * Every request starts here: it gets its id, and one log line whoever answered it: a route, the error
 * handler, one of the guards that answer from onRequest (cross-site, signed out, body limits), which
 * Elysia's afterResponse hooks never see, or the fast paths for cached pages and hashed assets, which
 * answer before all of them.
 */
export function requestLog(deps: {
  logger: Logger;
  rawPath: RawPath;
  fastAsset: FastPath;
  fastPage: FastPath;
  /** The answer to a request whose Host header leaves a URL that does not parse. */
  badHost: (requestId: string) => Response;
  /** Told of every answer, for the metrics: `early` names one given before the router (an asset, say). */
  observe?: (request: Request, status: number, ms: number, early?: EarlyAnswer) => void;
  /** The client's address for the line, as the rate limits see it (TRUST_PROXY); none under app.handle's tests. */
  addressOf?: (request: Request) => string;
}) {
  const { logger, rawPath, fastAsset, fastPage, badHost, observe, addressOf } = deps;
  const requests = new WeakMap<Request, RequestInfo>();
  /**
   * Requests that may write (any method but GET and HEAD) being answered now. While one is, its commit (an
   * fsync on this one thread) may hold every timer, so reads' lines are written at once rather than batched
   * (ADR 094).
   */
  let changesInFlight = 0;
  const logAnswer = (
    id: string,
    start: number,
    request: Request,
    path: string,
    response: Response,
    early?: EarlyAnswer,
  ) => {
    const ms = performance.now() - start;
    logger.request(
      {
        id,
        method: request.method,
        path,
        status: response.status,
        ms: Math.round(ms * 10) / 10,
        client: addressOf?.(request),
      },
      changesInFlight > 0,
    );
    observe?.(request, response.status, ms, early);
    return response;
  };

  const serve = (handle: Handler, request: Request) => {
    const start = performance.now();
    const id = crypto.randomUUID();
    // Bun builds request.url from the Host header; one it cannot use (empty, a space, a port past 65535, none
    // on HTTP/1.0) leaves a URL that does not parse, which every `new URL(request.url)` after this would throw.
    if (!URL.canParse(request.url)) {
      return logAnswer(id, start, request, rawPath(request.url) ?? "", badHost(id), "badHost");
    }
    const path = rawPath(request.url);
    const fast =
      path === undefined
        ? undefined
        : path.startsWith("/assets/")
          ? fastAsset(request, path, id)
          : fastPage(request, path, id);
    if (fast)
      return logAnswer(
        id,
        start,
        request,
        path ?? "",
        fast,
        path?.startsWith("/assets/") ? "asset" : "cachedPage",
      );
    requests.set(request, { id, start });
    const changes = request.method !== "GET" && request.method !== "HEAD";
    if (changes) {
      changesInFlight++;
      logger.flush();
    }
    const settled = () => {
      if (changes) changesInFlight--;
    };
    const done = (response: Response) => {
      settled();
      return logAnswer(id, start, request, new URL(request.url).pathname, response);
    };
    let response: ReturnType<Handler>;
    try {
      response = handle(request);
    } catch (error) {
      settled();
      throw error;
    }
    return response instanceof Promise
      ? response.then(done, (error) => {
          settled();
          throw error;
        })
      : done(response);
  };

  return {
    serve,
    /** The id serve gave this request (undefined for one it did not see). */
    idOf: (request: Request) => requests.get(request)?.id,
  };
}
